import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

  /** Injects `fault` on every read of the booking from the moment the step's write is sent. */
  function readsFailFromTheWrite(api: BookingApi, key: string, fault: FaultInput): BookingApi {
    return withBeforeCall(api, (call) => {
      if (call.idempotencyKey === key) stack.sandbox.admin.injectFault({ ...fault, operation: 'getBooking' });
    });
  }

  describe('executor: a write whose answer was lost is read back (ADR 0007)', () => {
    it.each([
      ['503', { kind: 'status', status: 503, times: 'always' }],
      ['429', { kind: 'status', status: 429, times: 'always' }],
      ['reset', { kind: 'reset', times: 'always' }],
    ] as const)(
      'keeps it in doubt when the read-back gets %s, and says which booking and values to check',
      async (_, fault) => {
        // Prepare: the change commits but the answer is dropped; from then on the booking cannot be read.
        const world = await freshWorld(stack);
        const plan = await world.seed(aConfirmedPlan([steps.guestCount(14)]));
        stack.sandbox.admin.injectFault({ operation: 'updateGuestCount', kind: 'commit_then_drop' });
        const api = readsFailFromTheWrite(world.bookingApi, `${plan.plan_id}:step-1`, fault);

        // Act
        await world.deliver(plan, offline(), { deps: { bookingApi: api } });

        // Assess: the change stands, so the user is told to check it rather than that nothing happened.
        const done = await world.reload(plan);
        expect(stack.sandbox.admin.booking('bk_1042')?.partySize).toBe(14);
        expect(done.status).toBe('failed');
        expect(done.failure_reason).toBe(
          'Step 1 (Update guest count on booking BK-1042) may or may not have been applied: the booking service did not answer and the booking could not be read back. Please check whether booking BK-1042 shows party size 14; if it does, the change was made.',
        );
        expect(done.rollback_report?.actions_failed_to_reverse?.map((f) => f.step_number)).toEqual([1]);
        expect(done.attention_reason).toBe('in_doubt');
        expect(done.rollback_report?.manual_recovery_steps).toEqual([
          expect.stringMatching(
            /may or may not have been applied\. Please check booking BK-1042; if the change shows, set the party size back to 12\.$/,
          ),
        ]);
        expect(committedCalls(stack.sandbox)).toEqual([`updateGuestCount ${plan.plan_id}:step-1`]);
      },
    );

    it('a 502 on a mutation that landed: read back shows it, so the plan completes', async () => {
      // Prepare: the guest-count change commits, but a gateway answers 502.
      const world = await freshWorld(stack);
      const plan = await world.seed(aConfirmedPlan([steps.guestCount(14)]));
      const api = gatewayLosingAnswer(world.bookingApi, `${plan.plan_id}:step-1`, 502);

      // Act
      await world.deliver(plan, offline(), { deps: { bookingApi: api } });

      // Assess
      const done = await world.reload(plan);
      expect(done.status).toBe('completed');
      expect(done.rollback_report).toBeUndefined();
      expect(committedCalls(stack.sandbox)).toEqual([`updateGuestCount ${plan.plan_id}:step-1`]);
      expect(stack.sandbox.admin.booking('bk_1042')?.partySize).toBe(14);
    });

    it('commit then drop twice in a row: applied once, reported completed', async () => {
      // Prepare: two steps on the same booking, each write's answer lost.
      const world = await freshWorld(stack);
      const plan = await world.seed(
        aConfirmedPlan([steps.guestCount(14), steps.reschedule('2026-12-12', '10:00')]),
      );
      stack.sandbox.admin.injectFault({ operation: 'updateGuestCount', kind: 'commit_then_drop' });
      stack.sandbox.admin.injectFault({ operation: 'rescheduleBooking', kind: 'commit_then_drop' });

      // Act
      await world.deliver(plan, offline());

      // Assess
      const done = await world.reload(plan);
      expect(done.status).toBe('completed');
      expect(committedCalls(stack.sandbox)).toEqual([
        `updateGuestCount ${plan.plan_id}:step-1`,
        `rescheduleBooking ${plan.plan_id}:step-2`,
      ]);
      const booking = stack.sandbox.admin.booking('bk_1042');
      expect([booking?.partySize, booking?.startTime]).toEqual([14, '10:00']);
    });

    it('a reset write (not made) is re-sent under the same key and completes', async () => {
      // Prepare
      const world = await freshWorld(stack);
      const plan = await world.seed(aConfirmedPlan([steps.guestCount(14)]));
      stack.sandbox.admin.injectFault({ operation: 'updateGuestCount', kind: 'reset' });

      // Act
      await world.deliver(plan, offline());

      // Assess
      const done = await world.reload(plan);
      expect(done.status).toBe('completed');
      expect(
        stack.sandbox.admin.journal({ operation: 'updateGuestCount' }).map((e) => e.idempotencyKey),
      ).toEqual([`${plan.plan_id}:step-1`, `${plan.plan_id}:step-1`]);
      expect(committedCalls(stack.sandbox)).toEqual([`updateGuestCount ${plan.plan_id}:step-1`]);
    });

    it('a timed-out write that may still land stays in doubt, though the read-back says not made', async () => {
      // Prepare: the write is held past the client's timeout; both same-key re-sends get 503.
      const world = await freshWorld(stack, { timeoutMs: 250 });
      const plan = await world.seed(aConfirmedPlan([steps.guestCount(14)]));
      stack.sandbox.admin.injectFault({ operation: 'updateGuestCount', kind: 'delay', delayMs: 3_000 });
      stack.sandbox.admin.injectFault({
        operation: 'updateGuestCount',
        kind: 'status',
        status: 503,
        times: 2,
      });

      // Act
      await world.deliver(plan, offline());
      await vi.waitFor(
        () => expect(stack.sandbox.admin.journal().some((e) => e.fault === 'delay')).toBe(true),
        { timeout: 10_000, interval: 50 },
      );

      // Assess: the held write landed after the plan ended; the plan said it might.
      const done = await world.reload(plan);
      expect(done.status).toBe('failed');
      expect(done.failure_reason).toContain('the request may still arrive');
      expect(done.rollback_report?.actions_failed_to_reverse?.map((f) => f.step_number)).toEqual([1]);
      expect(stack.sandbox.admin.booking('bk_1042')?.partySize).toBe(14);
      expect(committedCalls(stack.sandbox)).toEqual([`updateGuestCount ${plan.plan_id}:step-1`]);
    }, 20_000);

    it('not made and every same-key re-send refused with 503: fails cleanly, not in doubt, nothing changed', async () => {
      // Prepare: the first write is reset (nothing applied), both re-sends (IN_DOUBT_MAX_RESENDS = 2) get 503.
      const world = await freshWorld(stack);
      const plan = await world.seed(aConfirmedPlan([steps.guestCount(14)]));
      stack.sandbox.admin.injectFault({ operation: 'updateGuestCount', kind: 'reset' });
      stack.sandbox.admin.injectFault({
        operation: 'updateGuestCount',
        kind: 'status',
        status: 503,
        times: 2,
      });

      // Act
      await world.deliver(plan, offline());

      // Assess
      const done = await world.reload(plan);
      expect(done.status).toBe('failed');
      expect(done.failure_reason).toBe(
        'Step 1 (Update guest count on booking BK-1042) failed: the booking service is temporarily unavailable; nothing was changed by this step. You can ask again later.',
      );
      expect(done.rollback_report).toBeUndefined();
      expect(stack.sandbox.admin.journal({ operation: 'updateGuestCount' })).toHaveLength(3);
      expect(committedCalls(stack.sandbox)).toEqual([]);
      expect(stack.sandbox.admin.booking('bk_1042')?.partySize).toBe(12);
    });
  });

  describe('executor: a lost answer read back through the overlay verify block (ADR 0011)', () => {
    const notePlan = () => aConfirmedPlan([steps.note('Cake at 9:45'), steps.guestCount(14)]);

    it('a note committed with its answer dropped on every send is found among the notes: the plan completes', async () => {
      // Prepare: addBookingNote commits, then every answer (the send and both same-key re-sends) is dropped.
      const world = await freshWorld(stack);
      const plan = await world.seed(notePlan());
      stack.sandbox.admin.injectFault({ operation: 'addBookingNote', kind: 'commit_then_drop', times: 3 });

      // Act
      await world.deliver(plan, offline());

      // Assess: reported outcome = sandbox state, and the note was added once.
      const done = await world.reload(plan);
      const booking = stack.sandbox.admin.booking('bk_1042');
      expect(done.status).toBe('completed');
      expect(booking?.notes.map((n) => n.text)).toEqual(['Cake at 9:45']);
      expect(booking?.partySize).toBe(14);
      expect(committedCalls(stack.sandbox)).toEqual([
        `addBookingNote ${plan.plan_id}:step-1`,
        `updateGuestCount ${plan.plan_id}:step-2`,
      ]);
      expect(done.actions[0]?.before?.version).toBe(1);
    });

    it('a note whose send was reset reads as not made (version unmoved): re-sent under the same key, added once', async () => {
      // Prepare
      const world = await freshWorld(stack);
      const plan = await world.seed(notePlan());
      stack.sandbox.admin.injectFault({ operation: 'addBookingNote', kind: 'reset' });

      // Act
      await world.deliver(plan, offline());

      // Assess
      const done = await world.reload(plan);
      expect(done.status).toBe('completed');
      expect(stack.sandbox.admin.booking('bk_1042')?.notes.map((n) => n.text)).toEqual(['Cake at 9:45']);
      expect(
        stack.sandbox.admin.journal({ operation: 'addBookingNote' }).map((e) => e.idempotencyKey),
      ).toEqual([`${plan.plan_id}:step-1`, `${plan.plan_id}:step-1`]);
    });

    it('without the verify read the note stays in doubt honestly: the plan names the booking to check', async () => {
      // Prepare: the note commits, its answer is dropped, and from then on the booking cannot be read.
      const world = await freshWorld(stack);
      const plan = await world.seed(notePlan());
      stack.sandbox.admin.injectFault({ operation: 'addBookingNote', kind: 'commit_then_drop', times: 3 });
      const api = readsFailFromTheWrite(world.bookingApi, `${plan.plan_id}:step-1`, {
        kind: 'status',
        status: 503,
        times: 'always',
      });

      // Act
      await world.deliver(plan, offline(), { deps: { bookingApi: api } });

      // Assess
      const done = await world.reload(plan);
      expect(stack.sandbox.admin.booking('bk_1042')?.notes).toHaveLength(1);
      expect(done.status).toBe('failed');
      expect(done.attention_reason).toBe('in_doubt');
      expect(done.rollback_report?.manual_recovery_steps).toEqual([
        expect.stringContaining('on booking BK-1042 got no answer from the booking system'),
      ]);
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
