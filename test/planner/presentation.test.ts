import { describe, expect, it } from 'vitest';
import { buildPresentation, clampSummary } from '../../lib/planner/presentation.ts';
import { quickActions } from '../../lib/planner/quick-actions.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';

const registry = loadCompiledRegistry();
/** Wednesday 11 March 2026, 12:00 in Sydney. */
const venue = { now: new Date('2026-03-11T01:00:00Z'), timeZone: 'Australia/Sydney', locale: 'en-AU' };
const booking = {
  booking_id: 'bk_1',
  booking_reference: 'BK-1042',
  guest_name: 'John Smith',
  date: '2026-03-13',
  start_time: '11:00',
  party_size: 12,
};

describe('buildPresentation', () => {
  it('writes one line per step with before → after, and keeps a time-only move on the same day', () => {
    const presentation = buildPresentation(
      [
        {
          step_number: 1,
          action_id: 'rescheduleBooking',
          parameters: { booking_id: 'bk_1', date: '2026-03-13', start_time: '16:00' },
        },
        { step_number: 2, action_id: 'updateGuestCount', parameters: { booking_id: 'bk_1', party_size: 14 } },
      ],
      registry,
      new Map([['bk_1', booking]]),
      venue,
    );
    expect(presentation.steps.map((s) => s.line)).toEqual([
      'Reschedule booking BK-1042 (John Smith) from Fri 13 Mar 11:00 → Fri 13 Mar 16:00',
      'Update guest count BK-1042 (John Smith): party size 12 → 14',
    ]);
    // Issue 14: the summary is rendered from the lines, never taken from the model.
    expect(presentation.intent_summary).toBe(
      'Reschedule booking BK-1042 (John Smith) from Fri 13 Mar 11:00 → Fri 13 Mar 16:00; then Update guest count BK-1042 (John Smith): party size 12 → 14',
    );
  });

  it('falls back to the booking id and "to …" when the booking is unknown', () => {
    const presentation = buildPresentation(
      [
        {
          step_number: 1,
          action_id: 'rescheduleBooking',
          parameters: { booking_id: 'bk_9', date: '2026-03-14', start_time: '10:00' },
        },
      ],
      registry,
      new Map(),
      venue,
    );
    expect(presentation).toEqual({
      intent_summary: 'Reschedule booking bk_9 to Sat 14 Mar 10:00',
      steps: [
        {
          step_number: 1,
          line: 'Reschedule booking bk_9 to Sat 14 Mar 10:00',
          safety_tier: 'normal',
          irreversible: false,
        },
      ],
    });
  });
});

describe('clampSummary (001: intent_summary ≤ 200 chars)', () => {
  it('keeps short summaries and cuts long ones with an ellipsis', () => {
    expect(clampSummary('  Move   it  ')).toBe('Move it');
    const long = clampSummary('x'.repeat(250));
    expect(long).toHaveLength(200);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('quickActions (000 Planning Rules 5: quick-action shortcuts)', () => {
  it('offers only safe mutations (normal, reversible), the most relevant to the user’s words first', () => {
    const actions = registry.modelVisible();
    const shortcuts = quickActions(actions, 'the guests thing');
    expect(shortcuts[0]).toBe('Change the Smith booking to 12 guests');
    expect(shortcuts).toHaveLength(4);
    expect(shortcuts).not.toContain('Cancel the Smith booking');
    expect(shortcuts).not.toContain('Send John the updated confirmation');
  });
});
