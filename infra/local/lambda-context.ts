import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import {
  API_GATEWAY_TIMEOUT_MS,
  FUNCTION_LIMITS,
  FUNCTION_NAMES,
  type FunctionName,
  type FunctionTimeouts,
  functionTimeouts,
} from '../cdk/function-limits.ts';

/** Timeout of a function the CDK definition does not name (a test's own handler). */
export const LOCAL_TIMEOUT_MS = 60_000;

/** What the local stack enforces, as AWS would: each Lambda's timeout and API Gateway's integration timeout. */
export interface LocalLimits {
  readonly functions: FunctionTimeouts;
  /** The local gateway answers 504 after this long, as API Gateway does after 29 s. */
  readonly gatewayTimeoutMs: number;
}

/**
 * The limits of one local stack: the CDK definition (infra/cdk/function-limits.ts; a test may shorten a function
 * through `overrides`, checked by the same rules), so local behaviour matches AWS (issue 28).
 *
 * With the relay a person (or an assistant) answers each model call, and one planner turn or execution takes
 * several answers, each bounded by RELAY_ANSWER_TIMEOUT_MS: AWS's limits would fail the request while its answers
 * are still being written (issue 18's recordings), so the relay lifts them, for every function and the gateway.
 */
export function localLimits(
  config: { LLM_PROVIDER: string; RELAY_ANSWER_TIMEOUT_MS: number },
  overrides: Partial<Record<FunctionName, number>> = {},
): LocalLimits {
  if (config.LLM_PROVIDER !== 'relay') {
    return { functions: functionTimeouts(overrides), gatewayTimeoutMs: API_GATEWAY_TIMEOUT_MS };
  }
  const relayMs = Math.max(LOCAL_TIMEOUT_MS, RELAY_ANSWERS_PER_INVOCATION * config.RELAY_ANSWER_TIMEOUT_MS);
  const lifted = (name: FunctionName) => Math.max(FUNCTION_LIMITS[name].timeoutMs, relayMs);
  return {
    functions: {
      'handle-request': lifted('handle-request'),
      'confirm-plan': lifted('confirm-plan'),
      'get-plan': lifted('get-plan'),
      'answer-prompt': lifted('answer-prompt'),
      'execute-plan': lifted('execute-plan'),
      watchdog: lifted('watchdog'),
    },
    gatewayTimeoutMs: relayMs,
  };
}

/** Model calls one invocation may wait for: the planner's and the executor's loops stay well under it. */
const RELAY_ANSWERS_PER_INVOCATION = 12;

function isFunctionName(name: string): name is FunctionName {
  return (FUNCTION_NAMES as readonly string[]).includes(name);
}

/**
 * A Lambda context for one local invocation of `functionName`: its remaining time counts down from `timeoutMs`
 * (default the function's CDK timeout), which is what every booking API and model call is budgeted from.
 */
export function lambdaContext(functionName: string, timeoutMs?: number): Context {
  const limits = isFunctionName(functionName) ? FUNCTION_LIMITS[functionName] : undefined;
  const deadline = Date.now() + (timeoutMs ?? limits?.timeoutMs ?? LOCAL_TIMEOUT_MS);
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: String(limits?.memorySize ?? 512),
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
