import type { BookingLookups } from './booking-lookups.ts';
import type { BookingRecord } from './booking-record.ts';
import type { GateError, PlanStepDraft, SlotUnavailable } from './gate/gate-types.ts';
import { groundingErrors } from './gate/grounding-checks.ts';
import { planErrors } from './gate/plan-checks.ts';
import { findUnavailableSlot } from './gate/slot-check.ts';
import type { PlannerRegistry } from './planner-deps.ts';

export interface GateInput {
  steps: readonly PlanStepDraft[];
  /** Values normalisation could not resolve (a date phrase that names no day…). */
  normalizationErrors: readonly GateError[];
  registry: PlannerRegistry;
  /** Current state of every booking the plan names, read with the get-booking lookup. */
  bookings: ReadonlyMap<string, BookingRecord>;
  /** False when the registry has no get-booking lookup: booking ids cannot be verified. */
  verifyBookings: boolean;
  lookups: BookingLookups;
  userText: string;
  carriedValues: readonly unknown[];
  /** The venue's today (YYYY-MM-DD): targets before it are refused. */
  today: string;
}

export interface GateVerdict {
  /** Empty when the plan may be shown. */
  errors: GateError[];
  /** Set when the plan is well-formed but a reschedule's slot is full: offer alternatives instead. */
  unavailable?: SlotUnavailable;
}

/**
 * The deterministic validation gate before any plan is shown (seed 004, adopted; issue 5). Structure first
 * (actions, parameters, placeholders, cycles), then facts: the bookings exist, contact details and counts come
 * from the user, and a reschedule's target slot has room. Structural errors go back to the model for one repair
 * round; an unavailable slot becomes a question with the day's available slots.
 */
export async function runValidationGate(input: GateInput): Promise<GateVerdict> {
  const errors = [...input.normalizationErrors, ...planErrors(input.steps, input.registry)];
  if (input.verifyBookings) errors.push(...unknownBookings(input.steps, input.bookings));
  errors.push(...groundingErrors(input));
  if (errors.length > 0) return { errors };
  const unavailable = await findUnavailableSlot(
    input.steps,
    input.registry,
    input.bookings,
    input.lookups,
    input.today,
  );
  return unavailable ? { errors: [], unavailable } : { errors: [] };
}

function unknownBookings(
  steps: readonly PlanStepDraft[],
  bookings: ReadonlyMap<string, BookingRecord>,
): GateError[] {
  return steps.flatMap((step): GateError[] => {
    const id = step.parameters.booking_id;
    if (typeof id !== 'string' || id.includes('{{') || bookings.has(id)) return [];
    return [
      {
        step_number: step.step_number,
        code: 'unknown_booking',
        message: `no booking has booking_id ${id}; find the booking with a lookup first`,
      },
    ];
  });
}
