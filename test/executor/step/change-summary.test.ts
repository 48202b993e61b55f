import { describe, expect, it } from 'vitest';
import {
  intendedValues,
  planChangeSummary,
  stepChangeSummaries,
  stepChangeSummary,
} from '../../../lib/executor/step/change-summary.ts';
import { bookingOf, bookingReferences, labelOf } from '../../../lib/executor/step/step-label.ts';
import type { StoredStep } from '../../../lib/plans/stored-plan.ts';
import { loadCompiledRegistry } from '../../../lib/registry/compiled-registry.ts';
import { aConfirmedPlan, steps } from '../../support/executor-plans.ts';

/**
 * 000 Acceptance "Successful execution returns clear summary of what changed": one line per completed change,
 * before → after, PII masked; and the booking each step and failure text names (its reference when known).
 */
const registry = loadCompiledRegistry();
const actionOf = (id: string) => registry.get(id);
const reschedule = registry.require('rescheduleBooking');
const contact = registry.require('updateContactDetails');
const getBooking = registry.require('getBooking');

function done(step: Partial<StoredStep> & Pick<StoredStep, 'action_id'>, n = 1): StoredStep {
  return {
    step_number: n,
    parameters: {},
    safety_tier: 'normal',
    executed: true,
    step_state: 'succeeded',
    ...step,
  };
}

describe('stepChangeSummary', () => {
  it('before → after for changed values, from the pre-image and the response, ids left out', () => {
    // Prepare
    const step = done({
      action_id: 'rescheduleBooking',
      resolved_parameters: { booking_id: 'bk_1042', date: '2026-12-19', start_time: '4pm' },
      before: {
        booking_id: 'bk_1042',
        booking_reference: 'BK-1042',
        date: '2026-12-12',
        start_time: '15:00',
      },
      result: { success: true, response_data: { start_time: '16:00' } },
    });
    // Act / Assess
    expect(stepChangeSummary(step, reschedule)).toBe(
      'Booking BK-1042: Reschedule booking: date 2026-12-12 → 2026-12-19, start time 15:00 → 16:00',
    );
  });

  it('an unchanged value is left out; a value with no pre-image is shown as set; empty values read "(empty)"', () => {
    // Prepare
    const step = done({
      action_id: 'updateContactDetails',
      resolved_parameters: {
        booking_id: 'bk_7',
        guest_name: 'Ana Lopez',
        phone: '',
        email: 'ana@example.com',
      },
      before: { guest_name: 'Ana Lopez' },
    });
    // Act
    const line = stepChangeSummary(step, contact);
    // Assess: PII masked (name parts, the e-mail's local part), the booking named by its id.
    expect(line).toMatch(
      /^Booking bk_7: Update contact details: phone: \(empty\), email: a\*\*\*@example\.com$/,
    );
  });

  it('masks a declared PII parameter and a PII key, before and after', () => {
    // Prepare
    const step = done({
      action_id: 'updateContactDetails',
      resolved_parameters: { booking_id: 'bk_1042', guest_name: 'Bob Stone' },
      before: { guest_name: 'Ana Lopez' },
    });
    // Act
    const line = stepChangeSummary(step, contact) ?? '';
    // Assess
    expect(line).not.toContain('Bob Stone');
    expect(line).not.toContain('Ana Lopez');
    expect(line).toMatch(/^Booking bk_1042: Update contact details: guest name \S.* → \S.*$/);
  });

  it('a step with nothing to show says done; a step not succeeded or read-only says nothing', () => {
    // Prepare
    const idsOnly = done({ action_id: 'rescheduleBooking', resolved_parameters: { booking_id: 'bk_1' } });
    // Act / Assess
    expect(stepChangeSummary(idsOnly, reschedule)).toBe('Booking bk_1: Reschedule booking done');
    expect(
      stepChangeSummary({ ...idsOnly, resolved_parameters: undefined, parameters: {} }, reschedule),
    ).toBe('The booking: Reschedule booking done');
    expect(stepChangeSummary({ ...idsOnly, step_state: 'failed' }, reschedule)).toBeUndefined();
    expect(
      stepChangeSummary(done({ action_id: 'getBooking', resolved_parameters: { x: 1 } }), getBooking),
    ).toBeUndefined();
  });

  it('shows non-text values as JSON, and a value set to null as "(empty)"', () => {
    // Prepare
    const step = done({
      action_id: 'updateGuestCount',
      resolved_parameters: { booking_id: 'bk_1042', party_size: 14, extras: { cake: true }, note: null },
      before: { party_size: 12, note: 'x' },
    });
    // Act / Assess
    expect(stepChangeSummary(step, registry.require('updateGuestCount'))).toBe(
      'Booking bk_1042: Update guest count: party size 12 → 14, extras: {"cake":true}, note x → (empty)',
    );
  });
});

describe('planChangeSummary / stepChangeSummaries', () => {
  it('one sentence per changed step, by step number, with references learnt from any step', () => {
    // Prepare: step 2 acts on bk_1042, whose reference step 1's response recorded.
    const plan = aConfirmedPlan([steps.guestCount(14), steps.reschedule('2026-12-19', '16:00')]);
    plan.actions = [
      done({
        action_id: 'updateGuestCount',
        parameters: { booking_id: 'bk_1042', party_size: 14 },
        resolved_parameters: { booking_id: 'bk_1042', party_size: 14 },
        before: { party_size: 12 },
        result: { success: true, response_data: { booking_id: 'bk_1042', booking_reference: 'BK-1042' } },
      }),
      done({ action_id: 'unknownAction', resolved_parameters: { a: 1 } }, 2),
      done(
        {
          action_id: 'rescheduleBooking',
          parameters: { booking_id: 'bk_1042' },
          resolved_parameters: { booking_id: 'bk_1042', date: '2026-12-19' },
        },
        3,
      ),
    ];
    // Act
    const lines = stepChangeSummaries(plan, actionOf);
    // Assess
    expect([...lines.entries()]).toEqual([
      [1, 'Booking BK-1042: Update guest count: party size 12 → 14'],
      [3, 'Booking BK-1042: Reschedule booking: date: 2026-12-19'],
    ]);
    expect(planChangeSummary(plan, actionOf)).toBe(
      'Booking BK-1042: Update guest count: party size 12 → 14. Booking BK-1042: Reschedule booking: date: 2026-12-19.',
    );
    expect(planChangeSummary({ ...plan, actions: [] }, actionOf)).toBe('No changes were needed.');
  });
});

describe('intendedValues', () => {
  it('names the values a step sends, ids left out, PII masked; nothing when only ids are sent', () => {
    // Act / Assess
    expect(
      intendedValues(
        done({
          action_id: 'rescheduleBooking',
          resolved_parameters: { booking_id: 'b', date: '2026-12-19', start_time: '16:00' },
        }),
        reschedule,
      ),
    ).toBe('date 2026-12-19 and start time 16:00');
    expect(
      intendedValues(
        done({ action_id: 'updateContactDetails', resolved_parameters: { email: 'ana@example.com' } }),
        contact,
      ),
    ).toBe('email a***@example.com');
    expect(
      intendedValues(
        done({ action_id: 'x', resolved_parameters: { booking_id: 'b', note_id: 'n' } }),
        contact,
      ),
    ).toBeUndefined();
    expect(intendedValues(done({ action_id: 'x' }), contact)).toBeUndefined();
  });
});

describe('bookingOf / bookingReferences / labelOf', () => {
  it('prefers the reference the step recorded, then one learnt from the plan, then the id; never a placeholder', () => {
    // Prepare
    const refs = new Map([['bk_1', 'BK-1']]);
    // Act / Assess
    expect(bookingOf(done({ action_id: 'a', before: { booking_reference: 'BK-9' } }), refs)).toBe('BK-9');
    expect(
      bookingOf(
        done({ action_id: 'a', result: { success: true, response_data: { booking_reference: 'BK-8' } } }),
      ),
    ).toBe('BK-8');
    expect(bookingOf(done({ action_id: 'a', resolved_parameters: { booking_id: 'bk_1' } }), refs)).toBe(
      'BK-1',
    );
    expect(bookingOf(done({ action_id: 'a', parameters: { booking_id: 'bk_2' } }), refs)).toBe('bk_2');
    expect(
      bookingOf(done({ action_id: 'a', parameters: { booking_id: '{{step_1.booking_id}}' } }), refs),
    ).toBeUndefined();
    expect(
      bookingOf(
        done({ action_id: 'a', resolved_parameters: { booking_id: '' }, parameters: { booking_id: 'bk_1' } }),
        refs,
      ),
    ).toBe('BK-1');
    expect(bookingOf(done({ action_id: 'a' }))).toBeUndefined();
  });

  it('learns id → reference pairs from pre-images and responses, only when both are real text', () => {
    // Prepare
    const plan = aConfirmedPlan([]);
    plan.actions = [
      done({ action_id: 'a', before: { booking_id: 'bk_1', booking_reference: 'BK-1' } }),
      done(
        {
          action_id: 'a',
          result: { success: true, response_data: { booking_id: 'bk_2', booking_reference: 'BK-2' } },
        },
        2,
      ),
      done({ action_id: 'a', before: { booking_id: 'bk_3', booking_reference: '' } }, 3),
      done({ action_id: 'a', before: { booking_id: 'bk_4', booking_reference: '{{x}}' } }, 4),
      done({ action_id: 'a', before: { booking_reference: 'BK-5' } }, 5),
    ];
    // Act / Assess
    expect([...bookingReferences(plan)]).toEqual([
      ['bk_1', 'BK-1'],
      ['bk_2', 'BK-2'],
    ]);
  });

  it('labels a step with its number, the action’s name (else its id) and the booking when known', () => {
    // Act / Assess
    expect(
      labelOf(done({ action_id: 'rescheduleBooking', parameters: { booking_id: 'bk_1' } }, 3), reschedule),
    ).toEqual({
      stepNumber: 3,
      actionName: 'Reschedule booking',
      booking: 'bk_1',
    });
    expect(labelOf(done({ action_id: 'mystery' }, 2), undefined)).toEqual({
      stepNumber: 2,
      actionName: 'mystery',
    });
  });
});
