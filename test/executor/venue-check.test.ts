import { describe, expect, it } from 'vitest';
import { venueRefusal } from '../../lib/executor/venue-check.ts';
import type { StoredStep } from '../../lib/plans/stored-plan.ts';
import type { ExecutionFailure } from '../../lib/ports/execution-log.ts';
import type { VenueDirectory, VenueLookup } from '../../lib/ports/venue-directory.ts';
import { aConfirmedPlan, steps } from '../support/executor-plans.ts';

/** A venue directory that answers `lookup` and counts its reads (ADR 0010: one read per check). */
function directory(lookup: VenueLookup): VenueDirectory & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    async venueOf(token) {
      reads.push(token);
      return lookup;
    },
  };
}

const HARBOUR: VenueLookup = {
  ok: true,
  venue: { venue_id: 'venue_harbour', name: 'Harbour', timezone: 'Australia/Sydney' },
};

function planOfVenue(venue_id: string | undefined, states: StoredStep['step_state'][] = ['pending']) {
  const plan = aConfirmedPlan(
    states.map(() => steps.guestCount(10)),
    venue_id === undefined ? {} : { venue_id },
  );
  return { ...plan, actions: plan.actions.map((s, i) => ({ ...s, step_state: states[i] ?? 'pending' })) };
}

describe('venue check (ADR 0010): the token must belong to the plan venue before the first write', () => {
  it('passes a token of the plan venue after one read of the token', async () => {
    // Prepare
    const venues = directory(HARBOUR);

    // Act
    const refusal = await venueRefusal(venues, planOfVenue('venue_harbour'), 'tok-1');

    // Assess
    expect(refusal).toBeUndefined();
    expect(venues.reads).toEqual(['tok-1']);
  });

  it('skips the read for a plan without a venue, or without a venue read', async () => {
    // Prepare
    const venues = directory({ ok: false, status: 500, message: 'down' });

    // Act
    const noVenue = await venueRefusal(venues, planOfVenue(undefined), 'tok-1');
    const noDirectory = await venueRefusal(undefined, planOfVenue('venue_harbour'), 'tok-1');

    // Assess
    expect([noVenue, noDirectory]).toEqual([undefined, undefined]);
    expect(venues.reads).toEqual([]);
  });

  it('skips the read once any step has left pending (the resume token was checked on answer)', async () => {
    for (const started of ['intent_recorded', 'succeeded', 'failed'] as const) {
      // Prepare
      const venues = directory({ ok: false, status: 500, message: 'down' });

      // Act
      const refusal = await venueRefusal(venues, planOfVenue('venue_harbour', ['pending', started]), 't');

      // Assess
      expect(refusal).toBeUndefined();
      expect(venues.reads).toEqual([]);
    }
  });

  it('refuses a token of another venue as unauthorized, on step 1, telling the user what to do', async () => {
    // Prepare
    const venues = directory({
      ...HARBOUR,
      venue: { ...HARBOUR.venue, venue_id: 'venue_other' },
    } as VenueLookup);

    // Act
    const refusal = await venueRefusal(venues, planOfVenue('venue_harbour', ['pending', 'pending']), 't');

    // Assess
    expect(refusal).toEqual<ExecutionFailure>({
      kind: 'venue_refused',
      step_number: 1,
      error_type: 'unauthorized',
      message:
        "Nothing was changed: this plan belongs to another venue than the one you are signed in to. Sign in to the plan's venue, then ask again.",
    });
  });

  it('refuses a token the booking API rejects (401 or 403) as an expired session', async () => {
    for (const status of [401, 403]) {
      // Act
      const refusal = await venueRefusal(
        directory({ ok: false, status, message: 'no' }),
        planOfVenue('venue_harbour'),
        't',
      );

      // Assess
      expect(refusal).toEqual<ExecutionFailure>({
        kind: 'venue_refused',
        step_number: 1,
        error_type: 'unauthorized',
        message: 'Nothing was changed: your session has expired. Sign in again, then ask again.',
      });
    }
  });

  it('refuses when the venue cannot be read (no answer, 5xx, 404): a check that cannot run must not pass', async () => {
    for (const status of [undefined, 500, 503, 404, 400]) {
      // Act
      const refusal = await venueRefusal(
        directory({ ok: false, status, message: 'no' }),
        planOfVenue('venue_harbour'),
        't',
      );

      // Assess: not an authorization problem, so no error_type.
      expect(refusal).toEqual<ExecutionFailure>({
        kind: 'venue_refused',
        step_number: 1,
        message:
          'Nothing was changed: the booking system could not confirm which venue you are signed in to, so no booking was touched. Ask again in a few minutes.',
      });
    }
  });
});
