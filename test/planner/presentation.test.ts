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

describe("buildPresentation in the venue's conventions (issue 27)", () => {
  /** Saturday 5 December 2026 19:00, moved from Friday 4 December 11:00, next year's 2 January shown with its year. */
  const steps = [
    {
      step_number: 1,
      action_id: 'rescheduleBooking',
      parameters: { booking_id: 'bk_1', date: '2026-12-05', start_time: '19:00' },
    },
  ];
  const december = { ...booking, date: '2026-12-04', start_time: '11:00' };
  const now = new Date('2026-11-23T00:30:00Z');

  it.each([
    [
      'en-US',
      'America/Chicago',
      'Reschedule booking BK-1042 (John Smith) from Fri, Dec 4, 11:00 AM → Sat, Dec 5, 7:00 PM',
    ],
    [
      'en-AU',
      'Australia/Sydney',
      'Reschedule booking BK-1042 (John Smith) from Fri 4 Dec 11:00 → Sat 5 Dec 19:00',
    ],
  ])('shows a %s venue its own date and clock order', (locale, timeZone, line) => {
    // Act
    const presentation = buildPresentation(steps, registry, new Map([['bk_1', december]]), {
      now,
      timeZone,
      locale,
    });

    // Assess
    expect(presentation.steps[0]?.line).toBe(line);
  });

  it("adds the year of a date outside the venue's current year, in the venue's order", () => {
    // Prepare
    const nextYear = [
      {
        step_number: 1,
        action_id: 'rescheduleBooking',
        parameters: { booking_id: 'bk_9', date: '2027-01-02', start_time: '09:05' },
      },
    ];

    // Act
    const us = buildPresentation(nextYear, registry, new Map(), {
      now,
      timeZone: 'America/Chicago',
      locale: 'en-US',
    });
    const au = buildPresentation(nextYear, registry, new Map(), {
      now,
      timeZone: 'Australia/Sydney',
      locale: 'en-AU',
    });

    // Assess
    expect(us.steps[0]?.line).toBe('Reschedule booking bk_9 to Sat, Jan 2, 2027, 9:05 AM');
    expect(au.steps[0]?.line).toBe('Reschedule booking bk_9 to Sat 2 Jan 2027 09:05');
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

describe('buildPresentation: products by name (issue 30)', () => {
  it('names the product a new booking is for, never its id', () => {
    // Prepare
    const step = {
      step_number: 1,
      action_id: 'createBooking',
      parameters: {
        product_id: 'prod_party_room',
        date: '2026-03-14',
        start_time: '10:00',
        party_size: 8,
        guest_name: 'Jane Doe',
      },
    };

    // Act
    const presentation = buildPresentation(
      [step],
      registry,
      new Map(),
      venue,
      new Map([['prod_party_room', 'Birthday Party Room']]),
    );

    // Assess
    const line = presentation.steps[0]?.line ?? '';
    expect(line).toContain('product Birthday Party Room');
    expect(line).not.toContain('prod_party_room');
  });
});
