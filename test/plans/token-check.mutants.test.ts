import { describe, expect, it } from 'vitest';
import { BookingAccessDeniedError } from '../../lib/plans/errors.ts';
import { planTokenCheck } from '../../lib/plans/token-check.ts';
import type { ActionCall, ActionOutcome, BookingApi } from '../../lib/ports/booking-api.ts';
import type { VenueDirectory } from '../../lib/ports/venue-directory.ts';
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

/** A venue directory that says every token belongs to venue `venueId`, recording the tokens asked about. */
function venueDirectoryOf(venueId: string) {
  const asked: string[] = [];
  const venues: VenueDirectory = {
    async venueOf(token) {
      asked.push(token);
      return { ok: true, venue: { venue_id: venueId, name: 'Other venue', timezone: 'Australia/Sydney' } };
    },
  };
  return { venues, asked };
}

describe('planTokenCheck: which read proves the token', () => {
  it('checks a plan without a venue_id by its first booking even when a venue directory is offered', async () => {
    // Prepare: the directory would refuse (another venue) if it were asked
    const { api, calls } = answering({ ok: true, status: 200, data: {} });
    const { venues, asked } = venueDirectoryOf('venue-other');
    const plan = aStoredPlan();

    // Act
    await planTokenCheck({ api, getBooking, venues })(plan, 'tok-1');

    // Assess
    expect(asked).toEqual([]);
    expect(calls).toEqual([{ action: getBooking, args: { booking_id: 'BK-1042' }, token: 'tok-1' }]);
  });

  it('checks a plan with a venue_id by its first booking when the API declares no venue read', async () => {
    // Prepare
    const { api, calls } = answering({ ok: true, status: 200, data: {} });
    const plan = aStoredPlan({ venue_id: 'venue-1' });

    // Act
    await planTokenCheck({ api, getBooking })(plan, 'tok-1');

    // Assess
    expect(calls).toHaveLength(1);
  });
});

describe('planTokenCheck: the reason of a refusal', () => {
  it("names 'refused' when the booking API answers 403", async () => {
    // Prepare
    const { api } = answering({ ok: false, status: 403, error_type: 'unauthorized', message: 'HTTP 403' });
    const plan = aStoredPlan();

    // Act
    const refusal = await planTokenCheck({ api, getBooking })(plan, 't').catch((error: unknown) => error);

    // Assess
    expect(refusal).toBeInstanceOf(BookingAccessDeniedError);
    expect(refusal).toMatchObject({ planId: plan.plan_id, reason: 'refused' });
  });
});
