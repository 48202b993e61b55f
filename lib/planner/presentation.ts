import { formatDay } from '../dates/format-when.ts';
import { venueToday } from '../dates/venue-calendar.ts';
import type { VenueClock } from '../dates/when-outcome.ts';
import type { CompiledAction } from '../registry/compiled-action.ts';
import type { BookingRecord } from './booking-record.ts';
import type { PlanStepDraft } from './gate/gate-types.ts';
import { bookingIdOf, placeholdersIn } from './placeholders.ts';
import type { PlannerRegistry } from './planner-deps.ts';
import type { PlanPresentation, StepPresentation } from './request-outcome.ts';
import { type PlannedWhen, summaryWithPlanDates } from './summary-dates.ts';

/** 001: intent_summary max 200 chars. */
export const INTENT_SUMMARY_MAX = 200;

/**
 * The confirmation screen (issue 5 Presentation; 000 "Generated plan displays all actions"): one line per step,
 * before → after where the booking's current values are known, high-risk steps marked and irreversible ones
 * flagged, both in the text (for plain-text clients) and as fields. Every date shows weekday, day and month (and
 * the year when it is not this year); the model's summary keeps no raw date words (issue 15).
 */
export function buildPresentation(
  intentSummary: string,
  steps: readonly PlanStepDraft[],
  registry: PlannerRegistry,
  bookings: ReadonlyMap<string, BookingRecord>,
  venue: VenueClock,
): PlanPresentation {
  const thisYear = venueToday(venue).year;
  const planned: PlannedWhen[] = [];
  const lines = steps.map((step): StepPresentation => {
    const bookingId = bookingIdOf(step, steps);
    const booking = bookingId === undefined ? undefined : bookings.get(bookingId);
    const action = registry.get(step.action_id);
    if (!action || action.safety_tier === 'blocked')
      throw new TypeError(`unvalidated step ${step.step_number}`);
    planned.push(...plannedWhen(step, action, booking));
    const irreversible = !action.read_only && !action.reversible;
    const marker = action.safety_tier === 'high_risk' ? '⚠ HIGH RISK: ' : '';
    const flag = irreversible ? ' (cannot be undone)' : '';
    return {
      step_number: step.step_number,
      line: `${marker}${describeStep(step, action, booking, thisYear)}${flag}`,
      safety_tier: action.safety_tier,
      irreversible,
    };
  });
  const fallback = lines.map((l) => l.line).join('; ');
  const summary =
    intentSummary.trim() && summaryWithPlanDates(intentSummary.trim(), planned, venue, thisYear);
  return { intent_summary: clampSummary(summary || fallback), steps: lines };
}

/** The dates and times a step sets, for checking the summary against the plan. */
function plannedWhen(
  step: PlanStepDraft,
  action: CompiledAction,
  booking: BookingRecord | undefined,
): PlannedWhen[] {
  const of = (type: string) => {
    const name = action.parameters.find((p) => p.type === type)?.name;
    const value = name ? step.parameters[name] : undefined;
    return typeof value === 'string' && !value.includes('{{') ? value : undefined;
  };
  const date = of('date') ?? (of('time') ? booking?.date : undefined);
  const time = of('time') ?? (of('date') ? booking?.start_time : undefined);
  if (!date && !time) return [];
  const context = booking && {
    ...(booking.date ? { date: booking.date } : {}),
    ...(booking.start_time ? { time: booking.start_time } : {}),
  };
  return [{ ...(date ? { date } : {}), ...(time ? { time } : {}), ...(context ? { booking: context } : {}) }];
}

/** Cuts at the limit with an ellipsis so a long model summary never breaks the 001 contract. */
export function clampSummary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= INTENT_SUMMARY_MAX ? flat : `${flat.slice(0, INTENT_SUMMARY_MAX - 1).trimEnd()}…`;
}

/** "Reschedule booking BK-1042 (John Smith) from Fri 4 Dec 11:00 → Sat 6 Dec 15:00". */
function describeStep(
  step: PlanStepDraft,
  action: CompiledAction,
  booking: BookingRecord | undefined,
  thisYear: number,
) {
  const subject = subjectOf(step.parameters.booking_id, booking);
  const dateParam = action.parameters.find((p) => p.type === 'date')?.name;
  const timeParam = action.parameters.find((p) => p.type === 'time')?.name;
  const parts: string[] = [];
  if ((dateParam && dateParam in step.parameters) || (timeParam && timeParam in step.parameters)) {
    parts.push(moveText(step, thisYear, dateParam, timeParam, booking));
  }
  const dates = new Set(action.parameters.filter((p) => p.type === 'date').map((p) => p.name));
  const shown = (name: string, value: unknown) =>
    dates.has(name) && typeof value === 'string' ? formatDay(value, thisYear) : value;
  const others = Object.entries(step.parameters)
    .filter(([name]) => name !== 'booking_id' && name !== dateParam && name !== timeParam)
    .map(([name, value]) => changeText(name, shown(name, value), shown(name, booking?.[name])));
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
  thisYear: number,
  dateParam?: string,
  timeParam?: string,
  booking?: BookingRecord,
): string {
  const newDate = dateParam ? step.parameters[dateParam] : undefined;
  const newTime = timeParam ? step.parameters[timeParam] : undefined;
  const after = when(
    typeof newDate === 'string' ? newDate : booking?.date,
    typeof newTime === 'string' ? newTime : booking?.start_time,
    thisYear,
  );
  const before = booking ? when(booking.date, booking.start_time, thisYear) : '';
  return before ? ` from ${before} → ${after}` : ` to ${after}`;
}

/** "Thu 3 Dec 14:00" ("Sat 2 Jan 2027 11:00" in another year); a placeholder stays as it is. */
function when(date: string | undefined, time: string | undefined, thisYear: number): string {
  const day = date === undefined || date.includes('{{') ? date : formatDay(date, thisYear);
  return [day, time].filter(Boolean).join(' ');
}

function changeText(name: string, value: unknown, before: unknown): string {
  const label = name.replace(/_/g, ' ');
  const shown = typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
  const hasBefore =
    before !== undefined && before !== null && typeof before !== 'object' && String(before) !== shown;
  return hasBefore ? `${label} ${String(before)} → ${shown}` : `${label} ${shown}`;
}
