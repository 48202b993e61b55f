import { DateTime } from 'luxon';
import { isIsoDate } from '../contracts/primitives.ts';
import { type LocaleConventions, localeConventions } from './locale-conventions.ts';
import type { VenueClock, WhenContext } from './when-outcome.ts';

/** Days a date may lie behind today and still be read as a slip rather than next year's (README of the corpus). */
export const RECENT_PAST_DAYS = 60;
/** Venue opening hours for reading a bare hour: "at 4" is 16:00 because 04:00 is closed. [open, last start). */
export const OPEN_HOURS = { from: 9, to: 22 } as const;

/** The context of one reading, venue-local: now, today, the locale's conventions and the booking, if any. */
export interface VenueCalendar {
  now: DateTime;
  today: DateTime;
  conventions: LocaleConventions;
  booking?: { date?: DateTime; minutes?: number };
}

/** Today's date in the venue's timezone (00:00 venue-local). */
export function venueToday(venue: Pick<VenueClock, 'now' | 'timeZone'>): DateTime {
  return DateTime.fromJSDate(venue.now, { zone: venue.timeZone }).startOf('day');
}

/** The venue-local time of day now, HH:MM (a session at or before it today has started). */
export function venueTimeNow(venue: Pick<VenueClock, 'now' | 'timeZone'>): string {
  return DateTime.fromJSDate(venue.now, { zone: venue.timeZone }).toFormat('HH:mm');
}

export function venueCalendar(ctx: WhenContext): VenueCalendar {
  const now = DateTime.fromJSDate(ctx.now, { zone: ctx.timeZone });
  const calendar: VenueCalendar = {
    now,
    today: now.startOf('day'),
    conventions: localeConventions(ctx.locale),
  };
  if (ctx.booking) {
    const date = ctx.booking.date ? isoDay(ctx.booking.date, ctx.timeZone) : undefined;
    const minutes = ctx.booking.time ? minutesOf(ctx.booking.time) : undefined;
    calendar.booking = { ...(date ? { date } : {}), ...(minutes !== undefined ? { minutes } : {}) };
  }
  return calendar;
}

/** A YYYY-MM-DD day in the zone, or undefined when it is not a real date. */
export function isoDay(text: string, zone: string): DateTime | undefined {
  return isIsoDate(text) ? DateTime.fromISO(text, { zone }).startOf('day') : undefined;
}

/** A calendar day, or undefined for 31 November and 29 February of a common year. */
export function dayOf(cal: VenueCalendar, year: number, month: number, day: number): DateTime | undefined {
  const d = DateTime.fromObject({ year, month, day }, { zone: cal.today.zone });
  return d.isValid ? d : undefined;
}

export function iso(day: DateTime): string {
  return day.toISODate() ?? '';
}

/** "HH:MM" of minutes since midnight. */
export function hhmm(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

function minutesOf(time: string): number | undefined {
  const m = /^(\d{2}):(\d{2})/.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}

/** The first given weekday strictly after `from` (luxon numbering, Monday = 1). */
export function weekdayAfter(from: DateTime, weekday: number): DateTime {
  return from.plus({ days: (weekday - from.weekday + 7) % 7 || 7 });
}

/** The last given weekday strictly before `from`. */
export function weekdayBefore(from: DateTime, weekday: number): DateTime {
  return from.minus({ days: (from.weekday - weekday + 7) % 7 || 7 });
}

/** Position of a day in its week for a week starting on `weekStart` (0 = first day). */
export function weekIndex(day: DateTime | number, weekStart: number): number {
  const weekday = typeof day === 'number' ? day : day.weekday;
  return (weekday - weekStart + 7) % 7;
}

/** The first day of the week holding `day`, for a week starting on `weekStart`. */
export function startOfWeek(day: DateTime, weekStart: number): DateTime {
  return day.minus({ days: weekIndex(day, weekStart) });
}

/** The nth (1-5) or last (-1) given weekday of a month, or undefined when there is no fifth one. */
export function nthWeekdayOfMonth(first: DateTime, weekday: number, nth: number): DateTime | undefined {
  if (nth === -1) {
    const last = first.endOf('month').startOf('day');
    return last.minus({ days: (last.weekday - weekday + 7) % 7 });
  }
  const day = first.plus({ days: ((weekday - first.weekday + 7) % 7) + (nth - 1) * 7 });
  return day.month === first.month ? day : undefined;
}

/** The nearest day to `day` that falls on `weekday` (the earlier one on a tie). */
export function nearestWeekday(day: DateTime, weekday: number): DateTime {
  const back = (day.weekday - weekday + 7) % 7;
  const ahead = (weekday - day.weekday + 7) % 7;
  return ahead < back ? day.plus({ days: ahead }) : day.minus({ days: back });
}
