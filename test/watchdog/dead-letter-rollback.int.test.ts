import { randomUUID } from 'node:crypto';
import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaultInput } from '../../devkit/sandbox/faults.ts';
import { type RunningSandbox, startSandbox } from '../../devkit/sandbox/start-sandbox.ts';
import { createPlanQueues } from '../../infra/local/provision.ts';
import { HttpBookingApi } from '../../lib/adapters/booking-api/http-booking-api.ts';
import { DynamoPlanStore } from '../../lib/adapters/dynamodb/dynamo-plan-store.ts';
import { DynamoSessionStore } from '../../lib/adapters/dynamodb/dynamo-session-store.ts';
import { DynamoExecutionLog } from '../../lib/adapters/execution-log/dynamo-execution-log.ts';
import { SqsDeadLetterQueue } from '../../lib/adapters/sqs/sqs-dead-letter-queue.ts';
import { SqsPlanQueue } from '../../lib/adapters/sqs/sqs-plan-queue.ts';
import { createAbandonExecution } from '../../lib/executor/abandon-execution.ts';
import { createExecutor } from '../../lib/executor/create-executor.ts';
import type { CrashPoint, ExecutorDeps } from '../../lib/executor/executor-deps.ts';
import { OfflineExecutorModel } from '../../lib/models/offline-executor-model.ts';
import { silentLog } from '../../lib/plans/ops-log.ts';
import { buildPlanMessage } from '../../lib/plans/plan-message.ts';
import { sweepStuckPlans } from '../../lib/plans/sweep-stuck-plans.ts';
import { fixedClock } from '../../lib/ports/clock.ts';
import { PlanMessage } from '../../lib/ports/plan-queue.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import { dieUntilDeadLettered, queueDepth } from '../support/dead-letters.ts';
import { EXECUTOR_NOW, executorFixture, TOKEN } from '../support/executor-fixture.ts';
import { aConfirmedPlan, steps } from '../support/executor-plans.ts';
import { type Emulators, startEmulators } from '../support/local-stack.ts';
import { RecordingLogger } from '../support/recording-logger.ts';
import { RecordingTracer } from '../support/recording-tracer.ts';
import { testTokenSealer } from '../support/token-sealer.ts';

let emulators: Emulators;
let sandbox: RunningSandbox;
beforeAll(async () => {
  emulators = await startEmulators();
  sandbox = await startSandbox({ fixture: executorFixture, clock: fixedClock(EXECUTOR_NOW) });
});
afterAll(async () => {
  await sandbox.close();
  await emulators.stop();
});

/** Committed journal entries of this plan's Idempotency-Keys, in commit order. */
function commits(planId: string): string[] {
  return sandbox.admin
    .journal()
    .filter((e) => e.committed && e.idempotencyKey?.startsWith(planId))
    .map((e) => `${e.operation} ${e.idempotencyKey?.slice(planId.length + 1)}`);
}

/**
 * A plan of three steps whose executor dies (throws at `after_record` of step 2, like a Lambda timeout) with
 * steps 1 and 2 applied in the sandbox; its message is never deleted, so it reaches the DLQ.
 */
async function aPlanWhoseExecutorDied() {
  sandbox.admin.reset();
  sandbox.admin.clearFaults();
  const tables = await emulators.freshTables();
  const queues = await createPlanQueues(emulators.sqsClient, {
    name: `wdrb-${randomUUID().slice(0, 8)}`,
    visibilityTimeoutSeconds: 1,
    maxReceiveCount: 1,
  });
  const clock = fixedClock('2026-11-20T10:05:00.000Z');
  const client = emulators.documentClient;
  const base: Omit<ExecutorDeps, 'model'> = {
    registry: loadCompiledRegistry(),
    bookingApi: new HttpBookingApi({ baseUrl: sandbox.url, timeoutMs: 30_000 }),
    planStore: new DynamoPlanStore({ client, tableName: tables.plans, clock }),
    sessionStore: new DynamoSessionStore({ client, tableName: tables.sessions, slotTtlSeconds: 3600 }),
    executionLog: new DynamoExecutionLog({ client, tableName: tables.executions }),
    tokenSealer: testTokenSealer,
    clock,
    tracer: new RecordingTracer(),
    logger: new RecordingLogger(),
    config: {
      MAX_SELF_CORRECTIONS: 2,
      BOOKING_API_TIMEOUT_MS: 30_000,
      MAX_EXECUTOR_MODEL_CALLS: 12,
      EXECUTOR_DIRECT_STEPS: true,
      VENUE_TIMEZONE: 'Australia/Sydney',
      VENUE_LOCALE: 'en-AU',
      IN_DOUBT_MAX_RESENDS: 2,
    },
  };
  const plan = aConfirmedPlan([
    steps.reschedule('2026-12-12', '10:00'),
    steps.guestCount(14),
    steps.note('Cake at 9:45'),
  ]);
  await base.planStore.create(plan);
  const queue = new SqsPlanQueue({ client: emulators.sqsClient, queueUrl: queues.queueUrl });
  const start = buildPlanMessage(
    plan.plan_id,
    'start',
    plan.version,
    await testTokenSealer.seal(TOKEN, plan.plan_id),
  );
  await queue.enqueue(start.message, start.options);
  let records = 0;
  const dieAfterStep2 = (point: CrashPoint) => {
    if (point === 'after_record' && ++records === 2) throw new Error('the Lambda timed out');
  };
  const execute = createExecutor({ ...base, model: new OfflineExecutorModel(), crash: dieAfterStep2 });
  const received = await emulators.sqsClient.send(
    new ReceiveMessageCommand({ QueueUrl: queues.queueUrl, WaitTimeSeconds: 1 }),
  );
  const body = PlanMessage.parse(JSON.parse(received.Messages?.[0]?.Body ?? '{}'));
  await expect(execute(body)).rejects.toThrow('the Lambda timed out');
  await dieUntilDeadLettered(emulators.sqsClient, queues);
  const sweepDeps = {
    plans: base.planStore,
    queue,
    deadLetters: new SqsDeadLetterQueue(emulators.sqsClient, queues.dlqUrl),
    clock,
    log: silentLog,
    isPii: () => false,
    isMutation: (id: string) => base.registry.get(id)?.read_only !== true,
    bounds: { runningMs: 15 * 60_000, questionMs: 24 * 3_600_000 },
    abandon: createAbandonExecution(base),
  };
  return { plan, queues, sweepDeps, plans: base.planStore, log: base.executionLog };
}

/** Sweeps once (a redrive), lets the redriven message die again, and sweeps a second time. */
async function sweepTwice(world: Awaited<ReturnType<typeof aPlanWhoseExecutorDied>>, faults: FaultInput[]) {
  const first = await sweepStuckPlans(world.sweepDeps);
  await dieUntilDeadLettered(emulators.sqsClient, world.queues);
  for (const fault of faults) sandbox.admin.injectFault(fault);
  const second = await sweepStuckPlans(world.sweepDeps);
  return { first, second };
}

describe('watchdog: a message that dies twice is rolled back with its token (ADR 0009)', () => {
  it('rolls back the applied steps in reverse order and restores the booking', async () => {
    // Prepare
    const world = await aPlanWhoseExecutorDied();
    const changed = sandbox.admin.booking('bk_1042');
    expect([changed?.startTime, changed?.partySize]).toEqual(['10:00', 14]);

    // Act
    const { first, second } = await sweepTwice(world, []);

    // Assess
    expect(first.redriven).toEqual([world.plan.plan_id]);
    expect(second).toMatchObject({ rolled_back: [world.plan.plan_id], failed: [] });
    const ended = await world.plans.get(world.plan.plan_id);
    expect(ended?.status).toBe('rolled_back');
    expect(ended?.rollback_report).toEqual({ triggered_by_step: 3, actions_reversed: [2, 1] });
    expect(ended?.failure_reason).toBe(
      'This request kept failing before it could finish, so it was stopped and the changes it had made were undone. You can ask again.',
    );
    expect(ended?.attention_reason).toBeUndefined();
    expect(commits(world.plan.plan_id)).toEqual([
      'rescheduleBooking step-1',
      'updateGuestCount step-2',
      'updateGuestCount step-2:compensate',
      'rescheduleBooking step-1:compensate',
    ]);
    const booking = sandbox.admin.booking('bk_1042');
    expect([booking?.startTime, booking?.partySize, booking?.notes.length]).toEqual(['15:00', 12, 0]);
    expect(await queueDepth(emulators.sqsClient, world.queues.dlqUrl)).toBe(0);
    expect(await world.log.get(world.plan.plan_id)).toBeUndefined();
    expect(JSON.stringify(ended)).not.toContain(TOKEN);
  }, 60_000);

  it.each<[string, FaultInput]>([
    ['the token expired (401)', { kind: 'status', status: 401, times: 'always' }],
    ['the booking API is down (503)', { kind: 'status', status: 503, times: 'always' }],
  ])(
    'when %s, ends failed and names each step to check by hand',
    async (_why, fault) => {
      // Prepare
      const world = await aPlanWhoseExecutorDied();

      // Act
      const { second } = await sweepTwice(world, [fault]);

      // Assess: nothing was reversed, and the report says so with the values to restore.
      expect(second.rolled_back).toEqual([world.plan.plan_id]);
      const ended = await world.plans.get(world.plan.plan_id);
      expect(ended).toMatchObject({ status: 'failed', attention_reason: 'manual_recovery' });
      expect(ended?.rollback_report?.actions_reversed).toEqual([]);
      expect(ended?.rollback_report?.actions_failed_to_reverse?.map((f) => f.step_number)).toEqual([2, 1]);
      expect(ended?.rollback_report?.manual_recovery_steps).toHaveLength(2);
      expect(ended?.failure_reason).toContain('not everything it had changed could be undone automatically');
      expect(ended?.failure_reason).toContain('booking BK-1042');
      expect(ended?.failure_reason).toContain('party size back to 12');
      const booking = sandbox.admin.booking('bk_1042');
      expect([booking?.startTime, booking?.partySize]).toEqual(['10:00', 14]);
      expect(commits(world.plan.plan_id)).toEqual(['rescheduleBooking step-1', 'updateGuestCount step-2']);
    },
    60_000,
  );
});
