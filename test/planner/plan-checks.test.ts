import { describe, expect, it } from 'vitest';
import { groundingErrors } from '../../lib/planner/gate/grounding-checks.ts';
import { planErrors } from '../../lib/planner/gate/plan-checks.ts';
import { stepDependencies, stepsOnCycles } from '../../lib/planner/placeholders.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';

const registry = loadCompiledRegistry();
const step = (step_number: number, action_id: string, parameters: Record<string, unknown>) => ({
  step_number,
  action_id,
  parameters,
});
const codes = (errors: { code: string; step_number?: number }[]) =>
  errors.map((e) => [e.step_number, e.code]);

describe('planErrors (the structural part of the validation gate)', () => {
  it('accepts a well-formed plan whose placeholders point back to declared outputs', () => {
    const steps = [
      step(1, 'getBooking', { booking_id: 'bk_1' }),
      step(2, 'rescheduleBooking', {
        booking_id: '{{step_1.booking_id}}',
        date: '2026-03-14',
        start_time: '15:00',
      }),
      step(3, 'sendBookingConfirmation', { booking_id: '{{ step_2.booking_id }}', channel: 'email' }),
    ];
    expect(planErrors(steps, registry)).toEqual([]);
  });

  it('rejects unknown and blocked actions', () => {
    const steps = [
      step(1, 'teleportBooking', {}),
      step(2, 'refundBooking', { booking_id: 'bk_1', amount: 5 }),
    ];
    expect(codes(planErrors(steps, registry))).toEqual([
      [1, 'unknown_action'],
      [2, 'blocked_action'],
    ]);
  });

  it('rejects missing required parameters, unknown ones and wrong types', () => {
    const steps = [
      step(1, 'rescheduleBooking', { booking_id: 'bk_1', date: 'Saturday', time: '15:00' }),
      step(2, 'updateGuestCount', { booking_id: 'bk_1', party_size: 0 }),
      step(3, 'sendBookingConfirmation', { booking_id: 'bk_1', channel: 'fax' }),
    ];
    expect(planErrors(steps, registry).map((e) => [e.step_number, e.code, e.message])).toEqual([
      [1, 'unknown_parameter', 'rescheduleBooking has no parameter time'],
      [1, 'invalid_value', 'date must be a date YYYY-MM-DD'],
      [1, 'missing_parameter', 'start_time is required by rescheduleBooking'],
      [2, 'invalid_value', 'party_size must be at least 1'],
      [3, 'invalid_value', 'channel must be one of email, sms'],
    ]);
  });

  it('rejects placeholders that point forward, nowhere, or to an undeclared field', () => {
    const steps = [
      step(1, 'updateGuestCount', { booking_id: '{{step_2.booking_id}}', party_size: 4 }),
      step(2, 'sendBookingConfirmation', { booking_id: '{{step_1.guest_name}}', channel: 'email' }),
      step(3, 'addBookingNote', { booking_id: '{{step_0.booking_id}}', text: 'see {{step1.x}}' }),
    ];
    expect(codes(planErrors(steps, registry))).toEqual([
      [1, 'forward_reference'],
      [2, 'unknown_output_field'],
      [3, 'forward_reference'],
      [3, 'malformed_placeholder'],
      [undefined, 'dependency_cycle'],
    ]);
  });

  it('rejects an empty plan', () => {
    expect(codes(planErrors([], registry))).toEqual([[undefined, 'empty_plan']]);
  });
});

describe('stepDependencies / stepsOnCycles (seed 003: dependencies derived from placeholders)', () => {
  it('derives dependencies and finds the steps on a cycle', () => {
    const steps = [
      step(1, 'a', { x: '{{step_2.y}}' }),
      step(2, 'b', { y: '{{step_1.x}} and {{step_3.z}}' }),
      step(3, 'c', { z: 'plain' }),
    ];
    const deps = stepDependencies(steps);
    expect([...(deps.get(2) ?? [])].sort()).toEqual([1, 3]);
    expect(stepsOnCycles(deps)).toEqual([1, 2]);
    expect(stepsOnCycles(stepDependencies([step(1, 'a', {}), step(2, 'b', { y: '{{step_1.x}}' })]))).toEqual(
      [],
    );
  });
});

describe('groundingErrors (000 Planning Rules 2: never assume guest counts or contact details)', () => {
  const bookings = new Map([
    ['bk_1', { booking_id: 'bk_1', party_size: 10, email: 'old@example.com', guest_name: 'Rose Hill' }],
  ]);
  const check = (parameters: Record<string, unknown>, userText: string, carriedValues: unknown[] = []) =>
    groundingErrors({
      steps: [
        step(
          1,
          parameters.party_size === undefined ? 'updateContactDetails' : 'updateGuestCount',
          parameters,
        ),
      ],
      registry,
      bookings,
      userText,
      carriedValues,
      bookingFields: new Set(['party_size', 'email']),
      locale: 'en-AU',
    }).map((e) => e.code);

  it.each([
    [{ booking_id: 'bk_1', party_size: 12 }, 'make it 12 guests'],
    [{ booking_id: 'bk_1', party_size: 12 }, 'two more people please'],
    [{ booking_id: 'bk_1', party_size: 6 }, 'a party of six'],
    [{ booking_id: 'bk_1', email: 'Jane@New.com' }, 'her email is jane@new.com'],
    [{ booking_id: 'bk_1', phone: '+61 412 555 019' }, 'phone 0061412555019? no: +61412555019'],
    // A name corrected by one word: the other word is the booking's own.
    [{ booking_id: 'bk_1', guest_name: 'Rosa Hill' }, 'her name is actually Rosa, not Rose'],
  ])('accepts %j from "%s"', (parameters, text) => {
    expect(check(parameters, text)).toEqual([]);
  });

  it.each([
    [{ booking_id: 'bk_1', party_size: 14 }, 'add some more guests'],
    [{ booking_id: 'bk_1', email: 'guess@example.com' }, 'update the email'],
    [{ booking_id: 'bk_1', guest_name: 'Jane Doe' }, 'change the name'],
    // Words the user typed that speak of no name, or a name word nobody typed, correct nothing.
    [{ booking_id: 'bk_1', guest_name: 'Friday Hill' }, 'move her to Friday'],
    [{ booking_id: 'bk_1', guest_name: 'Rosa Hilton' }, 'her name is actually Rosa'],
    [{ booking_id: 'bk_1', guest_name: 'Rose Hill' }, 'fix the name spelling'],
    // The stored history is masked: a masked value copied from it is not the user's (ask again).
    [{ booking_id: 'bk_1', email: 'j***@new.com' }, 'her email is j***@new.com'],
    [{ booking_id: 'bk_1', phone: '***78' }, 'phone ***78'],
  ])('rejects %j from "%s"', (parameters, text) => {
    expect(check(parameters, text)).toEqual(['ungrounded_value']);
  });

  it('accepts values carried over from the pending plan being amended', () => {
    expect(check({ booking_id: 'bk_1', party_size: 14 }, 'actually make it 4pm', [14])).toEqual([]);
  });
});
