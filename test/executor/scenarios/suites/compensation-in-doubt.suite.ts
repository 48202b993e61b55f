import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaultInput } from '../../../../devkit/sandbox/faults.ts';
import { OfflineExecutorModel } from '../../../../lib/models/offline-executor-model.ts';
import type { BookingApi } from '../../../../lib/ports/booking-api.ts';
import {
  committedCalls,
  type ExecutorStack,
  freshWorld,
  withBeforeCall,
} from '../../../support/executor-harness.ts';
import { aConfirmedPlan, steps } from '../../../support/executor-plans.ts';

/**
 * Issue 28 "Compensation truth": a compensation whose answer was lost is resolved like a forward step (ADR 0007):
 * read back, or re-sent under the same key, and the rollback report states what actually happened. One suite,
 * run by compensation-in-doubt.int.test.ts over DynamoDB (dynalite) and the sandbox over HTTP, and by
 * compensation-in-doubt.test.ts over the in-memory adapters and the sandbox in process.
 */
export function compensationInDoubtSuite(start: () => Promise<ExecutorStack>): void {
  let stack: ExecutorStack;
  beforeAll(async () => {
    stack = await start();
  });
  afterAll(async () => {
    await stack.stop();
  });

  /** Injects `faults` (in order) the moment the call with idempotency key `key` is first sent. */
  function faultsAt(api: BookingApi, key: string, faults: FaultInput[]): BookingApi {
    let done = false;
    return withBeforeCall(api, (call) => {
      if (done || call.idempotencyKey !== key) return;
      done = true;
      for (const fault of faults) stack.sandbox.admin.injectFault(fault);
    });
  }

  const original = () => {
    const b = stack.sandbox.admin.booking('bk_1042');
    return [b?.partySize, b?.date, b?.startTime];
  };

  describe('rollback: a compensation whose answer was lost (issue 28)', () => {
    it('step 2 → 500, step 1’s compensation commits and its answer is dropped: reported reversed, booking back', async () => {
      // Prepare: step 1 reschedules BK-1042, step 2 fails with a 500; step 1's compensation is applied but its
      // answer is dropped.
      const world = await freshWorld(stack);
      const plan = await world.seed(
        aConfirmedPlan([steps.reschedule('2026-12-12', '10:00'), steps.guestCount(14)]),
      );
      stack.sandbox.admin.injectFault({ operation: 'updateGuestCount', kind: 'status', status: 500 });
      const bookingApi = faultsAt(world.bookingApi, `${plan.plan_id}:step-1:compensate`, [
        { operation: 'rescheduleBooking', kind: 'commit_then_drop' },
      ]);

      // Act
      await world.deliver(plan, new OfflineExecutorModel(), { deps: { bookingApi } });

      // Assess: the report says what the booking shows.
      const done = await world.reload(plan);
      expect(original()).toEqual([12, '2026-12-12', '15:00']);
      expect(done.status).toBe('rolled_back');
      expect(done.rollback_report?.actions_reversed).toEqual([1]);
      expect(done.rollback_report?.actions_failed_to_reverse).toBeUndefined();
      expect(JSON.stringify(done)).not.toContain('could not be undone');
      expect(done.actions.map((s) => s.step_state)).toEqual(['compensated', 'failed']);
      expect(committedCalls(stack.sandbox)).toEqual([
        `rescheduleBooking ${plan.plan_id}:step-1`,
        `rescheduleBooking ${plan.plan_id}:step-1:compensate`,
      ]);
    });

    it('a compensation reset before it was applied: read back as not made, re-sent under the same key and If-Match', async () => {
      // Prepare
      const world = await freshWorld(stack);
      const plan = await world.seed(
        aConfirmedPlan([steps.guestCount(14), steps.reschedule('2026-12-12', '10:00')]),
      );
      stack.sandbox.admin.injectFault({ operation: 'rescheduleBooking', kind: 'status', status: 500 });
      const bookingApi = faultsAt(world.bookingApi, `${plan.plan_id}:step-1:compensate`, [
        { operation: 'updateGuestCount', kind: 'reset' },
      ]);

      // Act
      await world.deliver(plan, new OfflineExecutorModel(), { deps: { bookingApi } });

      // Assess: two sends of the one key with the one If-Match, one commit.
      const done = await world.reload(plan);
      expect(done.status).toBe('rolled_back');
      expect(done.rollback_report?.actions_reversed).toEqual([1]);
      const sends = stack.sandbox.admin
        .journal({ operation: 'updateGuestCount' })
        .filter((e) => e.idempotencyKey === `${plan.plan_id}:step-1:compensate`);
      expect(sends.map((e) => [e.fault ?? null, e.committed])).toEqual([
        ['reset', false],
        [null, true],
      ]);
      expect(new Set(sends.map((e) => e.ifMatch)).size).toBe(1);
      expect(original()[0]).toBe(12);
    });

    it('a note’s compensation (no read-back) dropped after commit: the same-key re-send is replayed, reported reversed', async () => {
      // Prepare: step 1 adds a note, step 2 fails; deleting the note commits but its answer is dropped.
      const world = await freshWorld(stack);
      const plan = await world.seed(aConfirmedPlan([steps.note('Cake at 9:45'), steps.guestCount(14)]));
      stack.sandbox.admin.injectFault({ operation: 'updateGuestCount', kind: 'status', status: 500 });
      const bookingApi = faultsAt(world.bookingApi, `${plan.plan_id}:step-1:compensate`, [
        { operation: 'deleteBookingNote', kind: 'commit_then_drop' },
      ]);

      // Act
      await world.deliver(plan, new OfflineExecutorModel(), { deps: { bookingApi } });

      // Assess
      const done = await world.reload(plan);
      expect(done.status).toBe('rolled_back');
      expect(done.rollback_report?.actions_reversed).toEqual([1]);
      const replays = stack.sandbox.admin
        .journal({ operation: 'deleteBookingNote' })
        .map((e) => [e.committed, e.replayed]);
      expect(replays).toEqual([
        [true, false],
        [false, true],
      ]);
      expect(stack.sandbox.admin.booking('bk_1042')?.notes.map((n) => n.text)).not.toContain('Cake at 9:45');
    });

    it('a dropped compensation whose booking cannot be read back either: reported unknown, never "could not be undone"', async () => {
      // Prepare: the compensation commits with its answer dropped, and every later call fails with 503.
      const world = await freshWorld(stack);
      const plan = await world.seed(
        aConfirmedPlan([steps.guestCount(14), steps.reschedule('2026-12-12', '10:00')]),
      );
      stack.sandbox.admin.injectFault({ operation: 'rescheduleBooking', kind: 'status', status: 500 });
      const bookingApi = faultsAt(world.bookingApi, `${plan.plan_id}:step-1:compensate`, [
        { operation: 'updateGuestCount', kind: 'commit_then_drop' },
        { operation: '*', kind: 'status', status: 503, times: 'always' },
      ]);

      // Act
      await world.deliver(plan, new OfflineExecutorModel(), { deps: { bookingApi } });

      // Assess: the booking is back, the report does not claim it is not; it says it is unknown and what to check.
      const done = await world.reload(plan);
      expect(original()[0]).toBe(12);
      expect(done.status).toBe('failed');
      const [failed] = done.rollback_report?.actions_failed_to_reverse ?? [];
      expect(failed?.step_number).toBe(1);
      expect(failed?.reason).toMatch(/unknown whether it was undone/);
      expect(done.rollback_report?.manual_recovery_steps?.[0]).toMatch(
        /Please check booking BK-1042; if it still shows the change, set the party size back to 12\.$/,
      );
      expect(JSON.stringify(done)).not.toContain('could not be undone');
    });
  });
}
