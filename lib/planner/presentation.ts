import type { CompiledAction } from '../registry/compiled-action.ts';
import { type BookingRecord, formatDate } from './booking-record.ts';
import type { PlanStepDraft } from './gate/gate-types.ts';
import { placeholdersIn } from './placeholders.ts';
import type { PlannerRegistry } from './planner-deps.ts';
import type { PlanPresentation, StepPresentation } from './request-outcome.ts';

/** 001: intent_summary max 200 chars. */
export const INTENT_SUMMARY_MAX = 200;

/**
 * The confirmation screen (issue 5 Presentation; 000 "Generated plan displays all actions"): one line per step,
 * before → after where the booking's current values are known, high-risk steps marked and irreversible ones
 * flagged, both in the text (for plain-text clients) and as fields.
 */
export function buildPresentation(
  intentSummary: string,
  steps: readonly PlanStepDraft[],
  registry: PlannerRegistry,
  bookings: ReadonlyMap<string, BookingRecord>,
): PlanPresentation {
  const lines = steps.map((step): StepPresentation => {
    const bookingId = bookingIdOf(step, steps);
    const booking = bookingId === undefined ? undefined : bookings.get(bookingId);
    const action = registry.get(step.action_id);
    if (!action || action.safety_tier === 'blocked')
      throw new TypeError(`unvalidated step ${step.step_number}`);
    const irreversible = !action.read_only && !action.reversible;
    const marker = action.safety_tier === 'high_risk' ? '⚠ HIGH RISK: ' : '';
    const flag = irreversible ? ' (cannot be undone)' : '';
    return {
      step_number: step.step_number,
      line: `${marker}${describeStep(step, action, booking)}${flag}`,
      safety_tier: action.safety_tier,
      irreversible,
    };
  });
  const fallback = lines.map((l) => l.line).join('; ');
  return { intent_summary: clampSummary(intentSummary.trim() || fallback), steps: lines };
}

/** Cuts at the limit with an ellipsis so a long model summary never breaks the 001 contract. */
export function clampSummary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= INTENT_SUMMARY_MAX ? flat : `${flat.slice(0, INTENT_SUMMARY_MAX - 1).trimEnd()}…`;
}

/**
 * The booking a step acts on: its literal booking_id, or for {{step_N.booking_id}} the booking step N acts on
 * (an action that takes a booking_id returns that same booking). For display only; the executor resolves it.
 */
function bookingIdOf(step: PlanStepDraft, steps: readonly PlanStepDraft[], depth = 0): string | undefined {
  const value = step.parameters.booking_id;
  if (typeof value !== 'string') return undefined;
  const ref = placeholdersIn(value)[0];
  if (!ref) return value;
  const source = steps.find((s) => s.step_number === ref.step);
  if (ref.field !== 'booking_id' || !source || depth >= steps.length) return undefined;
  return bookingIdOf(source, steps, depth + 1);
}

/** "Reschedule booking BK-1042 (John Smith) from Fri 4 Dec 11:00 → Sat 6 Dec 15:00". */
function describeStep(step: PlanStepDraft, action: CompiledAction, booking: BookingRecord | undefined) {
  const subject = subjectOf(step.parameters.booking_id, booking);
  const dateParam = action.parameters.find((p) => p.type === 'date')?.name;
  const timeParam = action.parameters.find((p) => p.type === 'time')?.name;
  const parts: string[] = [];
  if ((dateParam && dateParam in step.parameters) || (timeParam && timeParam in step.parameters)) {
    parts.push(moveText(step, dateParam, timeParam, booking));
  }
  const others = Object.entries(step.parameters)
    .filter(([name]) => name !== 'booking_id' && name !== dateParam && name !== timeParam)
    .map(([name, value]) => changeText(name, value, booking?.[name]));
  if (others.length > 0) parts.push(`: ${others.join(', ')}`);
  return [action.name, subject].filter(Boolean).join(' ') + parts.join('');
}

function subjectOf(bookingId: unknown, booking: BookingRecord | undefined): string | undefined {
  if (booking) {
    const ref = booking.booking_reference ?? booking.booking_id;
    return booking.guest_name ? `${ref} (${booking.guest_name})` : ref;
  }
  if (typeof bookingId !== 'string') return undefined;
  const ref = placeholdersIn(bookingId)[0];
  return ref ? `the booking from step ${ref.step}` : bookingId;
}

function moveText(
  step: PlanStepDraft,
  dateParam?: string,
  timeParam?: string,
  booking?: BookingRecord,
): string {
  const newDate = dateParam ? step.parameters[dateParam] : undefined;
  const newTime = timeParam ? step.parameters[timeParam] : undefined;
  const after = when(
    typeof newDate === 'string' ? newDate : booking?.date,
    typeof newTime === 'string' ? newTime : booking?.start_time,
  );
  const before = booking ? when(booking.date, booking.start_time) : '';
  return before ? ` from ${before} → ${after}` : ` to ${after}`;
}

function when(date: string | undefined, time: string | undefined): string {
  const day = date?.includes('{{') ? date : formatDate(date);
  return [day, time].filter(Boolean).join(' ');
}

function changeText(name: string, value: unknown, before: unknown): string {
  const label = name.replace(/_/g, ' ');
  const shown = typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
  const hasBefore =
    before !== undefined && before !== null && typeof before !== 'object' && String(before) !== shown;
  return hasBefore ? `${label} ${String(before)} → ${shown}` : `${label} ${shown}`;
}
