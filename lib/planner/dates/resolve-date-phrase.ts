import { DateTime } from 'luxon';
import { parseFirst, type Resolution, type VenueTime, venueToday } from './venue-time.ts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const WEEKDAY = /\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\b/i;
/** A weekday pushed into a later week ("Saturday next week", "the Saturday after next"): chrono's reading wins. */
const LATER_WEEK = /\b(next week|week after|after next|in \d+ weeks?)\b/i;

/**
 * Resolves a date phrase the model extracted ("Saturday", "tomorrow", "12 Dec") to YYYY-MM-DD in the venue's
 * timezone (000 Planning Rules 3: smart defaults for dates; DESIGN-NOTES: date arithmetic is deterministic).
 *
 * Weekday rule: "Saturday", "this Saturday", "next Saturday" and "on Saturday" all mean the first Saturday
 * strictly after today (000: "Saturday" → next Saturday). So when today is Saturday, "Saturday" is in 7 days;
 * say "today" for today. "Saturday next week" keeps chrono's reading (the Saturday of the following week).
 * Other phrases go to chrono-node with forwardDate, so a bare "12 Dec" in the past means next year.
 */
export function resolveDatePhrase(phrase: string, at: VenueTime): Resolution {
  const text = phrase.trim();
  if (ISO_DATE.test(text)) {
    return DateTime.fromISO(text).isValid
      ? { ok: true, value: text }
      : { ok: false, reason: `"${text}" is not a real calendar date` };
  }
  const parsed = parseFirst(text, at);
  if (!parsed) return { ok: false, reason: `could not read a date in "${text}"` };
  const start = parsed.start;
  const weekdayOnly = start.isCertain('weekday') && !start.isCertain('day');
  if (weekdayOnly && !LATER_WEEK.test(text)) {
    const match = WEEKDAY.exec(parsed.text);
    if (match?.[1]) return { ok: true, value: nextWeekday(match[1].toLowerCase(), at) };
  }
  if (!start.isCertain('day') && !start.isCertain('weekday')) {
    return { ok: false, reason: `"${text}" names no day; say which date` };
  }
  const date = DateTime.fromObject(
    {
      year: start.get('year') ?? undefined,
      month: start.get('month') ?? undefined,
      day: start.get('day') ?? undefined,
    },
    { zone: at.timeZone },
  );
  return date.isValid
    ? { ok: true, value: date.toISODate() ?? '' }
    : { ok: false, reason: `"${text}" is not a real calendar date` };
}

/** The first given weekday strictly after today in the venue's timezone. */
function nextWeekday(prefix: string, at: VenueTime): string {
  const target = WEEKDAYS.findIndex((d) => d.startsWith(prefix.slice(0, 3))) + 1; // luxon: Monday = 1
  const today = venueToday(at);
  const ahead = (target - today.weekday + 7) % 7 || 7;
  return today.plus({ days: ahead }).toISODate() ?? '';
}
