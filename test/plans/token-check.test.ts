import { describe, expect, it } from 'vitest';
import { AuthRequiredError, BookingAccessDeniedError } from '../../lib/plans/errors.ts';
import { planTokenCheck } from '../../lib/plans/token-check.ts';
import type { ActionCall, ActionOutcome, BookingApi } from '../../lib/ports/booking-api.ts';
import type { VenueDirectory, VenueLookup } from '../../lib/ports/venue-directory.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import { aStoredPlan } from '../store/plan-factory.ts';

const getBooking = loadCompiledRegistry().get('getBooking');

/** A booking API answering every call with `outcome`, recording the calls. */
function answering(outcome: ActionOutcome) {
  const calls: ActionCall[] = [];
  const api: BookingApi = {
    async invoke(call) {
      calls.push(call);
      return outcome;
    },
  };
  return { api, calls };
}

const failure = (status: number | undefined): ActionOutcome => ({
  ok: false,
  status,
  error_type: 'server_error',
  message: `HTTP ${status}`,
});

/** A plan whose steps name these booking_id parameters, in order. */
const planNaming = (...ids: unknown[]) =>
  aStoredPlan({
    actions: ids.map((booking_id, i) => ({
      step_number: i + 1,
      action_id: 'getBooking',
      parameters: { booking_id },
      safety_tier: 'normal' as const,
      executed: false,
      step_state: 'pending' as const,
    })),
  });

describe('token check (issue 14, decision 5)', () => {
  describe('planTokenCheck on a plan without a venue: the first booking read', () => {
    it("reads the plan's first booking once with the caller's token and resolves when the read succeeds", async () => {
      // Prepare
      const { api, calls } = answering({ ok: true, status: 200, data: {} });
      const check = planTokenCheck({ api, getBooking });

      // Act
      await check(planNaming('BK-1042'), 'tok-1');

      // Assess
      expect(calls).toEqual([{ action: getBooking, args: { booking_id: 'BK-1042' }, token: 'tok-1' }]);
    });

    it('throws AuthRequiredError on 401', async () => {
      const { api } = answering(failure(401));

      await expect(planTokenCheck({ api, getBooking })(planNaming('BK-1'), 't')).rejects.toBeInstanceOf(
        AuthRequiredError,
      );
    });

    it('throws BookingAccessDeniedError naming the plan on 403', async () => {
      // Prepare
      const { api } = answering(failure(403));
      const plan = planNaming('BK-1');

      // Act
      const error = await planTokenCheck({ api, getBooking })(plan, 't').catch((e: unknown) => e);

      // Assess
      expect(error).toBeInstanceOf(BookingAccessDeniedError);
      expect((error as BookingAccessDeniedError).planId).toBe(plan.plan_id);
      expect((error as BookingAccessDeniedError).reason).toBe('refused');
    });

    it.each([404, 409, 500, undefined])(
      'leaves any other failure (%s) to the executor: resolves',
      async (status) => {
        const { api, calls } = answering(failure(status));

        await expect(planTokenCheck({ api, getBooking })(planNaming('BK-1'), 't')).resolves.toBeUndefined();
        expect(calls).toHaveLength(1);
      },
    );

    it('reads nothing when the plan names no booking outright, or the registry has no get-booking action', async () => {
      // Prepare
      const { api, calls } = answering(failure(401));

      // Act
      await planTokenCheck({ api, getBooking })(planNaming('{{step_1.booking_id}}'), 't');
      await planTokenCheck({ api, getBooking: undefined })(planNaming('BK-1'), 't');

      // Assess
      expect(calls).toEqual([]);
    });
  });
});

describe('planTokenCheck: a plan with a venue (ADR 0010)', () => {
  const VENUE = { venue_id: 'venue-1', name: 'Funland', timezone: 'Australia/Sydney' };

  /** A venue directory answering `lookup`, recording the tokens; and an API that must not be called. */
  function directory(lookup: VenueLookup) {
    const tokens: string[] = [];
    const venues: VenueDirectory = {
      async venueOf(token) {
        tokens.push(token);
        return lookup;
      },
    };
    return { venues, tokens, ...answering({ ok: true, data: {} } as ActionOutcome) };
  }

  it("passes a token of the plan's venue, reading the venue once and no booking", async () => {
    // Prepare
    const { venues, tokens, api, calls } = directory({ ok: true, venue: VENUE });

    // Act
    const check = planTokenCheck({ api, getBooking, venues })(
      { ...planNaming('BK-1'), venue_id: 'venue-1' },
      'tok',
    );

    // Assess
    await expect(check).resolves.toBeUndefined();
    expect(tokens).toEqual(['tok']);
    expect(calls).toEqual([]);
  });

  it('refuses a token of another venue with 403 other_venue', async () => {
    // Prepare
    const { venues, api } = directory({ ok: true, venue: { ...VENUE, venue_id: 'venue-2' } });
    const plan = { ...planNaming('BK-1'), venue_id: 'venue-1' };

    // Act
    const check = planTokenCheck({ api, getBooking, venues })(plan, 'tok');

    // Assess
    await expect(check).rejects.toMatchObject({ name: 'BookingAccessDeniedError', reason: 'other_venue' });
  });

  it.each([
    [401, 'AuthRequiredError'],
    [403, 'BookingAccessDeniedError'],
  ])('refuses when the venue read answers %i (%s)', async (status, name) => {
    // Prepare
    const { venues, api } = directory({ ok: false, status, message: `HTTP ${status}` });

    // Act
    const check = planTokenCheck({ api, getBooking, venues })(
      { ...planNaming(), venue_id: 'venue-1' },
      'tok',
    );

    // Assess
    await expect(check).rejects.toMatchObject({ name });
  });

  it('leaves any other failure of the venue read to the executor', async () => {
    // Prepare
    const { venues, api, calls } = directory({ ok: false, status: 503, message: 'HTTP 503' });

    // Act
    const check = planTokenCheck({ api, getBooking, venues })(
      { ...planNaming('BK-1'), venue_id: 'venue-1' },
      'tok',
    );

    // Assess
    await expect(check).resolves.toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('checks a plan without a venue_id by its first booking, never asking the directory (it would say "other venue")', async () => {
    // Prepare
    const { venues, tokens, api, calls } = directory({
      ok: true,
      venue: { ...VENUE, venue_id: 'venue-other' },
    });

    // Act
    await planTokenCheck({ api, getBooking, venues })(planNaming('BK-1'), 'tok-1');

    // Assess
    expect(tokens).toEqual([]);
    expect(calls).toEqual([{ action: getBooking, args: { booking_id: 'BK-1' }, token: 'tok-1' }]);
  });

  it('checks a plan with a venue_id by its first booking when the booking API declares no venue read', async () => {
    // Prepare
    const { api, calls } = answering({ ok: true, status: 200, data: {} });

    // Act
    await planTokenCheck({ api, getBooking })({ ...planNaming('BK-1'), venue_id: 'venue-1' }, 'tok-1');

    // Assess
    expect(calls).toEqual([{ action: getBooking, args: { booking_id: 'BK-1' }, token: 'tok-1' }]);
  });
});
