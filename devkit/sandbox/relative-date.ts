import { DateTime } from 'luxon';
import { FixtureError } from './sandbox-error.ts';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const ABSOLUTE = /^\d{4}-\d{2}-\d{2}$/;
const OFFSET = /^([+-]\d+)([dw])$/;
const NEXT_WEEKDAY = /^next:([a-z]+)(?:([+-]\d+)([dw]))?$/;

/** The calendar date of an instant in a timezone (issue 3: the venue's "today" comes from the sandbox clock). */
export function localDate(instant: Date, timezone: string): string {
  const date = DateTime.fromJSDate(instant, { zone: timezone }).toISODate();
  if (date === null) throw new FixtureError(`unknown timezone "${timezone}"`);
  return date;
}

/**
 * Resolves a fixture date against `today` (YYYY-MM-DD, venue-local), so the demo never goes stale.
 * Accepted: `2026-03-14`, `today`, `+3d`, `-10d`, `+2w`, `next:saturday` (strictly after today) and
 * `next:saturday+7d`. Anything else is a FixtureError naming the expression.
 */
export function resolveRelativeDate(expression: string, today: string): string {
  const text = expression.trim().toLowerCase();
  const base = calendarDay(today, 'today');
  if (ABSOLUTE.test(text)) return isoOf(calendarDay(text, expression));
  if (text === 'today') return isoOf(base);

  const offset = OFFSET.exec(text);
  if (offset) return isoOf(shift(base, offset[1]!, offset[2]!));

  const next = NEXT_WEEKDAY.exec(text);
  const weekday = next ? WEEKDAYS.indexOf(next[1]!) + 1 : 0;
  if (next && weekday > 0) {
    // "next saturday" on a Saturday means a week later, never today.
    const ahead = ((weekday - base.weekday + 6) % 7) + 1;
    const day = base.plus({ days: ahead });
    return isoOf(next[2] === undefined ? day : shift(day, next[2], next[3]!));
  }
  throw new FixtureError(
    `invalid fixture date "${expression}": use YYYY-MM-DD, today, +Nd, -Nd, +Nw or next:<weekday>[+Nd]`,
  );
}

/**
 * Resolves a token expiry: an ISO datetime as is, or a fixture date expression meaning midnight of that
 * day in the venue's timezone (so `-1d` is an expired token, `+30d` a valid one).
 */
export function resolveRelativeInstant(expression: string, now: Date, timezone: string): Date {
  if (expression.includes('T')) {
    const instant = DateTime.fromISO(expression, { setZone: true });
    if (!instant.isValid) throw new FixtureError(`invalid fixture datetime "${expression}"`);
    return instant.toJSDate();
  }
  const day = resolveRelativeDate(expression, localDate(now, timezone));
  return DateTime.fromISO(day, { zone: timezone }).startOf('day').toJSDate();
}

/** Adds whole days to a YYYY-MM-DD date (calendar arithmetic, no DST surprises). */
export function addDays(date: string, days: number): string {
  return isoOf(calendarDay(date, date).plus({ days }));
}

function calendarDay(date: string, shownAs: string): DateTime {
  const day = DateTime.fromISO(date, { zone: 'utc' });
  if (!ABSOLUTE.test(date) || !day.isValid) throw new FixtureError(`invalid fixture date "${shownAs}"`);
  return day;
}

function shift(day: DateTime, amount: string, unit: string): DateTime {
  return day.plus(unit === 'w' ? { weeks: Number(amount) } : { days: Number(amount) });
}

function isoOf(day: DateTime): string {
  return day.toFormat('yyyy-MM-dd');
}
