import type { DateTime } from 'luxon';
import { dayOf, iso, RECENT_PAST_DAYS, type VenueCalendar } from '../venue-calendar.ts';
import { ask, bad, on, type Part } from './parts.ts';

/**
 * A day with no year said ("4 December", "25/12", "Christmas", "the first Tuesday of November"), computed per year:
 * this year's if it is today or ahead, otherwise next year's. But when this year's passed less than
 * RECENT_PAST_DAYS ago, next year's is almost a year away and the words were more likely a slip: ask, offering
 * next year's.
 */
export function yearlyDay(cal: VenueCalendar, dayIn: (year: number) => DateTime | undefined): Part {
  const thisYear = dayIn(cal.today.year);
  if (thisYear && thisYear >= cal.today) return on(thisYear, false);
  const nextYear = dayIn(cal.today.year + 1);
  if (!nextYear) return bad('not_a_date');
  if (!thisYear) return on(nextYear, false);
  const past = cal.today.diff(thisYear, 'days').days;
  return past <= RECENT_PAST_DAYS ? ask('date', 'recently_past', [iso(nextYear)]) : on(nextYear, false);
}

/** A full date with its year said: taken as said, but a past one asks (the old year typed out of habit). */
export function dayMonthYear(cal: VenueCalendar, year: number, month: number, day: number): Part {
  const date = dayOf(cal, year, month, day);
  if (!date) return bad('not_a_date');
  if (date >= cal.today) return on(date, false);
  const next = dayOf(cal, cal.today.year, month, day);
  const later = next && next >= cal.today ? next : dayOf(cal, cal.today.year + 1, month, day);
  return ask('date', 'past_year', later ? [iso(later)] : []);
}

/**
 * A day of the month with no month ("the 3rd"): this month's if still ahead; today asks (today or next month's?);
 * otherwise the next month that has that day ("the 22nd" said on the 27th is the 22nd of next month, "the 31st" in
 * November is 31 December). Issue 30: an operator booking ahead means the coming one, even days after this month's
 * has passed; asking whether they meant a past day (which nothing can be moved to) was a needless question.
 */
export function dayOfMonth(cal: VenueCalendar, day: number): Part {
  if (day < 1 || day > 31) return bad('not_a_date');
  const { today } = cal;
  const thisMonth = dayOf(cal, today.year, today.month, day);
  const following = nextMonthWithDay(cal, day);
  if (!following) return bad('not_a_date');
  if (thisMonth && thisMonth > today) return on(thisMonth, true);
  if (thisMonth?.equals(today)) return ask('date', 'today_or_later', [iso(today), iso(following)]);
  return on(following, true);
}

function nextMonthWithDay(cal: VenueCalendar, day: number): DateTime | undefined {
  for (let ahead = 1; ahead <= 12; ahead += 1) {
    const first = cal.today.startOf('month').plus({ months: ahead });
    const date = dayOf(cal, first.year, first.month, day);
    if (date) return date;
  }
  return undefined;
}
