import type { DateTime } from 'luxon';
import { iso, startOfWeek, type VenueCalendar, weekdayAfter, weekIndex } from '../venue-calendar.ts';
import { ask, COUNT, ORD, on, type Part, type Rule, WD, weekdayNumber } from './parts.ts';

/** The next given weekday strictly after today: "Saturday" said on a Saturday is in 7 days. */
function coming(cal: VenueCalendar, weekday: number): DateTime {
  return weekdayAfter(cal.today, weekday);
}

/**
 * "next Saturday": when Saturday is still ahead in this week, speakers split between the coming one and next
 * week's, so it asks. When Saturday is today or already past this week, both readings are the same day.
 */
function nextWeekday(cal: VenueCalendar, weekday: number): Part {
  const day = coming(cal, weekday);
  const { weekStart } = cal.conventions;
  if (weekday === cal.today.weekday || weekIndex(weekday, weekStart) < weekIndex(cal.today, weekStart)) {
    return on(day, true);
  }
  return ask('date', 'next_weekday', [iso(day), iso(day.plus({ days: 7 }))]);
}

/** "this Saturday": the coming one; said on a Saturday it could be today or in a week, so it asks. */
function thisWeekday(cal: VenueCalendar, weekday: number): Part {
  if (weekday === cal.today.weekday)
    return ask('date', 'this_weekday_today', [iso(cal.today), iso(coming(cal, weekday))]);
  return on(coming(cal, weekday), true);
}

/**
 * "Tuesday next week": that weekday in the week after this one. A Sunday-start locale also has the Monday-start
 * reading in use (the work week); where the two give different days (said on a Sunday, or of a Sunday) it asks.
 */
function weekdayOfWeek(cal: VenueCalendar, weekday: number, weeksAhead: number): Part {
  const readings = [cal.conventions.weekStart, 1].map((start) =>
    startOfWeek(cal.today, start).plus({ weeks: weeksAhead, days: weekIndex(weekday, start) }),
  );
  const future = [...new Map(readings.filter((d) => d >= cal.today).map((d) => [iso(d), d])).values()];
  const [only, ...others] = future;
  if (!only) return ask('date', 'past');
  return others.length > 0 ? ask('date', 'week_start', future.map(iso).sort()) : on(only, true);
}

/** "Friday 25", "mercredi 25": a weekday and a day of the month. A number up to 12 could be an hour: asked. */
function weekdayAndNumber(weekday: number, number: number): Part[] {
  if (number <= 12) return [ask('date', 'day_or_hour')];
  return [
    { k: 'weekday', weekday },
    { k: 'dom', day: number },
  ];
}

/** Weekdays with "this", "next", "after next", "week", "fortnight", "next week" (docs/planner.md). */
export const WEEKDAY_RULES: readonly Rule[] = [
  {
    name: 'weekday-of-next-week',
    pattern: `${WD} (?:of )?(?:next week|the following week|the week after)|next week (?:on )?${WD}`,
    read: (m, cal) => weekdayOfWeek(cal, weekdayNumber(m[1] ?? m[2]), 1),
  },
  {
    name: 'weekday-of-this-week',
    pattern: `${WD} (?:of )?this week|this week (?:on )?${WD}`,
    read: (m, cal) => weekdayOfWeek(cal, weekdayNumber(m[1] ?? m[2]), 0),
  },
  {
    name: 'weekday-after-next',
    pattern: `(?:the )?${WD} after next`,
    read: (m, cal) => on(coming(cal, weekdayNumber(m[1])).plus({ weeks: 1 }), true),
  },
  {
    name: 'weeks-on-weekday',
    pattern: `${COUNT} (weeks?|fortnights?) (?:on|from) ${WD}`,
    read: (m, cal) => {
      const weeks = Number(m[1]) * (m[2]?.startsWith('fortnight') ? 2 : 1);
      return on(coming(cal, weekdayNumber(m[3])).plus({ weeks }), true);
    },
  },
  {
    // AU/UK "Saturday week", "Friday fortnight"; French "samedi en huit" arrives as "saturday week".
    name: 'weekday-week',
    pattern: `${WD} (week|fortnight)`,
    read: (m, cal) => on(coming(cal, weekdayNumber(m[1])).plus({ weeks: m[2] === 'week' ? 1 : 2 }), true),
  },
  {
    name: 'this-weekday',
    pattern: `(?:this coming|coming|this) ${WD}`,
    read: (m, cal) => thisWeekday(cal, weekdayNumber(m[1])),
  },
  {
    // French "samedi prochain" arrives as "saturday next".
    name: 'next-weekday',
    pattern: `next ${WD}|${WD} next`,
    read: (m, cal) => nextWeekday(cal, weekdayNumber(m[1] ?? m[2])),
  },
  { name: 'last-weekday', pattern: `last ${WD}`, read: () => ask('date', 'past') },
  {
    name: 'weekday-ordinal',
    pattern: `${WD} (?:the )?${ORD}`,
    read: (m) => [
      { k: 'weekday', weekday: weekdayNumber(m[1]) },
      { k: 'dom', day: Number(m[2]) },
    ],
  },
  {
    name: 'weekday-number',
    pattern: `${WD} (?:the )?(\\d{1,2})`,
    read: (m) => weekdayAndNumber(weekdayNumber(m[1]), Number(m[2])),
  },
  { name: 'weekday', pattern: WD, read: (m) => ({ k: 'weekday', weekday: weekdayNumber(m[1]) }) },
];
