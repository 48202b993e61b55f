import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfflineExecutorModel } from '../../../../lib/models/offline-executor-model.ts';
import type { BookingApi } from '../../../../lib/ports/booking-api.ts';
import { loadCompiledRegistry } from '../../../../lib/registry/compiled-registry.ts';
import { TOKEN } from '../../../support/executor-fixture.ts';
import { type ExecutorStack, freshWorld } from '../../../support/executor-harness.ts';
import { aConfirmedPlan, steps } from '../../../support/executor-plans.ts';

/**
 * The executor's behaviour: rollback with If-Match. One suite, run by rollback-if-match.int.test.ts over DynamoDB (dynalite) and the
 * sandbox over HTTP, and by rollback-if-match.test.ts over the in-memory adapters and the sandbox in process (the same store
 * contracts, the same sandbox pipeline), like a checkpointer conformance suite.
 */
export function rollbackIfMatchSuite(start: () => Promise<ExecutorStack>): void {
  let stack: ExecutorStack;
  beforeAll(async () => {
    stack = await start();
  });
  afterAll(async () => {
    await stack.stop();
  });

  /** Two reversible steps on BK-1042, then a note the test makes fail (so both are rolled back). */
  function twoReversibleThenFail() {
    stack.sandbox.admin.injectFault({ operation: 'addBookingNote', kind: 'status', status: 500 });
    return aConfirmedPlan([
      steps.guestCount(14),
      steps.reschedule('2026-12-12', '10:00'),
      steps.note('Bring the cake at 9:45'),
    ]);
  }

  interface Seen {
    key: string | undefined;
    ifMatch: string | undefined;
    version: unknown;
  }

  /** Records each call's key, If-Match and the booking version it answered with. */
  function recording(api: BookingApi, seen: Seen[], before?: (key?: string) => Promise<void>): BookingApi {
    return {
      async invoke(call) {
        await before?.(call.idempotencyKey);
        const outcome = await api.invoke(call);
        seen.push({
          key: call.idempotencyKey,
          ifMatch: call.ifMatch,
          version: outcome.ok ? outcome.data.version : undefined,
        });
        return outcome;
      },
    };
  }

  describe('rollback sends If-Match (000 Decision Records: conflicts are detected at execution time)', () => {
    it('two reversible steps on one booking: each compensation is based on our own latest write', async () => {
      // Prepare
      const world = await freshWorld(stack);
      const plan = await world.seed(twoReversibleThenFail());
      const seen: Seen[] = [];
      const bookingApi = recording(world.bookingApi, seen);

      // Act
      await world.deliver(plan, new OfflineExecutorModel(), { deps: { bookingApi } });

      // Assess
      const done = await world.reload(plan);
      expect(done.status).toBe('rolled_back');
      expect(done.rollback_report).toEqual({ triggered_by_step: 3, actions_reversed: [2, 1] });
      const by = (suffix: string) => seen.find((s) => s.key === `${plan.plan_id}:${suffix}`);
      // Step 2's compensation is based on step 2's result; step 1's on what step 2's compensation returned.
      expect(by('step-2:compensate')?.ifMatch).toBe(String(by('step-2')?.version));
      expect(by('step-1:compensate')?.ifMatch).toBe(String(by('step-2:compensate')?.version));
      const booking = stack.sandbox.admin.booking('bk_1042');
      expect([booking?.partySize, booking?.date, booking?.startTime]).toEqual([12, '2026-12-12', '15:00']);
    });

    it('an outside change before the rollback survives: 409, compensation_failed, manual guidance', async () => {
      // Prepare: another operator sets 16 guests (own idempotency key) just before our rollback starts.
      const world = await freshWorld(stack);
      const plan = await world.seed(twoReversibleThenFail());
      const seen: Seen[] = [];
      const guestCount = loadCompiledRegistry().require('updateGuestCount');
      const bookingApi = recording(world.bookingApi, seen, async (key) => {
        if (key !== `${plan.plan_id}:step-2:compensate`) return;
        const outside = await world.bookingApi.invoke({
          action: guestCount,
          args: { booking_id: 'bk_1042', party_size: 16 },
          token: TOKEN,
          idempotencyKey: 'another-operator-1',
        });
        expect(outside.ok).toBe(true);
      });

      // Act
      await world.deliver(plan, new OfflineExecutorModel(), { deps: { bookingApi } });

      // Assess
      const done = await world.reload(plan);
      expect(done.status).toBe('failed');
      expect(done.actions.map((s) => s.step_state)).toEqual([
        'compensation_failed',
        'compensation_failed',
        'failed',
      ]);
      const report = done.rollback_report;
      expect(report?.actions_reversed).toEqual([]);
      expect(report?.actions_failed_to_reverse?.map((f) => f.step_number)).toEqual([2, 1]);
      expect(report?.actions_failed_to_reverse?.[0]?.reason).toMatch(
        /^the booking was changed by someone else/,
      );
      expect(report?.manual_recovery_steps?.[0]).toMatch(
        /^Step 2 \("Reschedule booking"\) on booking BK-1042 could not be undone automatically: .+ Please open booking BK-1042 and set the date back to 2026-12-12 and start time back to 15:00\.$/,
      );
      expect(report?.manual_recovery_steps?.[1]).toContain(
        'Please open booking BK-1042 and set the party size',
      );
      // The other operator's change stands; nothing of ours overwrote it.
      const booking = stack.sandbox.admin.booking('bk_1042');
      expect([booking?.partySize, booking?.startTime]).toEqual([16, '10:00']);
      const compensations = stack.sandbox.admin
        .journal()
        .filter((e) => e.idempotencyKey?.endsWith(':compensate'));
      expect(compensations.map((e) => [e.status, e.committed])).toEqual([
        [409, false],
        [409, false],
      ]);
    });
  });
}
