import { isWhenType } from '../../contracts/primitives.ts';
import type { CompiledAction } from '../../registry/compiled-action.ts';
import { LOOKUP_BOOKING_PARAM } from '../prompt/when-policy.ts';

/**
 * Issue 33: a lookup that takes a date is given the booking its relative words are read against. An action with a
 * `booking_id` of its own uses that one; any other lookup with a date or time parameter gets an optional
 * planner-level `booking_id` that the booking API never sees (run-lookups strips it before the call).
 */
export function addsLookupBooking(action: CompiledAction): boolean {
  return (
    action.read_only &&
    action.parameters.some((p) => isWhenType(p.type)) &&
    !action.parameters.some((p) => p.name === LOOKUP_BOOKING_PARAM)
  );
}
