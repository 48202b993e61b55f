import type { DateTime } from 'luxon';
import { inPartOfDay, PART_RANGES } from './part-of-day.ts';
import type { Part } from './read/parts.ts';
import { dayOfMonth } from './read/year-rules.ts';
import { hhmm, iso, nearestWeekday, OPEN_HOURS, type VenueCalendar, weekdayAfter } from './venue-calendar.ts';
import type { AskReason, Candidate, PartOfDay, WhenOutcome, WhenValue } from './when-outcome.ts';

type Ask = { reason: AskReason; candidates: Candidate[] };

const distinct = <T>(items: T[], key: (t: T) => string) => [
  ...new Map(items.map((i) => [key(i), i])).values(),
];

/**
 * A clock hour without am/pm. With a part of the day, the reading inside it ("2 in the afternoon" → 14:00). Else
 * French written 24-hour notation is as written from 9h; otherwise the venue's hours decide: the reading inside
 * opening hours ("at 4" → 16:00, "at 11" → 11:00), and when both are inside ("at 9") it asks.
 */
function readHour(p: Extract<Part, { k: 'hour' }>, part: PartOfDay | undefined): number | Ask {
  const am = (p.hour % 12) * 60 + p.minute;
  const readings = p.hour > 12 || p.hour === 0 ? [p.hour * 60 + p.minute] : [am, am + 720];
  if (part) {
    const inside = readings.filter((r) => inPartOfDay(r, part));
    return inside.length === 1
      ? (inside[0] as number)
      : { reason: 'time_outside_part', candidates: readings.map(hhmm) };
  }
  if (readings.length === 1) return readings[0] as number;
  // French writes a 24-hour clock: "9h" is 09:00 (the evening would be "21h"); "8h" is before opening: asked.
  if (p.style === 'french')
    return p.hour >= 9 ? p.hour * 60 + p.minute : { reason: 'am_or_pm', candidates: readings.map(hhmm) };
  const open = readings.filter((r) => r >= OPEN_HOURS.from * 60 && r < OPEN_HOURS.to * 60);
  return open.length === 1 ? (open[0] as number) : { reason: 'am_or_pm', candidates: readings.map(hhmm) };
}

interface DateRead {
  date?: DateTime;
  ask?: Ask;
  bad?: boolean;
  relative: boolean;
}

/** The one day the date parts agree on, or why they need a question. */
function readDate(parts: Part[], cal: VenueCalendar): DateRead {
  // A weekday said with a date only checks it ("Sat 28 Nov"); alone, or a day of the month, it depends on today.
  let relative = parts.some((p) => (p.k === 'date' && p.relative) || p.k === 'dom');
  const asked = parts.find((p) => p.k === 'ask' && p.about === 'date');
  let dates = parts.flatMap((p) => (p.k === 'date' ? [p.day] : []));
  let ask: Ask | undefined =
    asked?.k === 'ask' ? { reason: asked.reason, candidates: asked.candidates } : undefined;
  const doms = distinct(
    parts.flatMap((p) => (p.k === 'dom' ? [p.day] : [])),
    String,
  );
  if (doms.length > 1) return { ask: { reason: 'conflict', candidates: [] }, relative };
  if (doms[0] !== undefined) {
    const read = dayOfMonth(cal, doms[0]);
    if (read.k === 'bad') return { bad: true, relative };
    if (read.k === 'ask') ask ??= { reason: read.reason, candidates: read.candidates };
    if (read.k === 'date') dates = [...dates, read.day];
  }
  const days = distinct(dates, iso);
  if (days.length > 1) return { ask: { reason: 'conflict', candidates: days.map(iso).sort() }, relative };
  const weekdays = distinct(
    parts.flatMap((p) => (p.k === 'weekday' ? [p.weekday] : [])),
    String,
  );
  if (weekdays.length > 1) return { ask: { reason: 'conflict', candidates: [] }, relative };
  let date = days[0];
  const weekday = weekdays[0];
  if (weekday !== undefined && !ask) {
    if (!date) {
      date = weekdayAfter(cal.today, weekday);
      relative = true;
    } else if (date.weekday !== weekday) {
      const near = nearestWeekday(date, weekday);
      const other = near >= cal.today ? near : weekdayAfter(cal.today, weekday);
      const candidates = [date, other].filter((d) => d >= cal.today).map(iso);
      return { ask: { reason: 'weekday_mismatch', candidates: [...new Set(candidates)].sort() }, relative };
    }
  }
  return { ...(ask ? { ask } : date ? { date } : {}), relative };
}

interface TimeRead {
  minutes?: number;
  part?: PartOfDay;
  ask?: Ask;
  relative: boolean;
}

/** The one time of day the time parts agree on (or the part of the day), or why they need a question. */
function readTime(parts: Part[], date: DateTime | undefined, hasDate: boolean): TimeRead {
  const relative = parts.some((p) => p.k === 'clock' && p.relative === true);
  const asked = parts.find((p) => p.k === 'ask' && p.about === 'time');
  if (asked?.k === 'ask') return { ask: { reason: asked.reason, candidates: asked.candidates }, relative };
  const dayParts = distinct(
    parts.flatMap((p) => (p.k === 'part' ? [p.part] : [])),
    String,
  );
  if (dayParts.length > 1) return { ask: { reason: 'conflict', candidates: [] }, relative };
  const part = dayParts[0];
  const clocks: number[] = [];
  for (const p of parts) {
    if (p.k === 'clock') clocks.push(p.minutes);
    if (p.k === 'midnight') {
      if (hasDate) {
        const edges = date ? [date, date.plus({ days: 1 })].map((d) => `${iso(d)}T00:00`) : [];
        return { ask: { reason: 'midnight_edge', candidates: edges }, relative };
      }
      clocks.push(0);
    }
    if (p.k === 'hour') {
      const read = readHour(p, part);
      if (typeof read !== 'number') return { ask: read, relative };
      clocks.push(read);
    }
  }
  // "2026 December 5": a four-digit number next to a date is more likely its year than a compact time.
  if (hasDate && parts.some((p) => p.k === 'clock' && p.yearLike === true)) {
    return { ask: { reason: 'year_or_time', candidates: [] }, relative };
  }
  const times = [...new Set(clocks)];
  if (times.length > 1) return { ask: { reason: 'conflict', candidates: times.map(hhmm) }, relative };
  const minutes = times[0];
  const explicit = parts.some((p) => p.k === 'clock' && !p.relative);
  if (minutes !== undefined && part && explicit && !inPartOfDay(minutes, part)) {
    return { ask: { reason: 'time_outside_part', candidates: [hhmm(minutes)] }, relative };
  }
  return { ...(minutes !== undefined ? { minutes } : part ? { part } : {}), relative };
}

/**
 * Combines what the rules read into exactly one outcome (issue 15): one value, a question with candidates, or
 * unreadable. The checks that no single rule can make live here: a weekday that contradicts the day of the month,
 * two different days or times, a time outside the part of the day said with it, and a value in the past.
 */
export function combineParts(phrase: string, parts: Part[], cal: VenueCalendar): WhenOutcome {
  const broken = parts.find((p) => p.k === 'bad' && !p.weak) ?? parts.find((p) => p.k === 'bad');
  if (broken?.k === 'bad') return { kind: 'unreadable', phrase, reason: broken.reason };
  const date = readDate(parts, cal);
  if (date.bad) return { kind: 'unreadable', phrase, reason: 'not_a_date' };
  const hasDate = date.date !== undefined || date.ask !== undefined;
  const time = readTime(parts, date.date, hasDate);
  if (date.ask) {
    const settled: WhenValue | undefined = time.ask
      ? undefined
      : time.minutes !== undefined
        ? { time: hhmm(time.minutes) }
        : time.part
          ? { part_of_day: time.part }
          : undefined;
    return { kind: 'ambiguous', phrase, ...date.ask, about: 'date', ...(settled ? { settled } : {}) };
  }
  if (time.ask) {
    const day = date.date;
    const candidates = day
      ? time.ask.candidates.map((c) => (c.includes('T') ? c : `${iso(day)}T${c}`))
      : time.ask.candidates;
    const settled = day ? { settled: { date: iso(day) } } : {};
    return { kind: 'ambiguous', phrase, reason: time.ask.reason, candidates, about: 'time', ...settled };
  }
  const past = pastCheck(date.date, time, cal);
  if (past) return { kind: 'ambiguous', phrase, reason: 'past', candidates: [], about: 'date' };
  const value: WhenValue = {
    ...(date.date ? { date: iso(date.date) } : {}),
    ...(time.minutes !== undefined ? { time: hhmm(time.minutes) } : {}),
    ...(time.part ? { part_of_day: time.part } : {}),
  };
  if (Object.keys(value).length === 0) return { kind: 'unreadable', phrase, reason: 'unknown_words' };
  return { kind: 'value', phrase, value, relative: date.relative || time.relative };
}

/** A day before today, or a time (or part of the day) today that is already over. */
function pastCheck(date: DateTime | undefined, time: TimeRead, cal: VenueCalendar): boolean {
  if (!date) return false;
  if (date < cal.today) return true;
  if (!date.equals(cal.today)) return false;
  const now = cal.now.hour * 60 + cal.now.minute;
  if (time.minutes !== undefined) return time.minutes < now;
  return time.part !== undefined && PART_RANGES[time.part][1] <= now;
}
