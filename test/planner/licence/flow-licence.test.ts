import { describe, expect, it } from 'vitest';
import { unlicensedSteps } from '../../../lib/planner/gate/licence-checks.ts';
import { ActionRegistry } from '../../../lib/registry/action-registry.ts';
import type { CompiledAction } from '../../../lib/registry/compiled-action.ts';
import compiled from '../../../lib/registry/compiled-registry.generated.json' with { type: 'json' };

/** ADR 0012, overlay `licensed_after`: seed 002's reservation flow ends with its payment link. */
const registry = new ActionRegistry((compiled as { actions: CompiledAction[] }).actions);
const create = {
  step_number: 1,
  action_id: 'createBooking',
  parameters: {
    product_id: 'prod_open_jump',
    date: 'Saturday',
    start_time: '10:30',
    party_size: 4,
    guest_name: 'Ana Lee',
  },
};
const link = (booking_id: string, step_number = 2) => ({
  step_number,
  action_id: 'createPaymentLink',
  parameters: { booking_id },
});
const check = (
  userText: string,
  steps: Parameters<typeof unlicensedSteps>[0]['steps'],
  bookings: Parameters<typeof unlicensedSteps>[0]['bookings'] = new Map(),
) =>
  unlicensedSteps({
    steps,
    registry,
    bookings,
    userText,
    bookingFields: new Set(),
    locale: 'en-NZ',
  }).map((e) => `${e.step_number} ${e.code}`);

describe('a flow’s closing step is licensed by the step it closes (seed 002)', () => {
  it('a payment link on the booking a licensed createBooking makes needs no word of its own', () => {
    expect(
      check('Book open jump for 4 on Saturday 10:30 for Ana Lee', [create, link('{{step_1.booking_id}}')]),
    ).toEqual([]);
  });

  it('not when the booking step is itself unlicensed', () => {
    expect(check('Ana Lee is coming on Saturday', [create, link('{{step_1.booking_id}}')])).toEqual([
      '1 unlicensed_step',
      '2 unlicensed_step',
    ]);
  });

  it('not next to anything else: a link on an existing booking still needs "pay" or "payment"', () => {
    // Prepare: the issue-14 leak, a link added to a guest-count change.
    const guests = {
      step_number: 1,
      action_id: 'updateGuestCount',
      parameters: { booking_id: 'bk_1042', party_size: 9 },
    };
    // Assess
    expect(check('BK-1042 is now 9 guests', [guests, link('bk_1042')])).toEqual(['2 unlicensed_step']);
    expect(check('BK-1042 is now 9 guests', [guests, link('{{step_1.booking_id}}')])).toEqual([
      '2 unlicensed_step',
    ]);
    expect(check('send BK-1042 a payment link', [link('bk_1042', 1)])).toEqual([]);
  });
});

describe('a value licenses only inside a request that says something (planner chaos model, seed 14)', () => {
  const guests = {
    step_number: 1,
    action_id: 'updateGuestCount',
    parameters: { booking_id: 'bk_1042', party_size: 9 },
  };
  const move = {
    step_number: 1,
    action_id: 'rescheduleBooking',
    parameters: { booking_id: 'bk_1042', date: '2026-11-28', start_time: '10:00' },
  };

  const smith = new Map([
    ['bk_1042', { booking_id: 'bk_1042', party_size: 6, date: '2026-11-27', start_time: '15:00' }],
  ]);

  it('bare numbers license no guest count and no time', () => {
    expect(check('9', [guests], smith)).toEqual(['1 unlicensed_step']);
    expect(check('10 11', [move], smith)).toEqual(['1 unlicensed_step']);
  });

  it('the same values inside words still do', () => {
    expect(check('BK-1042 is 9 now', [guests], smith)).toEqual([]);
  });

  it('a turn of bare numbers licenses nothing when another turn has words (chaos model, seed 22)', () => {
    // Prepare: the session's user turns, joined by newlines (lib/planner/plan-turn.ts).
    const numbersThenWords = '60?\nHi, what can you help me with?';
    const wordsThenNumbers = 'Resend the confirmation for BK-1042\nPlease add a note to BK-1042\n9';
    // Assess
    expect(check(numbersThenWords, [move], smith)).toEqual(['1 unlicensed_step']);
    expect(check(wordsThenNumbers, [guests], smith)).toEqual(['1 unlicensed_step']);
    expect(check('Move BK-1042\nto Saturday at 10am', [move], smith)).toEqual([]);
  });
});
