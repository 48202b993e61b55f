import type { SeenIds } from '../lookup-ids.ts';
import { isWholePlaceholder } from '../placeholders.ts';
import type { PlannerRegistry } from '../planner-deps.ts';
import type { GateError, PlanStepDraft } from './gate-types.ts';

const ID_PARAMETER = /(^|_)id$/;

/**
 * Issue 18: every id a plan step carries must be one the lookups returned this turn (or the bookings the gate
 * read itself): a product's id from the catalogue or a booking, a note's id from the booking's notes. A name
 * written where an id belongs ("product_id: escape room") is refused with what to look up, never planned.
 * booking_id has its own check (unknownBookings): the gate reads each booking with the get-booking lookup.
 */
export function unknownIds(
  steps: readonly PlanStepDraft[],
  registry: PlannerRegistry,
  seen: SeenIds,
): GateError[] {
  const lookups = registry
    .modelVisible()
    .filter((a) => a.read_only)
    .map((a) => a.action_id);
  return steps.flatMap((step): GateError[] => {
    const action = registry.get(step.action_id);
    if (!action) return [];
    return action.parameters.flatMap((param): GateError[] => {
      const value = step.parameters[param.name];
      if (param.name === 'booking_id' || !ID_PARAMETER.test(param.name)) return [];
      if (typeof value !== 'string' || isWholePlaceholder(value)) return [];
      if ((seen[param.name] ?? []).includes(value)) return [];
      return [
        {
          step_number: step.step_number,
          code: 'unknown_id',
          message: `${param.name} "${value}" is not an id any lookup returned this turn; find it with a lookup (${lookups.join(', ')}) and use the id exactly as returned`,
        },
      ];
    });
  });
}
