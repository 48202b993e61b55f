import type { BookingLookups } from '../booking-lookups.ts';
import type { BookingRecord } from '../booking-record.ts';
import { isWholePlaceholder } from '../placeholders.ts';
import type { PlannerRegistry } from '../planner-deps.ts';
import type { PlanStepDraft, SlotUnavailable } from './gate-types.ts';

/**
 * Issue 5 gate: a reschedule's target slot must be available. A reschedule is any mutation with a date and a
 * time parameter on a known booking; its slot is read with the availability lookup for the booking's product.
 * The party is the plan's new party size for that booking if a step changes it, else the booking's.
 * Returns the first unavailable target with the day's slots that can take the party, or undefined. A target
 * before `today` (venue-local YYYY-MM-DD) is unavailable outright: "yesterday at 10am" is never planned.
 */
export async function findUnavailableSlot(
  steps: readonly PlanStepDraft[],
  registry: PlannerRegistry,
  bookings: ReadonlyMap<string, BookingRecord>,
  lookups: BookingLookups,
  today: string,
): Promise<SlotUnavailable | undefined> {
  for (const step of steps) {
    const action = registry.get(step.action_id);
    if (!action || action.read_only) continue;
    const dateParam = action.parameters.find((p) => p.type === 'date');
    const timeParam = action.parameters.find((p) => p.type === 'time');
    if (!dateParam || !timeParam) continue;
    const date = step.parameters[dateParam.name];
    const time = step.parameters[timeParam.name];
    const bookingId = step.parameters.booking_id;
    if (typeof date !== 'string' || typeof time !== 'string' || typeof bookingId !== 'string') continue;
    if (isWholePlaceholder(date) || isWholePlaceholder(time)) continue;
    const booking = bookings.get(bookingId);
    if (!booking?.product_id || (booking.date === date && booking.start_time === time)) continue;
    const party = newPartySize(steps, bookingId) ?? booking.party_size ?? 1;
    const target = { step_number: step.step_number, booking_id: bookingId, date, time, party_size: party };
    // ISO dates compare as strings.
    if (date < today) return { ...target, alternatives: [], past: true };
    const slots = await lookups.slots(booking.product_id, date);
    if (!slots) continue;
    const slot = slots.find((s) => s.start_time === time);
    if (!slot || slot.remaining < party) {
      return { ...target, alternatives: slots.filter((s) => s.remaining >= party).map((s) => s.start_time) };
    }
  }
  return undefined;
}

function newPartySize(steps: readonly PlanStepDraft[], bookingId: string): number | undefined {
  const step = steps.find(
    (s) => s.parameters.booking_id === bookingId && typeof s.parameters.party_size === 'number',
  );
  return step ? Number(step.parameters.party_size) : undefined;
}
