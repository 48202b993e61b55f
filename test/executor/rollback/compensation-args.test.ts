import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compensationArgs } from '../../../lib/executor/rollback/compensation-args.ts';
import { bookingIdOf, compensationIfMatch } from '../../../lib/executor/rollback/compensation-if-match.ts';
import type { StoredPlan, StoredStep } from '../../../lib/plans/stored-plan.ts';
import { loadCompiledRegistry } from '../../../lib/registry/compiled-registry.ts';
import { aConfirmedPlan, type StepInput, steps } from '../../support/executor-plans.ts';
import { BK_1042_BEFORE, recorded } from '../../support/rollback-rig.ts';

const registry = loadCompiledRegistry();
const action = (id: string) => registry.require(id);

/** One recorded step of `input` (step 1 of a fresh plan). */
function stepOf(input: StepInput, record: Parameters<typeof recorded>[2], state: StoredStep['step_state']) {
  const [step] = aConfirmedPlan([input]).actions;
  if (!step) throw new Error('no step');
  return recorded(step, state, record);
}

/** compensation-args.ts: the undo call from what was recorded, and only from that (docs/design-facts.md: deterministic). */
describe('compensationArgs', () => {
  it('takes a value the forward call returned ({{response.x}}): a note is deleted by the id it got', () => {
    const step = stepOf(
      steps.note('Cake at 3'),
      { response: { note_id: 'n_77', text: 'Cake at 3' } },
      'succeeded',
    );

    expect(compensationArgs(step, action('addBookingNote'), action('deleteBookingNote'))).toEqual({
      ok: true,
      action_id: 'deleteBookingNote',
      args: { booking_id: 'bk_1042', note_id: 'n_77' },
    });
  });

  it('refuses when a required value was never recorded, naming it', () => {
    const step = stepOf(steps.note('Cake at 3'), {}, 'succeeded');

    expect(compensationArgs(step, action('addBookingNote'), action('deleteBookingNote'))).toEqual({
      ok: false,
      reason: 'the values needed to undo it were not recorded (note_id)',
    });
  });

  it('names every required value that is missing', () => {
    const step = stepOf(
      steps.reschedule('2026-12-19', '10:00'),
      { before: { booking_id: 'bk_1042' } },
      'succeeded',
    );

    expect(compensationArgs(step, action('rescheduleBooking'), action('rescheduleBooking'))).toEqual({
      ok: false,
      reason: 'the values needed to undo it were not recorded (date, start_time)',
    });
  });

  it('leaves out an optional value that was never recorded', () => {
    const { phone: _phone, email: _email, ...before } = BK_1042_BEFORE;
    const step = stepOf(steps.contact({ guest_name: 'Jon Smith' }), { before }, 'succeeded');

    expect(compensationArgs(step, action('updateContactDetails'), action('updateContactDetails'))).toEqual({
      ok: true,
      action_id: 'updateContactDetails',
      args: { booking_id: 'bk_1042', guest_name: 'John Smith' },
    });
  });

  it('an action without a compensation has none to plan', () => {
    const step = stepOf(steps.confirmation('email'), { response: { sent: true } }, 'succeeded');

    expect(
      compensationArgs(step, action('sendBookingConfirmation'), action('sendBookingConfirmation')),
    ).toEqual({ ok: false, reason: 'sendBookingConfirmation declares no compensation' });
  });
});

describe('bookingIdOf', () => {
  const NO_RESULT = Symbol('no result');
  const NO_DATA = Symbol('no response data');
  const NO_REQUEST = Symbol('no request recorded');
  const recordedBooking = fc.oneof(
    fc.constant(undefined),
    fc.constantFrom('', '{{step_1.booking_id}}', 'bk_2001'),
    fc.anything(),
  );
  const usable = (v: unknown) => (typeof v === 'string' && v !== '' && !v.includes('{{') ? v : undefined);

  it('is the non-empty, resolved booking id the step returned, else the one it was sent, else none', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(NO_RESULT, NO_DATA), recordedBooking),
        fc.oneof(fc.constant(NO_REQUEST), recordedBooking),
        (returned, sent) => {
          const step: StoredStep = {
            ...stepOf(steps.guestCount(14), { resolved: null }, 'succeeded'),
            ...(returned === NO_RESULT
              ? {}
              : returned === NO_DATA
                ? { result: { success: false, error_message: 'x' } }
                : { result: { success: true, response_data: { booking_id: returned } } }),
            ...(sent === NO_REQUEST ? {} : { resolved_parameters: { booking_id: sent } }),
          };

          expect(bookingIdOf(step)).toBe(usable(returned) ?? usable(sent));
        },
      ),
    );
  });
});

/** compensation-if-match.ts: the If-Match of a compensation is the version of OUR latest write to that booking. */
describe('compensationIfMatch', () => {
  type Row = [StepInput, StoredStep['step_state'], Record<string, unknown> | undefined];

  function planOf(rows: Row[]): StoredPlan {
    const plan = aConfirmedPlan(rows.map(([input]) => input));
    plan.actions = plan.actions.map((s, i) => {
      const [, state, response] = rows[i] as Row;
      return recorded(s, state, response ? { response } : {});
    });
    return plan;
  }

  const versions = (plan: StoredPlan, n: number, compensated: Record<string, number> = {}) =>
    compensationIfMatch(plan, n, compensated, registry);

  it('is about the step asked for, not the first one', () => {
    const plan = planOf([
      [steps.guestCount(14, 'bk_1043'), 'succeeded', { booking_id: 'bk_1043', version: 8 }],
      [steps.guestCount(14), 'succeeded', { booking_id: 'bk_1042', version: 3 }],
    ]);

    expect(versions(plan, 2)).toBe('3');
    expect(versions(plan, 1)).toBe('8');
  });

  it('counts only writes to the same booking', () => {
    const plan = planOf([
      [steps.guestCount(14), 'succeeded', { booking_id: 'bk_1042', version: 3 }],
      [steps.guestCount(9, 'bk_1043'), 'succeeded', { booking_id: 'bk_1043', version: 7 }],
    ]);

    expect(versions(plan, 1)).toBe('3');
  });

  it('never counts a read as a write, even when it returned a version', () => {
    const plan = planOf([
      [steps.guestCount(14), 'succeeded', { booking_id: 'bk_1042', version: 3 }],
      [
        { action_id: 'getBooking', parameters: { booking_id: 'bk_1042' } },
        'succeeded',
        { booking_id: 'bk_1042', version: 9 },
      ],
    ]);

    expect(versions(plan, 1)).toBe('3');
  });

  it('counts a write of an action the registry no longer knows (it may have changed the booking)', () => {
    const plan = planOf([
      [steps.guestCount(14), 'succeeded', { booking_id: 'bk_1042', version: 3 }],
      [
        { action_id: 'legacyUpdate', parameters: { booking_id: 'bk_1042' } },
        'succeeded',
        { booking_id: 'bk_1042', version: 5 },
      ],
    ]);

    expect(versions(plan, 1)).toBe('5');
  });

  it('sends none for a step whose booking is unknown, whatever other steps returned', () => {
    const create = { action_id: 'createBooking', parameters: { product_id: 'prod_party_room' } };
    const plan = planOf([
      [create, 'succeeded', { version: 1 }],
      [create, 'succeeded', { version: 2 }],
    ]);

    expect(versions(plan, 1)).toBeUndefined();
  });

  it('sends none when no write on the booking was applied', () => {
    const plan = planOf([[steps.guestCount(14), 'failed', undefined]]);

    expect(versions(plan, 1)).toBeUndefined();
  });

  it('sends none when the latest applied write recorded no answer, or an answer without data', () => {
    const plan = planOf([[steps.guestCount(14), 'succeeded', undefined]]);
    const withoutData = planOf([[steps.guestCount(14), 'succeeded', undefined]]);
    withoutData.actions = withoutData.actions.map((s) => ({ ...s, result: { success: true } }));

    expect(versions(plan, 1)).toBeUndefined();
    expect(versions(withoutData, 1)).toBeUndefined();
  });

  it('after compensations above it: the version of the lowest-numbered compensated step above, in any storage order', () => {
    // Prepare: steps 2..4 on BK-1042; 3 and 4 are already compensated (4 first, then 3: 3's version is the latest).
    const plan = planOf([
      [steps.note('x'), 'succeeded', { note_id: 'n1', booking_id: 'bk_1042', version: 2 }],
      [steps.guestCount(14), 'succeeded', { booking_id: 'bk_1042', version: 3 }],
      [steps.guestCount(15), 'compensated', { booking_id: 'bk_1042', version: 4 }],
      [steps.guestCount(16), 'compensated', { booking_id: 'bk_1042', version: 5 }],
    ]);
    const compensated = { '3': 7, '4': 6 };

    fc.assert(
      fc.property(fc.shuffledSubarray(plan.actions, { minLength: 4, maxLength: 4 }), (order) => {
        const stored = { ...plan, actions: order };

        expect(versions(stored, 2, compensated)).toBe('7');
        expect(versions(stored, 1, compensated)).toBe('7');
        // Above 3 only 4 was compensated; 3's own compensation version is not "above" it.
        expect(versions(stored, 3, compensated)).toBe('6');
        // Nothing compensated above 4: our latest forward write (step 4's own, 5).
        expect(versions(stored, 4, compensated)).toBe('5');
      }),
    );
  });
});
