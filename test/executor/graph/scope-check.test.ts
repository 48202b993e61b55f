import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerNamesAnotherBooking, planBookings } from '../../../lib/executor/graph/scope-check.ts';
import { aConfirmedPlan, steps } from '../../support/executor-plans.ts';

/** 000 Execute Plan 4: an answer that names a booking the plan does not act on is another request. */
describe('scope check: the bookings a plan acts on', () => {
  it('collects ids and references from the summary, parameters, descriptions, resolved values, pre-images and responses', () => {
    // Prepare
    const base = aConfirmedPlan([steps.note('hi', 'bk_a1'), steps.note('x', 'bk_b2')], {
      intent_summary: 'Move ABC-1042 for Ruby',
    });
    const plan = {
      ...base,
      actions: [
        { ...base.actions[0]!, description: 'Note on XYZ-77' },
        {
          ...base.actions[1]!,
          resolved_parameters: { booking_id: 'bk_c3' },
          before: { linked: 'bk_d4' },
          result: { success: true, response_data: { reference: 'RES-99' } },
        },
      ],
    };

    // Act
    const known = planBookings(plan);

    // Assess
    expect([...known].sort()).toEqual(['abc-1042', 'bk_a1', 'bk_b2', 'bk_c3', 'bk_d4', 'res-99', 'xyz-77']);
  });

  it('an answer naming only the plan’s bookings (any case) or none stays in scope; any other is a new request', () => {
    // Prepare
    const plan = aConfirmedPlan([steps.guestCount(6)]);

    // Act + Assess
    fc.assert(
      fc.property(
        fc.constantFrom('bk_1042', 'BK_1042', 'BK-1042', 'bk-1042'),
        fc.integer({ min: 1043, max: 9999 }),
        (same, other) => {
          expect(answerNamesAnotherBooking(plan, `16 for ${same} please`)).toBe(false);
          expect(answerNamesAnotherBooking(plan, '16 guests')).toBe(false);
          expect(answerNamesAnotherBooking(plan, `16, and BK-${other} too`)).toBe(true);
          expect(answerNamesAnotherBooking(plan, `${same} and bk_${other}`)).toBe(true);
        },
      ),
    );
  });
});
