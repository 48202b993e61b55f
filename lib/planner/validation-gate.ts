import type { BookingLookups } from './booking-lookups.ts';
import type { BookingRecord } from './booking-record.ts';
import type { GateError, PlanStepDraft, SlotUnavailable } from './gate/gate-types.ts';
import { groundingErrors } from './gate/grounding-checks.ts';
import { unknownIds } from './gate/id-checks.ts';
import { unlicensedSteps } from './gate/licence-checks.ts';
import { noOpSteps } from './gate/no-op-checks.ts';
import { planErrors } from './gate/plan-checks.ts';
import { findUnavailableSlot } from './gate/slot-check.ts';
import type { SeenIds } from './lookup-ids.ts';
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
  /** The user's turns of the open request, this one included (grounding and licensing read only these). */
  userText: string;
  carriedValues: readonly unknown[];
  /** Fingerprints of the pending plan's values, still wanted after this turn's guards: licensed when proposed. */
  carried?: ReadonlySet<string>;
  /** The venue's today (YYYY-MM-DD): targets before it are refused. */
  today: string;
  /** The venue-local time now (HH:MM): a session today at or before it has started, so it is refused too. */
  nowTime?: string;
  /** Ids the lookups returned this turn, including the gate's own booking reads. */
  seenIds: SeenIds;
  /** Fields a booking holds (the get-booking lookup's outputs): number parameters named like one are counts. */
  bookingFields: ReadonlySet<string>;
  /** The venue's locale (reading counts apart from dates and times). */
  locale: string;
}

export interface GateVerdict {
  /** Empty when the plan may be shown. */
  errors: GateError[];
  /** Set when the plan is well-formed but a slot cannot take it: a question instead (offer_alternatives). */
  unavailable?: SlotUnavailable;
  /** Set when a step changes a booking that can no longer change: the request is declined with why. */
  closed?: BookingRecord;
}

/**
 * Statuses of a booking that can no longer change: a cancelled one (openapi: it can't be modified again) and a
 * completed one, which is in the past (the sandbox refuses both, devkit/sandbox/booking-rules.ts).
 */
const CLOSED_STATUSES = new Set(['cancelled', 'completed']);

/**
 * The deterministic validation gate before any plan is shown (seed 004, adopted; issues 5, 16, 18). Structure
 * first (actions, parameters, placeholders, cycles), then facts: the bookings exist and can still change, every
 * id was returned by a lookup, contact details and counts come from the user, every mutating step is licensed by
 * the user's request (issue 14), and the slots have room. Structural
 * errors go back to the model for one repair round; a closed booking is a decline; a slot that cannot take the
 * plan becomes a question.
 */
export async function runValidationGate(input: GateInput): Promise<GateVerdict> {
  const tooMany = overMaximum(input);
  if (tooMany) return { errors: [], unavailable: tooMany };
  const errors = [...input.normalizationErrors, ...planErrors(input.steps, input.registry)];
  if (input.verifyBookings) errors.push(...unknownBookings(input.steps, input.bookings));
  if (errors.length > 0) return { errors };
  const closed = closedBooking(input.steps, input.bookings);
  if (closed) return { errors: [], closed };
  const grounding = groundingErrors(input);
  // One reason per step in the repair message: a step whose value the user never stated is answered on that
  // first (usually by asking); its licence is judged when it comes back with a value.
  const ungrounded = new Set(grounding.map((e) => e.step_number));
  errors.push(
    ...unknownIds(input.steps, input.registry, input.seenIds),
    ...grounding,
    ...unlicensedSteps(input).filter((e) => !ungrounded.has(e.step_number)),
    ...noOpSteps(input.steps, input.registry, input.bookings, input.locale),
  );
  if (errors.length > 0) return { errors };
  const unavailable = await findUnavailableSlot(
    input.steps,
    input.registry,
    input.bookings,
    input.lookups,
    input.today,
    input.nowTime,
  );
  return unavailable ? { errors: [], unavailable } : { errors: [] };
}

/** A count above what the API takes (its maximum) is a question about the count, not a plan to repair. */
function overMaximum(input: GateInput): SlotUnavailable | undefined {
  for (const step of input.steps) {
    const action = input.registry.get(step.action_id);
    for (const param of action?.parameters ?? []) {
      const value = step.parameters[param.name];
      const max = param.constraints?.maximum;
      if (!input.bookingFields.has(param.name) || typeof value !== 'number' || max === undefined) continue;
      if (value <= max) continue;
      const booking_id = typeof step.parameters.booking_id === 'string' ? step.parameters.booking_id : '';
      const booking = input.bookings.get(booking_id);
      return {
        step_number: step.step_number,
        booking_id,
        date: booking?.date ?? '',
        time: booking?.start_time ?? '',
        party_size: value,
        alternatives: [],
        reason: 'over_capacity',
        capacity: max,
      };
    }
  }
  return undefined;
}

function closedBooking(
  steps: readonly PlanStepDraft[],
  bookings: ReadonlyMap<string, BookingRecord>,
): BookingRecord | undefined {
  for (const step of steps) {
    const id = step.parameters.booking_id;
    const booking = typeof id === 'string' ? bookings.get(id) : undefined;
    if (booking?.status && CLOSED_STATUSES.has(booking.status)) return booking;
  }
  return undefined;
}

function unknownBookings(
  steps: readonly PlanStepDraft[],
  bookings: ReadonlyMap<string, BookingRecord>,
): GateError[] {
  return steps.flatMap((step) => {
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
