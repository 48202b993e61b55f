import { isIsoDate } from '../../contracts/primitives.ts';
import type { BookingLookups } from '../booking-lookups.ts';
import type { BookingRecord } from '../booking-record.ts';
import { bookingIdOf } from '../placeholders.ts';
import type { PlannerRegistry } from '../planner-deps.ts';
import type { PlanStepDraft } from './gate-types.ts';
import type { WhenAsk } from './normalize-proposal.ts';

/**
 * A time with several readings ("Tuesday at 9": 09:00 or 21:00) is settled by the product's sessions that day,
 * as a part of the day is (part-of-day-sessions.ts): when exactly one reading is a session of the product, that
 * is the time; otherwise the question stays. Fills the steps in place; returns the asks still open.
 */
export async function settleTimesBySessions(
  asks: readonly WhenAsk[],
  steps: PlanStepDraft[],
  registry: PlannerRegistry,
  bookings: ReadonlyMap<string, BookingRecord>,
  lookups: BookingLookups,
): Promise<WhenAsk[]> {
  const open: WhenAsk[] = [];
  for (const ask of asks) {
    const step = steps.find((s) => s.step_number === ask.step_number);
    const params = step ? registry.get(step.action_id)?.parameters : undefined;
    const timeParam = params?.find((p) => p.type === 'time')?.name;
    const dateParam = params?.find((p) => p.type === 'date')?.name;
    if (!step || !ask.times?.length || ask.parameter !== timeParam) {
      open.push(ask);
      continue;
    }
    const booking = bookings.get(bookingIdOf(step, steps) ?? '');
    const readings = ask.times.map((t) =>
      t.includes('T') ? { date: t.slice(0, 10), time: t.slice(11) } : { time: t },
    );
    const stepDate = dateParam ? step.parameters[dateParam] : undefined;
    const product = literal(step.parameters.product_id) ?? booking?.product_id;
    const fitting: { date?: string; time: string }[] = [];
    for (const reading of readings) {
      const date = reading.date ?? (isIsoDate(stepDate) ? stepDate : booking?.date);
      const slots = date && product ? await lookups.slots(product, date) : undefined;
      if (slots?.some((s) => s.start_time === reading.time)) fitting.push(reading);
    }
    const only = fitting.length === 1 ? fitting[0] : undefined;
    if (!only) {
      open.push(ask);
      continue;
    }
    step.parameters[ask.parameter] = only.time;
    if (only.date && dateParam && !isIsoDate(step.parameters[dateParam]))
      step.parameters[dateParam] = only.date;
  }
  return open;
}

function literal(value: unknown): string | undefined {
  return typeof value === 'string' && !value.includes('{{') ? value : undefined;
}
