import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutorDeps } from '../../../../lib/executor/executor-deps.ts';
import { OfflineExecutorModel } from '../../../../lib/models/offline-executor-model.ts';
import {
  committedCalls,
  type ExecutorStack,
  freshWorld,
  withBeforeCall,
} from '../../../support/executor-harness.ts';
import { aConfirmedPlan, steps } from '../../../support/executor-plans.ts';

/**
 * Issue 28 "Transient errors": a 429/503 on a write is retried once or twice after its Retry-After, within the
 * invocation's budget, under the same Idempotency-Key; then the step fails as before. One suite, run by
 * transient-retry.int.test.ts (dynalite, the sandbox over HTTP) and transient-retry.test.ts (in memory, in process).
 */
export function transientRetrySuite(start: () => Promise<ExecutorStack>): void {
  let stack: ExecutorStack;
  beforeAll(async () => {
    stack = await start();
  });
  afterAll(async () => {
    await stack.stop();
  });

  /** A sleep that records the wait and returns at once (the executor's wait is asserted, not endured). */
  function recordingSleep(): { waits: number[]; deps: Partial<ExecutorDeps> } {
    const waits: number[] = [];
    return {
      waits,
      deps: {
        sleep: async (ms: number) => {
          waits.push(ms);
        },
      },
    };
  }

  const sendsOf = (operation: string) =>
    stack.sandbox.admin.journal({ operation }).map((e) => [e.idempotencyKey, e.status, e.committed]);

  describe('executor: a transient refusal of a write is retried (issue 28)', () => {
    it('a single 503 with Retry-After: 1: waits 1 s, re-sends under the same key, completes; one committed write', async () => {
      // Prepare
      const world = await freshWorld(stack);
      const plan = await world.seed(aConfirmedPlan([steps.guestCount(14)]));
      stack.sandbox.admin.injectFault({
        operation: 'updateGuestCount',
        kind: 'status',
        status: 503,
        retryAfterSeconds: 1,
      });
      const sleep = recordingSleep();

      // Act
      await world.deliver(plan, new OfflineExecutorModel(), { deps: sleep.deps });

      // Assess
      const done = await world.reload(plan);
      expect(done.status).toBe('completed');
      expect(sleep.waits).toEqual([1000]);
      const key = `${plan.plan_id}:step-1`;
      expect(sendsOf('updateGuestCount')).toEqual([
        [key, 503, false],
        [key, 200, true],
      ]);
      expect(committedCalls(stack.sandbox)).toEqual([`updateGuestCount ${key}`]);
      expect(stack.sandbox.admin.booking('bk_1042')?.partySize).toBe(14);
    });

    it('a 429 with Retry-After: 2 waits 2 s, then the same request completes', async () => {
      // Prepare
      const world = await freshWorld(stack);
      const plan = await world.seed(aConfirmedPlan([steps.reschedule('2026-12-12', '10:00')]));
      stack.sandbox.admin.injectFault({
        operation: 'rescheduleBooking',
        kind: 'status',
        status: 429,
        retryAfterSeconds: 2,
      });
      const sleep = recordingSleep();

      // Act
      await world.deliver(plan, new OfflineExecutorModel(), { deps: sleep.deps });

      // Assess
      expect((await world.reload(plan)).status).toBe('completed');
      expect(sleep.waits).toEqual([2000]);
      expect(committedCalls(stack.sandbox)).toEqual([`rescheduleBooking ${plan.plan_id}:step-1`]);
    });

    it('503 on every send: retried twice, then fails as before, nothing changed', async () => {
      // Prepare
      const world = await freshWorld(stack);
      const plan = await world.seed(aConfirmedPlan([steps.guestCount(14)]));
      stack.sandbox.admin.injectFault({
        operation: 'updateGuestCount',
        kind: 'status',
        status: 503,
        times: 3,
      });
      const sleep = recordingSleep();

      // Act
      await world.deliver(plan, new OfflineExecutorModel(), { deps: sleep.deps });

      // Assess: three sends of one key, none committed, and the failure text of a 503.
      const done = await world.reload(plan);
      expect(done.status).toBe('failed');
      expect(done.failure_reason).toBe(
        'Step 1 (Update guest count on booking BK-1042) failed: the booking service is temporarily unavailable; nothing was changed by this step. You can ask again later.',
      );
      expect(sleep.waits).toEqual([1000, 1000]);
      expect(sendsOf('updateGuestCount').map(([key, status]) => [key, status])).toEqual(
        Array.from({ length: 3 }, () => [`${plan.plan_id}:step-1`, 503]),
      );
      expect(committedCalls(stack.sandbox)).toEqual([]);
      expect(stack.sandbox.admin.booking('bk_1042')?.partySize).toBe(12);
    });

    it('a Retry-After the invocation has no time left for is not waited: the step fails at once', async () => {
      // Prepare: 2.5 s left; a 1 s wait would leave less than the 2 s a call needs.
      const world = await freshWorld(stack);
      const plan = await world.seed(aConfirmedPlan([steps.guestCount(14)]));
      stack.sandbox.admin.injectFault({
        operation: 'updateGuestCount',
        kind: 'status',
        status: 503,
        retryAfterSeconds: 1,
      });
      const sleep = recordingSleep();

      // Act
      await world.deliver(plan, new OfflineExecutorModel(), {
        deps: sleep.deps,
        deadline: { remainingMs: () => 2_500 },
      });

      // Assess
      expect((await world.reload(plan)).status).toBe('failed');
      expect(sleep.waits).toEqual([]);
      expect(sendsOf('updateGuestCount')).toHaveLength(1);
    });

    it('a compensation refused with 503 once is retried under its key and the step is reversed', async () => {
      // Prepare: step 2 fails with a 500; the first send of step 1's compensation meets a 503.
      const world = await freshWorld(stack);
      const plan = await world.seed(
        aConfirmedPlan([steps.guestCount(14), steps.reschedule('2026-12-12', '10:00')]),
      );
      stack.sandbox.admin.injectFault({ operation: 'rescheduleBooking', kind: 'status', status: 500 });
      const key = `${plan.plan_id}:step-1:compensate`;
      let injected = false;
      const bookingApi = withBeforeCall(world.bookingApi, (call) => {
        if (injected || call.idempotencyKey !== key) return;
        injected = true;
        stack.sandbox.admin.injectFault({ operation: 'updateGuestCount', kind: 'status', status: 503 });
      });
      const sleep = recordingSleep();

      // Act
      await world.deliver(plan, new OfflineExecutorModel(), { deps: { ...sleep.deps, bookingApi } });

      // Assess
      const done = await world.reload(plan);
      expect(done.status).toBe('rolled_back');
      expect(done.rollback_report?.actions_reversed).toEqual([1]);
      expect(sleep.waits).toEqual([1000]);
      expect(sendsOf('updateGuestCount').filter(([k]) => k === key)).toEqual([
        [key, 503, false],
        [key, 200, true],
      ]);
      expect(stack.sandbox.admin.booking('bk_1042')?.partySize).toBe(12);
    });
  });
}
