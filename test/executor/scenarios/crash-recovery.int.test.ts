import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../devkit/sandbox/start-sandbox.ts';
import { createPlanQueues, createTables } from '../../../infra/local/provision.ts';
import { type LocalDynamo, startDynalite } from '../../../infra/local/start-dynalite.ts';
import { type LocalSqs, startLocalSqs } from '../../../infra/local/start-local-sqs.ts';
import { createDocumentClient } from '../../../lib/adapters/dynamodb/document-client.ts';
import { DynamoPlanStore } from '../../../lib/adapters/dynamodb/dynamo-plan-store.ts';
import { createSqsClient } from '../../../lib/adapters/sqs/sqs-client.ts';
import { SqsPlanQueue } from '../../../lib/adapters/sqs/sqs-plan-queue.ts';
import { loadConfig } from '../../../lib/config/config.ts';
import type { PlanStatus } from '../../../lib/contracts/enums.ts';
import type { CrashPoint } from '../../../lib/executor/executor-deps.ts';
import { buildPlanMessage } from '../../../lib/plans/plan-message.ts';
import { canTransition } from '../../../lib/plans/status-machine.ts';
import { fixedClock } from '../../../lib/ports/clock.ts';
import { EXECUTOR_NOW, executorFixture, TOKEN } from '../../support/executor-fixture.ts';
import { aConfirmedPlan, steps } from '../../support/executor-plans.ts';
import { TEST_SEALING_KEY, testTokenSealer } from '../../support/token-sealer.ts';

const REGION = 'us-east-1';
let dynamo: LocalDynamo;
let sqsServer: LocalSqs;
let sandbox: RunningSandbox;
let dynamoClient: DynamoDBDocumentClient;
let sqsClient: SQSClient;

beforeAll(async () => {
  dynamo = await startDynalite();
  sqsServer = await startLocalSqs({ region: REGION });
  sandbox = await startSandbox({ fixture: executorFixture, clock: fixedClock(EXECUTOR_NOW) });
  const config = loadConfig({
    AWS_REGION: REGION,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    SQS_ENDPOINT: sqsServer.endpoint,
  });
  dynamoClient = createDocumentClient(config);
  sqsClient = createSqsClient(config);
});
afterAll(async () => {
  dynamoClient.destroy();
  sqsClient.destroy();
  await sandbox.close();
  await sqsServer.stop();
  await dynamo.stop();
});

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** One consumer run in a child process (npx tsx), connected to this process's dynalite, fauxqs and sandbox. */
function runConsumer(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'test/support/crash-consumer.ts'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}

/** A fresh world: tables, a FIFO queue (1 s visibility), a reset sandbox, and the confirmed plan enqueued. */
async function scenario(
  planSteps: Parameters<typeof aConfirmedPlan>[0],
  faults: () => void = () => undefined,
) {
  const id = randomUUID().slice(0, 8);
  const tables = { plans: `plans-${id}`, sessions: `sessions-${id}`, executions: `executions-${id}` };
  await createTables(dynamoClient, tables);
  const queues = await createPlanQueues(sqsClient, { name: `plans-${id}`, visibilityTimeoutSeconds: 1 });
  sandbox.admin.reset();
  sandbox.admin.clearFaults();
  faults();
  const plans = new DynamoPlanStore({ client: dynamoClient, tableName: tables.plans });
  const plan = aConfirmedPlan(planSteps);
  await plans.create(plan);
  const sealed = await testTokenSealer.seal(TOKEN, plan.plan_id);
  const { message, options } = buildPlanMessage(plan.plan_id, 'start', plan.version, sealed);
  await new SqsPlanQueue({ client: sqsClient, queueUrl: queues.queueUrl }).enqueue(message, options);
  const transitions = join(mkdtempSync(join(tmpdir(), 'crash-')), 'transitions.jsonl');
  const env = {
    AWS_REGION: REGION,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    SQS_ENDPOINT: sqsServer.endpoint,
    PLANS_TABLE: tables.plans,
    SESSIONS_TABLE: tables.sessions,
    EXECUTIONS_TABLE: tables.executions,
    PLAN_QUEUE_URL: queues.queueUrl,
    // The child process unseals with the key the test sealed with (issue 28).
    TOKEN_SEALING_KEY: TEST_SEALING_KEY,
    BOOKING_API_URL: sandbox.url,
    LOG_LEVEL: 'SILENT',
    TRANSITIONS_FILE: transitions,
  };
  return { plan, plans, env, queueUrl: queues.queueUrl, transitions };
}

async function messagesLeft(queueUrl: string): Promise<number> {
  const out = await sqsClient.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return (
    Number(out.Attributes?.ApproximateNumberOfMessages ?? 0) +
    Number(out.Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0)
  );
}

function attemptedTransitions(file: string): { from: PlanStatus[]; to: PlanStatus }[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** Committed journal entries per Idempotency-Key of this plan, in commit order. */
function commits(planId: string): string[] {
  return sandbox.admin
    .journal()
    .filter((e) => e.committed && e.idempotencyKey?.startsWith(planId))
    .map((e) => `${e.operation} ${e.idempotencyKey?.slice(planId.length + 1)}`);
}

const happyPath = () => [
  steps.reschedule('2026-12-12', '10:00'),
  steps.guestCount(14),
  steps.note('Cake at 9:45'),
];

describe('crash recovery: SIGKILL at each crash point, then SQS redelivery', () => {
  it.each<[CrashPoint, number]>([
    ['after_model_call', 1],
    ['after_http_call', 2],
    ['after_record', 2],
    ['before_sqs_delete', 1],
  ])(
    'completes the plan with every mutation applied once after a crash at %s (#%i)',
    async (point, nth) => {
      // Prepare
      const world = await scenario(happyPath());

      // Issue 32: these steps need no judgement, so only the old design (a model turn per step) calls the model.
      const env = point === 'after_model_call' ? { ...world.env, EXECUTOR_DIRECT_STEPS: 'false' } : world.env;

      // Act
      const crashed = await runConsumer({ ...env, CRASH_AT: point, CRASH_NTH: String(nth) });
      const redelivered = await runConsumer(env);

      // Assess
      expect(crashed.stderr).toContain(`CRASHING at ${point} #${nth}`);
      expect(crashed.code).not.toBe(0);
      expect(redelivered.code).toBe(0);
      expect((await world.plans.get(world.plan.plan_id))?.status).toBe('completed');
      expect(commits(world.plan.plan_id)).toEqual([
        'rescheduleBooking step-1',
        'updateGuestCount step-2',
        'addBookingNote step-3',
      ]);
      const booking = sandbox.admin.booking('bk_1042');
      expect([booking?.startTime, booking?.partySize, booking?.notes.length]).toEqual(['10:00', 14, 1]);
      expect(await messagesLeft(world.queueUrl)).toBe(0);
      const transitions = attemptedTransitions(world.transitions);
      expect(transitions.map((t) => t.to)).toContain('completed');
      for (const t of transitions) {
        for (const from of t.from) expect(canTransition(from, t.to), `${from} → ${t.to}`).toBe(true);
      }
      if (point === 'after_http_call') {
        // The step committed before the kill was re-sent with the same key and replayed, not applied again.
        expect(
          sandbox.admin
            .journal()
            .filter((e) => e.replayed)
            .map((e) => e.idempotencyKey),
        ).toEqual([`${world.plan.plan_id}:step-2`]);
      }
    },
    90_000,
  );

  it.each<[CrashPoint, number]>([
    ['after_compensation_http_call', 1],
    ['after_compensation_record', 1],
    ['after_http_call', 3],
  ])(
    'rolls back exactly once, in reverse order, after a crash at %s (#%i)',
    async (point, nth) => {
      // Prepare: the third step always fails with a 500.
      const world = await scenario(happyPath(), () =>
        sandbox.admin.injectFault({
          operation: 'addBookingNote',
          kind: 'status',
          status: 500,
          times: 'always',
        }),
      );

      // Act
      const crashed = await runConsumer({ ...world.env, CRASH_AT: point, CRASH_NTH: String(nth) });
      const redelivered = await runConsumer(world.env);

      // Assess
      expect(crashed.stderr).toContain(`CRASHING at ${point} #${nth}`);
      expect(redelivered.code).toBe(0);
      const done = await world.plans.get(world.plan.plan_id);
      expect(done?.status).toBe('rolled_back');
      expect(done?.rollback_report).toEqual({ triggered_by_step: 3, actions_reversed: [2, 1] });
      expect(commits(world.plan.plan_id)).toEqual([
        'rescheduleBooking step-1',
        'updateGuestCount step-2',
        'updateGuestCount step-2:compensate',
        'rescheduleBooking step-1:compensate',
      ]);
      // Each applied compensation carried If-Match: our own latest write, also across the crash.
      expect(
        sandbox.admin
          .journal()
          .filter((e) => e.committed && e.idempotencyKey?.endsWith(':compensate'))
          .map((e) => e.ifMatch),
      ).toEqual(['3', '4']);
      const booking = sandbox.admin.booking('bk_1042');
      expect([booking?.startTime, booking?.partySize]).toEqual(['15:00', 12]);
      expect(await messagesLeft(world.queueUrl)).toBe(0);
      const transitions = attemptedTransitions(world.transitions);
      expect(transitions.map((t) => t.to)).toEqual(['executing', 'rolled_back']);
      for (const t of transitions) {
        for (const from of t.from) expect(canTransition(from, t.to), `${from} → ${t.to}`).toBe(true);
      }
    },
    90_000,
  );
});
