import { isPhoneParameter, samePhone } from '../../contacts/phone.ts';
import type { BookingRecord } from '../booking-record.ts';
import { isWholePlaceholder } from '../placeholders.ts';
import type { PlannerRegistry } from '../planner-deps.ts';
import type { GateError, PlanStepDraft } from './gate-types.ts';

/**
 * Issue 16: a plan that changes nothing is a misunderstanding, never a plan. A mutating step whose every value is
 * one the booking already holds ("move it to Sat 12 Dec 10:30" for a booking at Sat 12 Dec 10:30, "14 guests"
 * for a party of 14) is refused, so the model asks what should change. A step with a value the booking does not
 * hold (a note's text, a reason) is never a no-op.
 */
export function noOpSteps(
  steps: readonly PlanStepDraft[],
  registry: PlannerRegistry,
  bookings: ReadonlyMap<string, BookingRecord>,
  /** The venue's locale: a phone is the booking's when it is the same number, whatever its format (issue 30). */
  locale: string,
): GateError[] {
  return steps.flatMap((step): GateError[] => {
    const action = registry.get(step.action_id);
    const id = step.parameters.booking_id;
    const booking = typeof id === 'string' ? bookings.get(id) : undefined;
    if (!action || action.read_only || !booking) return [];
    const values = Object.entries(step.parameters).filter(([name]) => name !== 'booking_id');
    if (values.length === 0) return [];
    const phones = new Set(action.parameters.filter(isPhoneParameter).map((p) => p.name));
    const same = values.every(
      ([name, value]) =>
        !isWholePlaceholder(value) &&
        booking[name] !== undefined &&
        (booking[name] === value || (phones.has(name) && samePhone(booking[name], value, locale))),
    );
    if (!same) return [];
    const held = values.map(([name, value]) => `${name} ${String(value)}`).join(', ');
    return [
      {
        step_number: step.step_number,
        code: 'no_change',
        message: `the booking already has ${held}: this step changes nothing; ask the user what should change`,
      },
    ];
  });
}
