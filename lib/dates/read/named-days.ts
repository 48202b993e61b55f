import { DateTime } from 'luxon';
import { dayOf, iso, nthWeekdayOfMonth, type VenueCalendar } from '../venue-calendar.ts';
import { ask, bad, type Part, type Rule } from './parts.ts';
import { yearlyDay } from './year-rules.ts';

type DayIn = (year: number, cal: VenueCalendar) => DateTime | undefined;

/** A named day: its names (normalized), the countries that observe it ('*' = all) and its date in a year. */
interface NamedDay {
  names: string[];
  countries: string[] | '*';
  dayIn: DayIn;
}

const fixed =
  (month: number, day: number): DayIn =>
  (year, cal) =>
    dayOf(cal, year, month, day);

const nth =
  (n: number, weekday: number, month: number, shift = 0): DayIn =>
  (year, cal) =>
    nthWeekdayOfMonth(
      DateTime.fromObject({ year, month, day: 1 }, { zone: cal.today.zone }),
      weekday,
      n,
    )?.plus({
      days: shift,
    });

/** Western Easter Sunday (anonymous Gregorian algorithm), shifted by `shift` days. */
const easter =
  (shift: number): DayIn =>
  (year, cal) => {
    const a = year % 19;
    const b = Math.floor(year / 100);
    const c = year % 100;
    const h = (19 * a + b - Math.floor(b / 4) - Math.floor((8 * b + 13) / 25) + 15) % 30;
    const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
    const m = Math.floor((a + 11 * h + 22 * l) / 451);
    const month = Math.floor((h + l - 7 * m + 114) / 31);
    const day = ((h + l - 7 * m + 114) % 31) + 1;
    return dayOf(cal, year, month, day)?.plus({ days: shift });
  };

/** French Mother's Day: last Sunday of May, moved to the first Sunday of June when it is Whit Sunday. */
const frenchMothersDay: DayIn = (year, cal) => {
  const lastMay = nth(-1, 7, 5)(year, cal);
  return lastMay?.equals(easter(49)(year, cal) ?? lastMay) ? lastMay.plus({ weeks: 1 }) : lastMay;
};

const COMMONWEALTH = ['AU', 'GB', 'NZ', 'CA', 'IE'];
const ENGLISH = ['AU', 'GB', 'NZ', 'CA', 'IE', 'US'];

/** Named days by country (issue 15: the days the venue's country observes). */
const NAMED_DAYS: readonly NamedDay[] = [
  { names: ['christmas eve'], countries: '*', dayIn: fixed(12, 24) },
  { names: ['christmas day', 'christmas'], countries: '*', dayIn: fixed(12, 25) },
  { names: ['boxing day'], countries: COMMONWEALTH, dayIn: fixed(12, 26) },
  { names: ['new years eve', 'new year eve', 'hogmanay'], countries: '*', dayIn: fixed(12, 31) },
  { names: ['new years day', 'new year day'], countries: '*', dayIn: fixed(1, 1) },
  { names: ['valentines day', 'st valentines day', 'saint valentin'], countries: '*', dayIn: fixed(2, 14) },
  {
    names: ['st patricks day', 'saint patricks day', 'st paddys day', 'paddys day'],
    countries: ENGLISH,
    dayIn: fixed(3, 17),
  },
  { names: ['halloween'], countries: ENGLISH, dayIn: fixed(10, 31) },
  { names: ['good friday'], countries: '*', dayIn: easter(-2) },
  { names: ['easter saturday', 'holy saturday'], countries: '*', dayIn: easter(-1) },
  { names: ['easter sunday', 'easter day'], countries: '*', dayIn: easter(0) },
  { names: ['easter monday'], countries: '*', dayIn: easter(1) },
  { names: ['ascension day'], countries: '*', dayIn: easter(39) },
  { names: ['whit sunday', 'pentecost'], countries: '*', dayIn: easter(49) },
  { names: ['whit monday'], countries: ['FR', 'GB', 'IE'], dayIn: easter(50) },
  { names: ['australia day'], countries: ['AU'], dayIn: fixed(1, 26) },
  { names: ['anzac day'], countries: ['AU', 'NZ'], dayIn: fixed(4, 25) },
  { names: ['thanksgiving day', 'thanksgiving'], countries: ['US'], dayIn: nth(4, 4, 11) },
  { names: ['thanksgiving day', 'thanksgiving'], countries: ['CA'], dayIn: nth(2, 1, 10) },
  { names: ['black friday'], countries: ['US'], dayIn: nth(4, 4, 11, 1) },
  { names: ['independence day'], countries: ['US'], dayIn: fixed(7, 4) },
  { names: ['veterans day'], countries: ['US'], dayIn: fixed(11, 11) },
  { names: ['remembrance day'], countries: COMMONWEALTH, dayIn: fixed(11, 11) },
  { names: ['election day'], countries: ['US'], dayIn: nth(1, 1, 11, 1) },
  {
    names: ['mlk day', 'martin luther king day', 'martin luther king jr day'],
    countries: ['US'],
    dayIn: nth(3, 1, 1),
  },
  { names: ['presidents day', 'washingtons birthday'], countries: ['US'], dayIn: nth(3, 1, 2) },
  { names: ['memorial day'], countries: ['US'], dayIn: nth(-1, 1, 5) },
  { names: ['labor day'], countries: ['US'], dayIn: nth(1, 1, 9) },
  { names: ['columbus day', 'indigenous peoples day'], countries: ['US'], dayIn: nth(2, 1, 10) },
  { names: ['juneteenth'], countries: ['US'], dayIn: fixed(6, 19) },
  { names: ['mothers day'], countries: ['US', 'AU', 'CA', 'NZ'], dayIn: nth(2, 7, 5) },
  { names: ['mothers day', 'mothering sunday'], countries: ['GB', 'IE'], dayIn: easter(-21) },
  { names: ['mothers day'], countries: ['FR'], dayIn: frenchMothersDay },
  { names: ['fathers day'], countries: ['US', 'GB', 'CA', 'FR', 'IE'], dayIn: nth(3, 7, 6) },
  { names: ['fathers day'], countries: ['AU', 'NZ'], dayIn: nth(1, 7, 9) },
  { names: ['bonfire night', 'guy fawkes night', 'guy fawkes day'], countries: ['GB'], dayIn: fixed(11, 5) },
  { names: ['early may bank holiday', 'may day'], countries: ['GB'], dayIn: nth(1, 1, 5) },
  { names: ['spring bank holiday'], countries: ['GB'], dayIn: nth(-1, 1, 5) },
  { names: ['summer bank holiday', 'august bank holiday'], countries: ['GB'], dayIn: nth(-1, 1, 8) },
  { names: ['bastille day'], countries: ['FR'], dayIn: fixed(7, 14) },
  { names: ['may day'], countries: ['FR'], dayIn: fixed(5, 1) },
  { names: ['all saints day'], countries: ['FR'], dayIn: fixed(11, 1) },
  { names: ['armistice day'], countries: ['FR'], dayIn: fixed(11, 11) },
  { names: ['assumption day'], countries: ['FR'], dayIn: fixed(8, 15) },
];

/** Names that stand for more than one day wherever they are said: always asked. */
const AMBIGUOUS_NAMES: ReadonlyArray<{ names: string[]; readings: DayIn[] }> = [
  { names: ['new years', 'new year'], readings: [fixed(12, 31), fixed(1, 1)] },
  { names: ['reveillon'], readings: [fixed(12, 24), fixed(12, 31)] },
  { names: ['easter'], readings: [easter(-2), easter(0), easter(1)] },
];

const byLength = (a: string, b: string) => b.length - a.length;
const ALL_NAMES = [...new Set([...NAMED_DAYS, ...AMBIGUOUS_NAMES].flatMap((d) => d.names))].sort(byLength);

function observed(day: NamedDay, country: string): boolean {
  return day.countries === '*' || day.countries.includes(country);
}

/** "Boxing Day", "the day after Thanksgiving": the next occurrence, with the rule for a day that just passed. */
function namedDay(cal: VenueCalendar, name: string, shift: number): Part {
  const ambiguous = AMBIGUOUS_NAMES.find((d) => d.names.includes(name));
  if (ambiguous) {
    const candidates = ambiguous.readings.flatMap((reading) => {
      const part = yearlyDay(cal, (y) => reading(y, cal)?.plus({ days: shift }));
      return part.k === 'date' ? [iso(part.day)] : part.k === 'ask' ? part.candidates : [];
    });
    return ask('date', 'named_day', [...new Set(candidates)].sort());
  }
  const day = NAMED_DAYS.find((d) => d.names.includes(name) && observed(d, cal.conventions.country));
  if (!day) return bad('not_observed');
  return yearlyDay(cal, (y) => day.dayIn(y, cal)?.plus({ days: shift }));
}

export const NAMED_DAY_RULE: Rule = {
  name: 'named-day',
  pattern: `(?:(?:the )?day (after|before) )?(?:the )?(${ALL_NAMES.join('|')})`,
  read: (m, cal) => namedDay(cal, m[2] ?? '', m[1] === 'after' ? 1 : m[1] === 'before' ? -1 : 0),
};
