import { describe, expect, it } from 'vitest';
import { RequestOutcome } from '../../lib/planner/request-outcome.ts';
import type { ActionCall, BookingApi } from '../../lib/ports/booking-api.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import { outcomeViolations, type PlanOracle, recordLookups } from './plan-invariant.ts';

const registry = loadCompiledRegistry();

function aPlanOutcome(parameters: Record<string, unknown>): RequestOutcome {
  return RequestOutcome.parse({
    kind: 'plan',
    plan: {
      plan_id: '3b0f6a52-4c1e-4d7a-9f0e-2a1b3c4d5e6f',
      session_id: 's',
      user_id: 'user_ops_harbour',
      intent_summary: 'Move BK-1042',
      status: 'pending_confirmation',
      actions: [
        {
          step_number: 1,
          action_id: 'rescheduleBooking',
          parameters,
          safety_tier: 'normal',
          executed: false,
        },
      ],
      created_at: '2026-03-11T01:00:00.000Z',
    },
    presentation: {
      intent_summary: 'Move BK-1042',
      steps: [{ step_number: 1, line: 'Move', safety_tier: 'normal', irreversible: false }],
    },
  });
}

const oracle = (lookedUp: string[]): PlanOracle => ({
  asked: new Set(['rescheduleBooking']),
  counts: new Set(),
  dates: new Set(['2026-03-14']),
  times: new Set(['10:00']),
  said: 'Move BK-1042 to Saturday at 10am',
  looked_up: new Set(lookedUp),
});

describe('outcomeViolations (issue 31)', () => {
  const stated = { booking_id: 'bk_smith', date: '2026-03-14', start_time: '10:00' };

  it('passes a plan on a booking this episode looked up, with the stated date and time', () => {
    // Act / Assess
    expect(outcomeViolations(aPlanOutcome(stated), oracle(['bk_smith']), registry)).toEqual([]);
  });

  it('fails a real booking that no lookup of this episode returned', () => {
    // Act
    const violations = outcomeViolations(aPlanOutcome(stated), oracle(['bk_tan']), registry);
    // Assess
    expect(violations).toEqual([
      "step 1 rescheduleBooking: booking_id bk_smith is not a booking this episode's lookups returned",
    ]);
  });

  it('fails a date or a time the user did not state', () => {
    // Act
    const violations = outcomeViolations(
      aPlanOutcome({ ...stated, date: '2026-03-21', start_time: '15:00' }),
      oracle(['bk_smith']),
      registry,
    );
    // Assess
    expect(violations).toEqual([
      'step 1 rescheduleBooking: date 2026-03-21 is not the date the user stated',
      'step 1 rescheduleBooking: start_time 15:00 is not the time the user stated',
    ]);
  });
});

describe('recordLookups', () => {
  it('collects the booking ids read-only calls answered with, and not those of writes', async () => {
    // Prepare
    const data = { results: [{ booking_id: 'bk_a', nested: { booking_id: 'bk_b' } }] };
    const fake: BookingApi = { invoke: async () => ({ ok: true, status: 200, data }) };
    const recorder = recordLookups(fake);
    const call = (id: string): ActionCall => {
      const action = registry.get(id);
      if (!action) throw new Error(`no action ${id}`);
      return { action, args: {}, token: 't' };
    };
    // Act
    await recorder.api.invoke(call('updateGuestCount'));
    const afterWrite = [...recorder.ids];
    await recorder.api.invoke(call('searchBookings'));
    // Assess
    expect(afterWrite).toEqual([]);
    expect([...recorder.ids].sort()).toEqual(['bk_a', 'bk_b']);
  });
});
