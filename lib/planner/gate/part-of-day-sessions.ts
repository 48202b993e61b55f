import { isIsoDate } from '../../contracts/primitives.ts';
import { formatDay } from '../../dates/format-when.ts';
import { sessionsInPart } from '../../dates/part-of-day.ts';
import { sessionQuestion, type WhenQuestion } from '../../dates/when-question.ts';
import type { BookingLookups } from '../booking-lookups.ts';
import type { BookingRecord } from '../booking-record.ts';
import { bookingIdOf } from '../placeholders.ts';
import type { PlannerRegistry } from '../planner-deps.ts';
import type { PlanStepDraft } from './gate-types.ts';
import type { PartOfDayTime } from './normalize-proposal.ts';

/**
 * Issue 15: a time given as a part of the day ("Sunday morning") becomes the product's one session in that part
 * of the day on the step's date (read with the availability lookup); with several, or none, the user is asked,
 * with the sessions as candidates. Fills the steps' time parameters in place; returns the question, if any.
 */
export async function resolvePartsOfDay(
  pending: readonly PartOfDayTime[],
  steps: PlanStepDraft[],
  registry: PlannerRegistry,
  bookings: ReadonlyMap<string, BookingRecord>,
  lookups: BookingLookups,
  thisYear: number,
): Promise<WhenQuestion | undefined> {
  for (const item of pending) {
    const step = steps.find((s) => s.step_number === item.step_number);
    if (!step) continue;
    const booking = bookings.get(bookingIdOf(step, steps) ?? '');
    const dateParam = registry.get(step.action_id)?.parameters.find((p) => p.type === 'date')?.name;
    const stepDate = dateParam ? step.parameters[dateParam] : undefined;
    const date = isIsoDate(stepDate) ? stepDate : booking?.date;
    const day = date ? formatDay(date, thisYear) : 'that day';
    // A new booking names its product; a change uses the booking's.
    const stepProduct = step.parameters.product_id;
    const product =
      typeof stepProduct === 'string' && !stepProduct.includes('{{') ? stepProduct : booking?.product_id;
    const slots = date && product ? await lookups.slots(product, date) : undefined;
    const all = (slots ?? []).map((s) => s.start_time).sort();
    const inPart = sessionsInPart(all, item.part);
    if (inPart.length === 1 && inPart[0]) {
      step.parameters[item.parameter] = inPart[0];
      continue;
    }
    return sessionQuestion(item.phrase, item.part, day, inPart, all);
  }
  return undefined;
}
