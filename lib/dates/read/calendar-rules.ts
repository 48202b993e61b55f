import { DateTime } from 'luxon';
import { dayOf, iso, nthWeekdayOfMonth, type VenueCalendar } from '../venue-calendar.ts';
import { ask, bad, MONTH, monthNumber, ORD, on, type Part, type Rule, WD, weekdayNumber } from './parts.ts';
import { dayMonthYear, dayOfMonth, yearlyDay } from './year-rules.ts';

/** A year said after a date: "2027", "next year", "this year". */
const YEAR = '(?: (?:of )?(20\\d\\d|next year|this year))?';
const DAY = '(?:(?:the )?(\\d{1,2})(?:st|nd|rd|th)?)';

function yearOf(cal: VenueCalendar, said: string | undefined): number | undefined {
  if (said === undefined) return undefined;
  if (said === 'next year') return cal.today.year + 1;
  if (said === 'this year') return cal.today.year;
  return Number(said);
}

function dated(cal: VenueCalendar, month: number, day: number, year: number | undefined): Part {
  if (year === undefined) return yearlyDay(cal, (y) => dayOf(cal, y, month, day));
  return dayMonthYear(cal, year, month, day);
}

function fullYear(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  return text.length === 2 ? 2000 + Number(text) : Number(text);
}

/**
 * Numeric dates in the venue's order (en-AU 4/12 = 4 December, en-US 12/4 = December 4). When only the other order
 * is a real date ("13/5" in Chicago, "1/13" in London), the user may have meant it or mistyped: issue 30 asks,
 * offering that reading, rather than choosing silently. When neither is ("13/13"), it is not a date.
 */
function numericDate(cal: VenueCalendar, a: number, b: number, yearText: string | undefined): Part {
  const year = fullYear(yearText);
  const [day, month] = cal.conventions.dayOrder === 'dmy' ? [a, b] : [b, a];
  const exists = (d: number, m: number) => m >= 1 && m <= 12 && dayOf(cal, year ?? 2028, m, d) !== undefined;
  if (exists(day, month)) return dated(cal, month, day, year);
  if (!exists(month, day)) return bad('not_a_date');
  const other = dated(cal, day, month, year);
  const candidates = other.k === 'date' ? [iso(other.day)] : other.k === 'ask' ? other.candidates : [];
  return ask('date', 'other_order', candidates);
}

/** The nth (or last) weekday of a month, with the same year rule as any day without a year. */
function nthWeekday(
  cal: VenueCalendar,
  nthText: string,
  weekday: number,
  monthText: string,
  yearText?: string,
): Part {
  const nth = nthText === 'last' ? -1 : Number.parseInt(nthText, 10);
  const inMonth = (year: number, month: number) =>
    nthWeekdayOfMonth(DateTime.fromObject({ year, month, day: 1 }, { zone: cal.today.zone }), weekday, nth);
  if (monthText === 'next month') {
    const next = cal.today.startOf('month').plus({ months: 1 });
    const day = inMonth(next.year, next.month);
    return day ? on(day, true) : bad('not_a_date');
  }
  if (monthText === 'this month' || monthText === 'the month') {
    const day = inMonth(cal.today.year, cal.today.month);
    if (!day) return bad('not_a_date');
    return day >= cal.today ? on(day, true) : ask('date', 'past');
  }
  const month = monthNumber(monthText);
  const year = yearOf(cal, yearText);
  if (year === undefined) return yearlyDay(cal, (y) => inMonth(y, month));
  const day = inMonth(year, month);
  return day ? (day >= cal.today ? on(day, false) : ask('date', 'past_year')) : bad('not_a_date');
}

/** Calendar dates: ISO, numeric, day and month in either order, nth weekday of a month, ordinal days. */
export const CALENDAR_RULES: readonly Rule[] = [
  {
    name: 'iso-datetime',
    pattern: '(\\d{4}-\\d{2}-\\d{2}t\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d+)?)?(?:z|[+-]\\d{2}:?\\d{2})?)',
    read: (m, cal) => {
      const instant = DateTime.fromISO((m[1] ?? '').toUpperCase(), { zone: cal.today.zone });
      if (!instant.isValid) return bad('not_a_date');
      return [on(instant.startOf('day'), false), { k: 'clock', minutes: instant.hour * 60 + instant.minute }];
    },
  },
  {
    name: 'iso-date',
    pattern: '(\\d{4})[-/](\\d{1,2})[-/](\\d{1,2})',
    read: (m, cal) => dayMonthYear(cal, Number(m[1]), Number(m[2]), Number(m[3])),
  },
  {
    name: 'numeric-date',
    pattern: '(\\d{1,2})/(\\d{1,2})(?:/(\\d{4}|\\d{2}))?|(\\d{1,2})[.-](\\d{1,2})[.-](\\d{4}|\\d{2})',
    read: (m, cal) =>
      m[1] !== undefined
        ? numericDate(cal, Number(m[1]), Number(m[2]), m[3])
        : numericDate(cal, Number(m[4]), Number(m[5]), m[6]),
  },
  {
    name: 'nth-weekday-of-month',
    pattern: `(?:the )?(1st|2nd|3rd|4th|5th|last) ${WD} (?:of|in) (next month|this month|the month|${MONTH.slice(1, -1)})${YEAR}`,
    read: (m, cal) => nthWeekday(cal, m[1] ?? '', weekdayNumber(m[2]), m[3] ?? '', m[4]),
  },
  {
    name: 'last-day-of-month',
    pattern: `(?:the )?last day of (next month|this month|the month|${MONTH.slice(1, -1)})`,
    read: (m, cal) => {
      const text = m[1] ?? '';
      const relative = text.endsWith('month');
      const first = relative
        ? cal.today.startOf('month').plus({ months: text === 'next month' ? 1 : 0 })
        : DateTime.fromObject(
            { year: cal.today.year, month: monthNumber(text), day: 1 },
            { zone: cal.today.zone },
          );
      if (relative) return on(first.endOf('month').startOf('day'), true);
      return yearlyDay(cal, (y) => first.set({ year: y }).endOf('month').startOf('day'));
    },
  },
  {
    name: 'day-of-next-month',
    pattern: `${DAY} (?:of )?(next|this) month|(next|this) month (?:on )?${DAY}`,
    read: (m, cal) => {
      const first = cal.today.startOf('month').plus({ months: (m[2] ?? m[3]) === 'next' ? 1 : 0 });
      const day = dayOf(cal, first.year, first.month, Number(m[1] ?? m[4]));
      if (!day) return bad('not_a_date');
      return day >= cal.today ? on(day, true) : ask('date', 'past');
    },
  },
  {
    name: 'day-of-the-month',
    pattern: `${DAY} of the month`,
    read: (m, cal) => dayOfMonth(cal, Number(m[1])),
  },
  {
    name: 'day-month',
    pattern: `${DAY} (?:of )?${MONTH}${YEAR}`,
    read: (m, cal) => dated(cal, monthNumber(m[2]), Number(m[1]), yearOf(cal, m[3])),
  },
  {
    name: 'month-day',
    pattern: `${MONTH} ${DAY}${YEAR}`,
    read: (m, cal) => dated(cal, monthNumber(m[1]), Number(m[2]), yearOf(cal, m[3])),
  },
  {
    name: 'ordinal-day',
    pattern: `(?:the )?${ORD}|the (\\d{1,2})`,
    read: (m) => ({ k: 'dom', day: Number(m[1] ?? m[2]) }),
  },
];
