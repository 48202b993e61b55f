import { describe, expect, it } from 'vitest';
import { readPath } from '../../../lib/contracts/template-grammar.ts';
import { beforeFieldsOf, pick } from '../../../lib/executor/step/pre-image.ts';
import { CompiledAction } from '../../../lib/registry/compiled-action.ts';

describe('pre-image', () => {
  it('keeps dotted {{before.a.b}} fields nested, so the compensation reads them back with the same path', () => {
    // Prepare: a compensation that restores a nested field and a list item of the pre-image.
    const action = CompiledAction.parse({
      action_id: 'updateBooking',
      name: 'Update booking',
      description: 'Updates a booking.',
      safety_tier: 'normal',
      reversible: true,
      compensation_action_id: 'updateBooking',
      method: 'PUT',
      path: '/bookings/{id}',
      read_only: false,
      output_fields: [],
      parameters: [],
      compensation: {
        action_id: 'updateBooking',
        parameters: {
          start_at: '{{before.booking.start_at}}',
          who: '{{before.booking.segments.0.team_member_id}}',
        },
      },
    });
    const data = {
      booking: {
        start_at: '2026-03-14T10:00:00Z',
        segments: [{ team_member_id: 'tm_1' }],
        customer_note: 'x',
      },
      version: 3,
    };
    // Act
    const before = pick(data, beforeFieldsOf(action));
    // Assess: only what the compensation reads (plus identity fields), at the same paths.
    expect(before).toEqual({
      version: 3,
      booking: { start_at: '2026-03-14T10:00:00Z', segments: { 0: { team_member_id: 'tm_1' } } },
    });
    expect(readPath(before, 'booking.start_at')).toBe('2026-03-14T10:00:00Z');
    expect(readPath(before, 'booking.segments.0.team_member_id')).toBe('tm_1');
  });

  it('never enters a value taken whole, and never changes the response it reads', () => {
    // Prepare
    const data = { booking: { start_at: 'a', note: 'n' } };
    // Act
    const before = pick(data, ['booking', 'booking.start_at']);
    // Assess
    expect(before).toEqual({ booking: { start_at: 'a', note: 'n' } });
    expect(data).toEqual({ booking: { start_at: 'a', note: 'n' } });
  });
});
