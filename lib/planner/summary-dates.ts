import { findWhenPhrases } from '../dates/find-when-phrases.ts';
import { formatDay } from '../dates/format-when.ts';
import { inPartOfDay } from '../dates/part-of-day.ts';
import { resolveWhen } from '../dates/resolve-when.ts';
import type { VenueClock, WhenValue } from '../dates/when-outcome.ts';

/** A date and time of the plan (a step's resolved date/time parameters) and the booking it was read against. */
export interface PlannedWhen {
  date?: string;
  time?: string;
  booking?: { date?: string; time?: string };
}

/** Date words a summary must not keep raw: they would not say which day the plan means. */
const DATE_WORDS =
  /\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|\b(jan|feb|apr|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\b(today|tomorrow|tonight|yesterday|weekend|fortnight|noon|midday|midnight|morning|afternoon|evening|arvo|o'?clock)\b|\b\d{1,2}(st|nd|rd|th|am|pm|h\d*)\b|\b\d{1,2}[:./]\d{1,2}\b/i;

function minutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** The plan's date/time the phrase's value agrees with, shown as the plan line shows it. */
function shownAs(value: WhenValue, planned: readonly PlannedWhen[], thisYear: number): string | undefined {
  for (const p of planned) {
    if (value.date !== undefined && value.date !== p.date) continue;
    if (value.time !== undefined && value.time !== p.time) continue;
    if (value.part_of_day !== undefined && (!p.time || !inPartOfDay(minutes(p.time), value.part_of_day)))
      continue;
    const day = value.date ? formatDay(value.date, thisYear) : undefined;
    const time = value.time !== undefined || value.part_of_day !== undefined ? p.time : undefined;
    return [day, time].filter(Boolean).join(' ');
  }
  return undefined;
}

/**
 * Issue 15 Presentation: the model's summary with every date and time phrase replaced by the plan's own value as
 * the plan lines show it ("Move BK-1042 to the 3rd at 2 in the afternoon" → "Move BK-1042 to Thu 3 Dec 14:00").
 * Undefined when a phrase does not resolve to one of the plan's values, or date words would stay raw: the caller
 * then shows a summary built from the plan lines instead.
 */
export function summaryWithPlanDates(
  summary: string,
  planned: readonly PlannedWhen[],
  venue: VenueClock,
  thisYear: number,
): string | undefined {
  let out = '';
  let from = 0;
  for (const found of findWhenPhrases(summary, venue.locale)) {
    const shown = planned
      .map((p) => resolveWhen(found.text, { ...venue, ...(p.booking ? { booking: p.booking } : {}) }))
      .map((o) => (o.kind === 'value' ? shownAs(o.value, planned, thisYear) : undefined))
      .find((s) => s !== undefined);
    const kept = summary.slice(from, found.start);
    if (shown === undefined || DATE_WORDS.test(kept)) return undefined;
    out += kept + shown;
    from = found.end;
  }
  const rest = summary.slice(from);
  return DATE_WORDS.test(rest) ? undefined : out + rest;
}
