import type { DateTime } from 'luxon';
import { hhmm, iso, type VenueCalendar, weekdayAfter, weekdayBefore } from '../venue-calendar.ts';
import { ask, bad, COUNT, on, type Part, type Rule, WD, weekdayNumber } from './parts.ts';

/** The booking's date, or "needs a booking" when the phrase is relative to one and there is none. */
function fromBookingDay(cal: VenueCalendar, move: (day: DateTime) => DateTime): Part {
  const day = cal.booking?.date;
  return day ? on(move(day), true) : bad('needs_booking');
}

function days(word: string | undefined, count: number): number {
  if (word?.startsWith('fortnight')) return count * 14;
  if (word?.startsWith('week')) return count * 7;
  return count;
}

/**
 * Moves the booking's start by a number of minutes on the wall clock: "24 hours later" across a DST change is
 * the same clock time the next day (what operators mean). The date is given only when the day changes.
 */
function shiftTime(cal: VenueCalendar, minutes: number): Part | Part[] {
  const start = cal.booking?.minutes;
  if (start === undefined) return bad('needs_booking');
  const total = start + minutes;
  const dayShift = Math.floor(total / 1440);
  const clock: Part = { k: 'clock', minutes: total - dayShift * 1440, relative: true };
  if (dayShift === 0) return clock;
  const day = cal.booking?.date;
  return day ? [on(day.plus({ days: dayShift }), true), clock] : bad('needs_booking');
}

function minutesOf(count: number, unit: string | undefined): number {
  if (unit?.startsWith('hour')) return count * 60;
  if (unit?.startsWith('minute')) return count;
  return days(unit, count) * 1440;
}

/** A shift by a duration in the given direction: days move the date, hours and minutes the time. */
function shift(cal: VenueCalendar, count: number, unit: string | undefined, sign: number): Part | Part[] {
  if (unit?.startsWith('hour') || unit?.startsWith('minute'))
    return shiftTime(cal, sign * minutesOf(count, unit));
  return fromBookingDay(cal, (day) => day.plus({ days: sign * days(unit, count) }));
}

/** "push it back an hour": later to some, earlier to others; both are offered. */
function eitherWay(cal: VenueCalendar, count: number, unit: string | undefined): Part {
  const readings = [-1, 1].map((sign) => shift(cal, count, unit, sign));
  const candidates = readings.flatMap((r) => {
    const parts = Array.isArray(r) ? r : [r];
    const date = parts.find((p) => p.k === 'date');
    const clock = parts.find((p) => p.k === 'clock');
    if (clock?.k === 'clock')
      return [date?.k === 'date' ? `${iso(date.day)}T${hhmm(clock.minutes)}` : hhmm(clock.minutes)];
    return date?.k === 'date' ? [iso(date.day)] : [];
  });
  if (candidates.length < 2) return bad('needs_booking');
  return ask(
    unit?.startsWith('hour') || unit?.startsWith('minute') ? 'time' : 'date',
    'direction',
    candidates,
  );
}

const UNIT = '(hours?|minutes?|days?|weeks?|fortnights?)';
/** What a shift verb moves: "it", "them", "the booking", "the party", "her"… (the object is read, not kept). */
const OBJ = '(?:(?:it|them|that|this|him|her|the booking|the party|the session|their booking|the kids) )?';
const LATER = new Set(['later', 'after']);

/** Phrases relative to the booking being changed ("same day", "an hour later", "the Friday before"). */
export const BOOKING_RULES: readonly Rule[] = [
  {
    name: 'same-next-week',
    pattern: '(?:the )?same (day|time) (?:of )?(?:next week|the following week|the week after)',
    read: (m, cal) => {
      const day = fromBookingDay(cal, (d) => d.plus({ weeks: 1 }));
      if (m[1] === 'day') return day;
      const start = cal.booking?.minutes;
      return start === undefined
        ? bad('needs_booking')
        : [day, { k: 'clock', minutes: start, relative: true }];
    },
  },
  {
    // Issue 33: "keep the date", "same date", "keep the same day" say the booking's day stays.
    name: 'same-day',
    pattern:
      '(?:keep(?:ing)? )?(?:the |its |their )?same (?:day|date)|keep(?:ing)? (?:the |its |their )?(?:day|date)',
    read: (_, cal) => fromBookingDay(cal, (d) => d),
  },
  {
    name: 'keep-time',
    pattern: 'keep(?:ing)? (?:the |its |their )?(?:same )?time',
    read: (_, cal) => {
      const start = cal.booking?.minutes;
      return start === undefined ? bad('needs_booking') : { k: 'clock', minutes: start, relative: true };
    },
  },
  {
    name: 'same-time',
    pattern: '(?:the |at the )?same time',
    read: (_, cal) => {
      const start = cal.booking?.minutes;
      return start === undefined ? bad('needs_booking') : { k: 'clock', minutes: start, relative: true };
    },
  },
  {
    name: 'next-day',
    pattern: '(?:the )?(?:next|following) day|(?:the )?day after',
    read: (_, cal) => fromBookingDay(cal, (d) => d.plus({ days: 1 })),
  },
  {
    // "shift the party to the following week": the booking's weekday a week on ("next week" is today's; "the week after"
    // is left unread, as it may go on "next" or "Easter").
    name: 'following-week',
    pattern: '(?:the )?following week',
    read: (_, cal) => fromBookingDay(cal, (d) => d.plus({ weeks: 1 })),
  },
  {
    name: 'previous-week',
    pattern: '(?:the )?(?:previous|preceding) week',
    read: (_, cal) => fromBookingDay(cal, (d) => d.minus({ weeks: 1 })),
  },
  {
    name: 'previous-day',
    pattern: '(?:the )?(?:previous|preceding) day|(?:the )?day before',
    read: (_, cal) => fromBookingDay(cal, (d) => d.minus({ days: 1 })),
  },
  {
    name: 'booking-weekday',
    pattern: `(?:the )?(following|previous|preceding) ${WD}|(?:the )?${WD} (after|before)(?! next)`,
    read: (m, cal) => {
      const weekday = weekdayNumber(m[2] ?? m[3]);
      const forward = m[1] === 'following' || m[4] === 'after';
      return fromBookingDay(cal, (d) => (forward ? weekdayAfter(d, weekday) : weekdayBefore(d, weekday)));
    },
  },
  {
    name: 'shift',
    pattern: `${COUNT} ${UNIT} (later|after|earlier|before)|(later|earlier) by ${COUNT} ${UNIT}`,
    read: (m, cal) =>
      m[1] !== undefined
        ? shift(cal, Number(m[1]), m[2], LATER.has(m[3] ?? '') ? 1 : -1)
        : shift(cal, Number(m[5]), m[6], m[4] === 'later' ? 1 : -1),
  },
  {
    // AU/UK "bring forward" is earlier; "delay", "postpone" are later.
    name: 'shift-verb',
    // Issue 30: "push back" is a delay in everyday speech ("push them back two weeks"); "move back" stays asked.
    pattern: `(?:bring|pull|move) ${OBJ}(?:forward|earlier|up) (?:by )?${COUNT} ${UNIT}|(?:delay|postpone|push|bump) ${OBJ}(?:out |later |back )?(?:by )?${COUNT} ${UNIT}`,
    read: (m, cal) =>
      m[1] !== undefined ? shift(cal, Number(m[1]), m[2], -1) : shift(cal, Number(m[3]), m[4], 1),
  },
  {
    // "push it back", "move it forward": speakers use both for both directions.
    name: 'shift-either-way',
    pattern: `(?:move|put) ${OBJ}(?:back|forward) (?:by )?${COUNT} ${UNIT}`,
    read: (m, cal) => eitherWay(cal, Number(m[1]), m[2]),
  },
];
