import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

/** Local Lambda timeout: Middy reads getRemainingTimeInMillis for its early-timeout signal. */
export const LOCAL_TIMEOUT_MS = 60_000;

/**
 * How long one local invocation may run. With the relay a person (or an assistant) answers each model call, and
 * one planner turn or execution takes several answers, each bounded by RELAY_ANSWER_TIMEOUT_MS: a 60 s Lambda
 * deadline would fail the request with a 500 while its answers are still being written (issue 18's recordings).
 */
export function localTimeoutMs(config: { LLM_PROVIDER: string; RELAY_ANSWER_TIMEOUT_MS: number }): number {
  return config.LLM_PROVIDER === 'relay'
    ? Math.max(LOCAL_TIMEOUT_MS, RELAY_ANSWERS_PER_INVOCATION * config.RELAY_ANSWER_TIMEOUT_MS)
    : LOCAL_TIMEOUT_MS;
}

/** Model calls one invocation may wait for: the planner's and the executor's loops stay well under it. */
const RELAY_ANSWERS_PER_INVOCATION = 12;

/** A Lambda context for one local invocation of `functionName`. */
export function lambdaContext(functionName: string, timeoutMs: number = LOCAL_TIMEOUT_MS): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
