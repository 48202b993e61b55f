import { describe, expect, it } from 'vitest';
import { noOpSteps } from '../../lib/planner/gate/no-op-checks.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';

const registry = loadCompiledRegistry();
const bookings = new Map([
  [
    'bk_1',
    {
      booking_id: 'bk_1',
      date: '2026-12-12',
      start_time: '10:30',
      party_size: 14,
      email: 'a@example.com',
      phone: '+61 412 345 678',
    },
  ],
]);
const check = (action_id: string, parameters: Record<string, unknown>) =>
  noOpSteps([{ step_number: 1, action_id, parameters }], registry, bookings, 'en-AU').map((e) => e.code);

describe('noOpSteps (issue 16: a plan that changes nothing is never shown)', () => {
  it.each([
    ['rescheduleBooking', { booking_id: 'bk_1', date: '2026-12-12', start_time: '10:30' }],
    ['updateGuestCount', { booking_id: 'bk_1', party_size: 14 }],
    ['updateContactDetails', { booking_id: 'bk_1', email: 'a@example.com' }],
    // Issue 30: the E.164 value and the booking's "+61 412 345 678" are one number.
    ['updateContactDetails', { booking_id: 'bk_1', phone: '+61412345678' }],
  ])('refuses %s to the values the booking already holds (%j)', (action, parameters) => {
    expect(check(action, parameters)).toEqual(['no_change']);
  });

  it.each([
    ['rescheduleBooking', { booking_id: 'bk_1', date: '2026-12-12', start_time: '15:00' }],
    ['updateGuestCount', { booking_id: 'bk_1', party_size: 15 }],
    ['updateContactDetails', { booking_id: 'bk_1', email: 'a@example.com', phone: '+64 21 555 0101' }],
    ['updateContactDetails', { booking_id: 'bk_1', phone: '+61412345679' }],
    ['addBookingNote', { booking_id: 'bk_1', text: 'Bring a cake' }],
    ['cancelBooking', { booking_id: 'bk_1' }],
    ['rescheduleBooking', { booking_id: 'bk_unknown', date: '2026-12-12', start_time: '10:30' }],
  ])('accepts %s that changes something, or that it cannot compare (%j)', (action, parameters) => {
    expect(check(action, parameters)).toEqual([]);
  });
});
