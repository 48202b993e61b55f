import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

/** Local Lambda timeout: Middy reads getRemainingTimeInMillis for its early-timeout signal. */
const LOCAL_TIMEOUT_MS = 60_000;

/** A Lambda context for one local invocation of `functionName`. */
export function lambdaContext(functionName: string): Context {
  const deadline = Date.now() + LOCAL_TIMEOUT_MS;
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
