import * as chrono from 'chrono-node';
import { MONTHS, type Part, WEEKDAYS } from './read/parts.ts';
import { FILLERS } from './read/scan-phrase.ts';
import { dayMonthYear, yearlyDay } from './read/year-rules.ts';
import { dayOf, type VenueCalendar } from './venue-calendar.ts';

/** Words where chrono's reading is known to go wrong (docs/design-facts.md): these phrases are never handed to it. */
const RELATIVE_WORDS =
  /\b(next|last|this|coming|after|before|ago|later|earlier|from|in|within|week|weeks|fortnight|today|tomorrow|tonight|yesterday|same|following|previous|end|early|mid|late|weekend)\b/;

/**
 * chrono-node as a second reader for an absolute date or time our rules did not fully read (an unusual word order,
 * say). Its reading is accepted only when it passes a consistency check: one result covering every word, every
 * number in the phrase accounted for by the result, any weekday or month named agreeing with it, and no time zone
 * named. Its day and month then go through the same year and past rules as ours. Anything else: undefined (the
 * phrase is unreadable). It reads forms like "5-Dec-2026" and "2026.12.05".
 */
export function chronoParts(text: string, cal: VenueCalendar): Part[] | undefined {
  if (RELATIVE_WORDS.test(text)) return undefined;
  const parser =
    cal.conventions.language === 'fr'
      ? chrono.fr
      : cal.conventions.dayOrder === 'dmy'
        ? chrono.en.GB
        : chrono.en;
  const local = cal.now;
  const reference = new Date(local.year, local.month - 1, local.day, local.hour, local.minute);
  const results = parser.parse(text, reference, { forwardDate: true });
  const [result] = results;
  if (!result || results.length !== 1) return undefined;
  const outside = `${text.slice(0, result.index)} ${text.slice(result.index + result.text.length)}`;
  if (outside.split(/\s+/).some((w) => w !== '' && !FILLERS.has(w))) return undefined;
  const s = result.start;
  // A time zone named in the words ("3pm EST") is not the venue's: never read as venue time.
  if (s.isCertain('timezoneOffset')) return undefined;
  const certain = (c: chrono.Component) => (s.isCertain(c) ? s.get(c) : null) ?? undefined;
  const [day, month, year, hour, minute] = (['day', 'month', 'year', 'hour', 'minute'] as const).map(certain);
  const known = new Set([
    day,
    month,
    year,
    year === undefined ? undefined : year % 100,
    hour,
    minute,
    hour === undefined ? undefined : hour % 12 || 12,
  ]);
  const numbers = (text.match(/\d+/g) ?? []).map(Number);
  if (numbers.some((n) => !known.has(n))) return undefined;
  const weekdayNamed = WEEKDAYS.findIndex((w) => text.includes(w)) + 1;
  const monthNamed = MONTHS.findIndex((m) => text.includes(m)) + 1;
  if (monthNamed > 0 && monthNamed !== month) return undefined;
  const parts: Part[] = [];
  if (day !== undefined && month !== undefined) {
    parts.push(
      year === undefined
        ? yearlyDay(cal, (y) => dayOf(cal, y, month, day))
        : dayMonthYear(cal, year, month, day),
    );
    if (weekdayNamed > 0) parts.push({ k: 'weekday', weekday: weekdayNamed });
  } else if (weekdayNamed > 0 || monthNamed > 0) {
    return undefined;
  }
  if (hour !== undefined) {
    const minutes = hour * 60 + (minute ?? 0);
    parts.push(
      s.isCertain('meridiem') || hour > 12
        ? { k: 'clock', minutes }
        : { k: 'hour', hour, minute: minute ?? 0, style: 'bare' },
    );
  }
  return parts.length > 0 ? parts : undefined;
}
