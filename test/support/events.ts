import type { APIGatewayProxyEvent, Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { toApiGatewayEvent } from '../../infra/local/api-gateway-event.ts';
import type { PlanMessage } from '../../lib/ports/plan-queue.ts';

/** Inputs of an API Gateway REST (v1) proxy event. */
export interface HttpEventInput {
  method: 'GET' | 'POST';
  /** Resource template, e.g. /v1/plans/{plan_id}/confirm. */
  resource: string;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  /** An object is JSON-encoded; a string is sent as is (malformed bodies). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Default 'user-token-1'; null leaves the X-User-Token header out. */
  token?: string | null;
}

/** An APIGatewayProxyEvent as the RestApi would deliver it (same builder as the local gateway). */
export function anHttpEvent(input: HttpEventInput): APIGatewayProxyEvent {
  const path = input.resource.replace(/\{(\w+)\}/g, (_m, k: string) => input.pathParameters?.[k] ?? '');
  const headers: Record<string, string> = {
    ...(input.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    ...(input.token === null ? {} : { 'X-User-Token': input.token ?? 'user-token-1' }),
    ...input.headers,
  };
  return toApiGatewayEvent({
    method: input.method,
    resource: input.resource,
    path,
    pathParameters: input.pathParameters ?? null,
    query: new URLSearchParams(input.query ?? {}),
    headers,
    body:
      input.body === undefined
        ? null
        : typeof input.body === 'string'
          ? input.body
          : JSON.stringify(input.body),
    requestId: 'req-1',
    sourceIp: '127.0.0.1',
    requestTimeEpoch: 0,
  });
}

/** A Lambda context; Middy reads getRemainingTimeInMillis for its early-timeout signal. */
export function aLambdaContext(functionName = 'test-function'): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: 'aws-req-1',
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** One FIFO SQS record with the given body. */
export function anSqsRecord(body: unknown, messageId: string, groupId = 'group-1'): SQSRecord {
  return {
    messageId,
    receiptHandle: `rh-${messageId}`,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    attributes: {
      ApproximateReceiveCount: '1',
      SentTimestamp: '0',
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: '0',
      MessageGroupId: groupId,
      MessageDeduplicationId: messageId,
      SequenceNumber: '1',
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:plans.fifo',
    awsRegion: 'us-east-1',
  };
}

/** An SQS event of the given records. */
export function anSqsEvent(records: SQSRecord[]): SQSEvent {
  return { Records: records };
}

/** A start or resume message of the plan queue (the SQS body), for the plan's current version by default. */
export function aPlanMessage(
  plan: { plan_id: string; version?: number },
  kind: PlanMessage['kind'] = 'start',
  sealed_token = 'sealed-token-1',
): PlanMessage {
  return { plan_id: plan.plan_id, kind, version: plan.version ?? 1, sealed_token };
}
