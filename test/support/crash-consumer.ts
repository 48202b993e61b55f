/**
 * The SQS consumer as a child process, for the crash tests (issue 6 "Exactly once"). It receives one batch from
 * the FIFO queue (fauxqs), runs it through the real consumer handler (functions/execute-plan.ts → Powertools FIFO
 * partial-batch processor → createExecutor) over DynamoDB (dynalite) and the sandbox over HTTP, and deletes the
 * records the handler acknowledged, like the Lambda event source mapping does. With CRASH_AT set it kills itself
 * with SIGKILL at that crash point (the CRASH_NTH-th time it is reached), leaving the message in flight; SQS
 * redelivers it after the visibility timeout, to the next run.
 *
 * Env: the service config (DYNAMODB_ENDPOINT, SQS_ENDPOINT, *_TABLE, PLAN_QUEUE_URL, BOOKING_API_URL) plus
 * CRASH_AT, CRASH_NTH (default 1) and TRANSITIONS_FILE (status transitions attempted, one JSON line each).
 */
import { appendFileSync } from 'node:fs';
import { DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { createHandler } from '../../functions/execute-plan.ts';
import { HttpBookingApi } from '../../lib/adapters/booking-api/http-booking-api.ts';
import { createDocumentClient } from '../../lib/adapters/dynamodb/document-client.ts';
import { DynamoPlanStore } from '../../lib/adapters/dynamodb/dynamo-plan-store.ts';
import { DynamoSessionStore } from '../../lib/adapters/dynamodb/dynamo-session-store.ts';
import { DynamoExecutionLog } from '../../lib/adapters/execution-log/dynamo-execution-log.ts';
import { createSqsClient } from '../../lib/adapters/sqs/sqs-client.ts';
import { tokenSealerFromConfig } from '../../lib/adapters/token-sealer/token-sealer-from-config.ts';
import { loadConfig } from '../../lib/config/config.ts';
import { createExecutor } from '../../lib/executor/create-executor.ts';
import type { CrashPoint } from '../../lib/executor/executor-deps.ts';
import { OfflineExecutorModel } from '../../lib/models/offline-executor-model.ts';
import { createLogger } from '../../lib/observability/logger.ts';
import { systemClock } from '../../lib/ports/clock.ts';
import type { PlanStore } from '../../lib/ports/plan-store.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import { RecordingTracer } from './recording-tracer.ts';

const env = process.env;
const config = loadConfig(env);
const queueUrl = config.PLAN_QUEUE_URL ?? '';

/** Kills this process at the named point, the nth time it is reached. */
function crashHook(): (point: CrashPoint) => void {
  const target = env.CRASH_AT;
  const nth = Number(env.CRASH_NTH ?? '1');
  let seen = 0;
  return function crashAt(point) {
    if (point !== target) return;
    seen += 1;
    if (seen < nth) return;
    process.stderr.write(`CRASHING at ${point} #${seen}\n`);
    process.kill(process.pid, 'SIGKILL');
  };
}

/** Records every status transition the executor attempts, before it is written (so a kill cannot hide one). */
function recordingTransitions(store: PlanStore): PlanStore {
  return {
    create: (plan) => store.create(plan),
    get: (id) => store.get(id),
    listBySession: (id, limit) => store.listBySession(id, limit),
    scanAll: () => store.scanAll(),
    async update(planId, expectedVersion, patch, options) {
      const to = patch.set?.status;
      if (to !== undefined && env.TRANSITIONS_FILE) {
        appendFileSync(
          env.TRANSITIONS_FILE,
          `${JSON.stringify({ from: options?.expectStatus ?? [], to })}\n`,
        );
      }
      return store.update(planId, expectedVersion, patch, options);
    },
  };
}

function lambdaContext(): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'execute-plan',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:execute-plan',
    memoryLimitInMB: '512',
    awsRequestId: `crash-test-${process.pid}`,
    logGroupName: '/aws/lambda/execute-plan',
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 60_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

async function main(): Promise<void> {
  const client = createDocumentClient(config);
  const sqs = createSqsClient(config);
  const logger = createLogger(config);
  const executePlanMessage = createExecutor({
    registry: loadCompiledRegistry(),
    bookingApi: HttpBookingApi.fromConfig(config),
    planStore: recordingTransitions(new DynamoPlanStore({ client, tableName: config.PLANS_TABLE })),
    sessionStore: new DynamoSessionStore({ client, tableName: config.SESSIONS_TABLE, slotTtlSeconds: 3600 }),
    executionLog: new DynamoExecutionLog({ client, tableName: config.EXECUTIONS_TABLE }),
    tokenSealer: tokenSealerFromConfig(config),
    model: new OfflineExecutorModel(),
    clock: systemClock,
    tracer: new RecordingTracer(),
    logger,
    config,
    crash: crashHook(),
  });
  const handler = createHandler(async () => ({ executePlanMessage }), logger);

  const received = await sqs.send(
    new ReceiveMessageCommand({
      QueueUrl: queueUrl,
      MaxNumberOfMessages: 10,
      WaitTimeSeconds: 10,
      MessageSystemAttributeNames: ['All'],
    }),
  );
  const messages = received.Messages ?? [];
  const records: SQSRecord[] = messages.map((m) => ({
    messageId: m.MessageId ?? '',
    receiptHandle: m.ReceiptHandle ?? '',
    body: m.Body ?? '',
    attributes: {
      ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? '1',
      SentTimestamp: m.Attributes?.SentTimestamp ?? '0',
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: m.Attributes?.ApproximateFirstReceiveTimestamp ?? '0',
      MessageGroupId: m.Attributes?.MessageGroupId ?? '',
      MessageDeduplicationId: m.Attributes?.MessageDeduplicationId ?? '',
      SequenceNumber: m.Attributes?.SequenceNumber ?? '0',
    },
    messageAttributes: {},
    md5OfBody: m.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:plans.fifo',
    awsRegion: config.AWS_REGION,
  }));
  const event: SQSEvent = { Records: records };
  const response = await handler(event, lambdaContext());
  const failed = new Set(response.batchItemFailures.map((f) => f.itemIdentifier));
  for (const record of records) {
    if (!failed.has(record.messageId)) {
      await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: record.receiptHandle }));
    }
  }
  process.stdout.write(`${JSON.stringify({ received: records.length, failed: failed.size })}\n`);
  client.destroy();
  sqs.destroy();
}

await main();
