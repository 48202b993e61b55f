import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlanQueues } from '../../infra/local/provision.ts';
import { DynamoPlanStore } from '../../lib/adapters/dynamodb/dynamo-plan-store.ts';
import { SqsDeadLetterQueue } from '../../lib/adapters/sqs/sqs-dead-letter-queue.ts';
import { SqsPlanQueue } from '../../lib/adapters/sqs/sqs-plan-queue.ts';
import { silentLog } from '../../lib/plans/ops-log.ts';
import { buildPlanMessage } from '../../lib/plans/plan-message.ts';
import { sweepStuckPlans } from '../../lib/plans/sweep-stuck-plans.ts';
import { fixedClock } from '../../lib/ports/clock.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { dieUntilDeadLettered, queueDepth } from '../support/dead-letters.ts';
import { type Emulators, startEmulators } from '../support/local-stack.ts';

let emulators: Emulators;
beforeAll(async () => {
  emulators = await startEmulators();
});
afterAll(async () => {
  await emulators.stop();
});

describe('watchdog over a real DLQ (fauxqs) and the plans table (dynalite)', () => {
  it('redrives a dead-lettered plan once, then fails it with a report when its message dies again', async () => {
    // Prepare: a plan whose reschedule (step 2) was applied when its executor kept crashing.
    const tables = await emulators.freshTables();
    const queues = await createPlanQueues(emulators.sqsClient, {
      name: `wd-${randomUUID().slice(0, 8)}`,
      visibilityTimeoutSeconds: 1,
      maxReceiveCount: 1,
    });
    const clock = fixedClock('2026-11-22T08:00:00.000Z');
    const plans = new DynamoPlanStore({ client: emulators.documentClient, tableName: tables.plans, clock });
    const stored = aStoredPlan({ status: 'executing', updated_at: '2026-11-22T07:59:00.000Z' });
    const plan = {
      ...stored,
      actions: stored.actions.map((a) => ({ ...a, step_state: 'succeeded' as const })),
    };
    await plans.create(plan);
    const queue = new SqsPlanQueue({ client: emulators.sqsClient, queueUrl: queues.queueUrl });
    const start = buildPlanMessage(plan.plan_id, 'start', plan.version, 'tok-1');
    await queue.enqueue(start.message, start.options);
    await dieUntilDeadLettered(emulators.sqsClient, queues);
    const deps = {
      plans,
      queue,
      deadLetters: new SqsDeadLetterQueue(emulators.sqsClient, queues.dlqUrl),
      clock,
      log: silentLog,
      isPii: () => false,
      isMutation: (id: string) => id !== 'getBooking',
      bounds: { runningMs: 15 * 60_000, questionMs: 24 * 3_600_000 },
    };

    // Act: the first sweep redrives; the message dies again; the second sweep ends the plan.
    const first = await sweepStuckPlans(deps);
    await dieUntilDeadLettered(emulators.sqsClient, queues);
    const second = await sweepStuckPlans(deps);

    // Assess
    expect(first.redriven).toEqual([plan.plan_id]);
    expect(second.failed).toEqual([plan.plan_id]);
    expect(await queueDepth(emulators.sqsClient, queues.dlqUrl)).toBe(0);
    const failed = await plans.get(plan.plan_id);
    expect(failed).toMatchObject({
      status: 'failed',
      attention_reason: 'manual_recovery',
      watchdog_redrives: 1,
    });
    expect(failed?.completed_at).toBe('2026-11-22T08:00:00.000Z');
    expect(failed?.rollback_report).toMatchObject({
      actions_reversed: [],
      actions_failed_to_reverse: [{ step_number: 2 }],
    });
    expect(failed?.failure_reason).toContain('Please check: Step 2 ("rescheduleBooking") on booking BK-1042');
    expect(JSON.stringify(failed)).not.toContain('tok-1');
  }, 40_000);
});
