import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfflineExecutorModel } from '../../../lib/models/offline-executor-model.ts';
import type { BookingApi } from '../../../lib/ports/booking-api.ts';
import { committedCalls, type ExecutorStack, freshWorld } from '../../support/executor-harness.ts';
import { aConfirmedPlan, steps } from '../../support/executor-plans.ts';

/**
 * The executor's behaviour: steps left in doubt, rollback reports and redelivery for a terminal plan. One suite, run by in-doubt.int.test.ts over DynamoDB (dynalite) and the
 * sandbox over HTTP, and by in-doubt.test.ts over the in-memory adapters and the sandbox in process (the same store
 * contracts, the same sandbox pipeline), like a checkpointer conformance suite.
 */
export function inDoubtSuite(start: () => Promise<ExecutorStack>): void {
  let stack: ExecutorStack;
  beforeAll(async () => {
    stack = await start();
  });
  afterAll(async () => {
    await stack.stop();
  });

  const offline = () => new OfflineExecutorModel();

  /** A gateway that loses the first answer for `key`: the call commits, the client sees `status` once. */
  function gatewayLosingAnswer(api: BookingApi, key: string, status: number): BookingApi {
    let lost = false;
    return {
      async invoke(call) {
        const outcome = await api.invoke(call);
        if (lost || call.idempotencyKey !== key || !outcome.ok) return outcome;
        lost = true;
        return { ok: false, status, error_type: 'server_error', message: `gateway error (HTTP ${status})` };
      },
    };
  }

  describe('executor: a step left in doubt (000 Failure Modes: network timeout)', () => {
    it.each([503, 429, 401] as const)(
      'keeps it in doubt when the settling re-send gets %i (answered before the key replay)',
      async (status) => {
        // Prepare: the change commits but the answer is dropped; the re-send is refused before the replay.
        const world = await freshWorld(stack);
        const plan = await world.seed(aConfirmedPlan([steps.guestCount(14)]));
        stack.sandbox.admin.injectFault({ operation: 'updateGuestCount', kind: 'commit_then_drop' });
        stack.sandbox.admin.injectFault({ operation: 'updateGuestCount', kind: 'status', status });

        // Act
        await world.deliver(plan, offline());

        // Assess: the change stands, so the user is told to check it rather than that nothing happened.
        const done = await world.reload(plan);
        expect(stack.sandbox.admin.booking('bk_1042')?.partySize).toBe(14);
        expect(done.status).toBe('failed');
        expect(done.rollback_report?.actions_failed_to_reverse?.map((f) => f.step_number)).toEqual([1]);
        expect(done.rollback_report?.manual_recovery_steps).toEqual([
          expect.stringMatching(
            /may or may not have been applied\. Please check booking BK-1042; if the change shows, set the party size back to 12\.$/,
          ),
        ]);
        expect(committedCalls(stack.sandbox)).toEqual([`updateGuestCount ${plan.plan_id}:step-1`]);
      },
    );

    it('treats a 502 on a mutation as in doubt: settles it by key and reverses it', async () => {
      // Prepare: the guest-count change commits, but a gateway answers 502.
      const world = await freshWorld(stack);
      const plan = await world.seed(aConfirmedPlan([steps.guestCount(14)]));
      const api = gatewayLosingAnswer(world.bookingApi, `${plan.plan_id}:step-1`, 502);

      // Act
      await world.deliver(plan, offline(), { deps: { bookingApi: api } });

      // Assess
      const done = await world.reload(plan);
      expect(done.status).toBe('rolled_back');
      expect(done.rollback_report).toEqual({ triggered_by_step: 1, actions_reversed: [1] });
      expect(committedCalls(stack.sandbox)).toEqual([
        `updateGuestCount ${plan.plan_id}:step-1`,
        `updateGuestCount ${plan.plan_id}:step-1:compensate`,
      ]);
      expect(stack.sandbox.admin.booking('bk_1042')?.partySize).toBe(12);
    });
  });

  describe('executor: rollback_report only when a mutation was done (001)', () => {
    it('a completed read before a failed mutation is not a rollback', async () => {
      // Prepare
      const world = await freshWorld(stack);
      const plan = await world.seed(
        aConfirmedPlan([
          { action_id: 'getBooking', parameters: { booking_id: 'bk_1042' } },
          steps.guestCount(14),
        ]),
      );
      stack.sandbox.admin.injectFault({ operation: 'updateGuestCount', kind: 'status', status: 409 });

      // Act
      await world.deliver(plan, offline());

      // Assess
      const done = await world.reload(plan);
      expect(done.status).toBe('failed');
      expect(done.actions.map((s) => s.step_state)).toEqual(['succeeded', 'failed']);
      expect(done.rollback_report).toBeUndefined();
      expect(world.tracer.named('rollback')).toHaveLength(0);
    });
  });

  describe('executor: redelivery for a terminal plan', () => {
    it('releases the session blocking slot the plan still holds (crash before the release)', async () => {
      // Prepare: the terminal write landed, the slot release did not.
      const world = await freshWorld(stack);
      const plan = await world.seed(aConfirmedPlan([steps.guestCount(14)], { status: 'failed' }));
      expect(await world.sessions.claimBlockingSlot(plan.session_id, plan.plan_id)).toBe(true);

      // Act
      await world.deliver(plan, offline());

      // Assess
      expect(await world.sessions.claimBlockingSlot(plan.session_id, 'another-plan')).toBe(true);
      expect(committedCalls(stack.sandbox)).toEqual([]);
    });

    it('leaves a slot held by another plan of the session alone', async () => {
      // Prepare
      const world = await freshWorld(stack);
      const plan = await world.seed(aConfirmedPlan([steps.guestCount(14)], { status: 'completed' }));
      expect(await world.sessions.claimBlockingSlot(plan.session_id, 'another-plan')).toBe(true);

      // Act
      await world.deliver(plan, offline());

      // Assess
      expect(await world.sessions.claimBlockingSlot(plan.session_id, 'third-plan')).toBe(false);
    });
  });
}
