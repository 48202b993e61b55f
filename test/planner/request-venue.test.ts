import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import type { TokenVenue, VenueDirectory, VenueLookup } from '../../lib/ports/venue-directory.ts';
import { expectKind, params, plannerHarness, systemPromptOf } from './support/planner-harness.ts';

/** A scripted propose_plan moving BK-1042 (John Smith, Fri 13 Mar 2026 11:00) to the user's words. */
function moveJohn(date: string, time: string) {
  return fakeModel().respondWithTools([
    {
      name: 'propose_plan',
      id: 'c1',
      args: {
        intent_summary: 'Move John Smith’s booking',
        steps: [
          {
            action_id: 'rescheduleBooking',
            parameters: params({ booking_id: 'bk_1042', date, start_time: time }),
          },
        ],
      },
    },
  ]);
}

/** The booking API's venue read, answering one lookup for every token, and counting the reads. */
function venueRead(answer: VenueLookup): VenueDirectory & { reads: number } {
  const directory = {
    reads: 0,
    async venueOf() {
      directory.reads += 1;
      return answer;
    },
  };
  return directory;
}

const CHICAGO: TokenVenue = {
  venue_id: 'venue_chicago',
  name: 'Lakeshore',
  timezone: 'America/Chicago',
  locale: 'en-US',
};

/**
 * Issue 27: the planner reads the token's venue before the turn and reads the request on its clock and in its
 * locale; the deployment's VENUE_TIMEZONE (Sydney) and default locale (en-AU) are only the fallback. Now: Wednesday
 * 11 March 2026, 01:00 UTC.
 */
describe('createPlanner: the request is read in its token’s venue', () => {
  it('reads "12/5" as December 5 for an en-US venue, shows it the US way and records the venue clock', async () => {
    // Prepare
    const venues = venueRead({ ok: true, venue: CHICAGO });
    const model = moveJohn('12/5', '3pm');
    const h = plannerHarness({ model, venues });

    // Act
    const outcome = expectKind(await h.send('Move John Smith to 12/5 at 3pm'), 'plan');

    // Assess
    expect(outcome.plan.actions[0]?.parameters).toEqual({
      booking_id: 'bk_1042',
      date: '2026-12-05',
      start_time: '15:00',
    });
    expect(outcome.plan).toMatchObject({
      venue_id: 'venue_chicago',
      venue_timezone: 'America/Chicago',
      venue_locale: 'en-US',
    });
    expect(outcome.presentation.steps[0]?.line).toBe(
      'Reschedule booking BK-1042 (John Smith) from Fri, Mar 13, 11:00 AM → Sat, Dec 5, 3:00 PM',
    );
    expect(systemPromptOf(model, 0)).toContain('timezone America/Chicago, locale en-US.');
    expect(venues.reads).toBe(1);
  });

  it('falls back to VENUE_TIMEZONE and VENUE_LOCALE only for a booking API without a venue read', async () => {
    // Prepare
    const h = plannerHarness({ model: moveJohn('12/5', '3pm') });

    // Act
    const outcome = expectKind(await h.send('Move John Smith to 12/5 at 3pm'), 'plan');

    // Assess
    expect(outcome.plan.actions[0]?.parameters).toMatchObject({ date: '2026-05-12', start_time: '15:00' });
    expect(outcome.plan).toMatchObject({ venue_timezone: 'Australia/Sydney', venue_locale: 'en-AU' });
    expect(outcome.plan.venue_id).toBeUndefined();
  });

  it('keeps the venue’s timezone and takes the config locale when the venue read gives no locale', async () => {
    // Prepare
    const { locale: _none, ...withoutLocale } = CHICAGO;
    const h = plannerHarness({
      model: moveJohn('tomorrow', '3pm'),
      venues: venueRead({ ok: true, venue: withoutLocale }),
      config: { VENUE_LOCALE: 'en-GB' },
    });

    // Act
    const outcome = expectKind(await h.send('Move John Smith to tomorrow at 3pm'), 'plan');

    // Assess: 01:00 UTC on 11 March is still 10 March in Chicago.
    expect(outcome.plan.actions[0]?.parameters).toMatchObject({ date: '2026-03-11' });
    expect(outcome.plan).toMatchObject({ venue_timezone: 'America/Chicago', venue_locale: 'en-GB' });
  });

  it.each([
    [401, { name: 'AuthRequiredError', errorType: 'auth_required' }],
    [503, { name: 'BookingLookupUnavailableError', errorType: 'service_unavailable' }],
  ])('stops before the model and writes nothing when the venue read answers %i', async (status, error) => {
    // Prepare
    const model = moveJohn('12/5', '3pm');
    const h = plannerHarness({ model, venues: venueRead({ ok: false, status, message: 'refused' }) });

    // Act
    const failure = h.send('Move John Smith to 12/5 at 3pm');

    // Assess
    await expect(failure).rejects.toMatchObject(error);
    expect(model.calls ?? []).toHaveLength(0);
    expect(await h.planStore.listBySession('session-1')).toEqual([]);
  });

  it('cancels by keyword without reading the venue', async () => {
    // Prepare
    const venues = venueRead({ ok: false, status: 503, message: 'down' });
    const h = plannerHarness({ model: moveJohn('12/5', '3pm'), venues });

    // Act
    const outcome = await h.send('never mind');

    // Assess
    expect(outcome).toMatchObject({ kind: 'clarification', reply_type: 'cancelled' });
    expect(venues.reads).toBe(0);
  });
});
