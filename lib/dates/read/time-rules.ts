import { hhmm } from '../venue-calendar.ts';
import { ask, bad, type Part, type Rule } from './parts.ts';

/** Explicit "am" before this hour is a night time no venue books: asked, in case pm was meant ("3am", "12am"). */
const NIGHT_END = 6 * 60;

function valid(hour: number, minute: number): boolean {
  return Number.isInteger(hour) && hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59;
}

/**
 * A time with am/pm said: taken as written, except night hours, which ask (am or pm?). An hour a 12-hour clock
 * does not have ("13pm", "0am") is not a time.
 */
function withMeridiem(hour: number, minute: number, meridiem: string): Part {
  // Issue 30: "13pm" is no time on a 12-hour clock; reading it as 13:00 would be a guess, so it is asked.
  if (hour < 1 || hour > 12 || minute > 59) return bad('not_a_time');
  const minutes = (hour % 12) * 60 + minute + (meridiem.startsWith('p') ? 720 : 0);
  if (minutes < NIGHT_END) return ask('time', 'night_hour', [hhmm(minutes), hhmm(minutes + 720)]);
  return { k: 'clock', minutes };
}

/** A clock hour without am/pm: the part of the day or the venue's hours decide (combine-parts.ts). */
function bareHour(hour: number, minute: number, style: 'bare' | 'french' = 'bare', weak = false): Part {
  if (!valid(hour, minute)) return bad('not_a_time');
  return { k: 'hour', hour, minute, style, ...(weak ? { weak } : {}) };
}

/** Minutes said before "past"/"to": "half", "quarter", "20". */
function minutesWord(word: string | undefined): number {
  if (word === 'half') return 30;
  if (word === 'quarter') return 15;
  return Number(word);
}

/** "H:MM" or "HHMM" read as written on a 24-hour clock when it cannot be a 12-hour one (13:00, 09:30, 0930). */
function clockDigits(hourText: string, minute: number): Part {
  const hour = Number(hourText);
  if (!valid(hour, minute)) return bad('not_a_time');
  const twentyFour = hour >= 13 || hour === 0 || hourText.startsWith('0');
  return twentyFour ? { k: 'clock', minutes: hour * 60 + minute } : bareHour(hour, minute);
}

/**
 * Clock times, most specific first (docs/planner.md "Dates and times"): fixed words, French "15h30", word times
 * ("half past two", "quarter to four"), am/pm, "o'clock", "15:30", compact "1530", "at 4", and a lone number.
 */
export const TIME_RULES: readonly Rule[] = [
  { name: 'noon', pattern: '(?:12 )?(?:noon|midday)', read: () => ({ k: 'clock', minutes: 720 }) },
  { name: 'midnight', pattern: '(?:12 )?midnight', read: () => ({ k: 'midnight' }) },
  {
    name: 'french-clock',
    pattern: '(-?\\d{1,2}):(\\d{2})(hs?)',
    read: (m) => bareHour(Number(m[1]), Number(m[2]), m[3] === 'h' ? 'french' : 'bare'),
  },
  {
    name: 'minutes-past',
    pattern: '(half|quarter|\\d{1,2})(?: minutes)? (?:past|after) (\\d{1,2})(?: (am|pm|oclock))?',
    read: (m) => {
      const minute = minutesWord(m[1]);
      if (minute > 30) return bad('not_a_time');
      return m[3] && m[3] !== 'oclock'
        ? withMeridiem(Number(m[2]), minute, m[3])
        : bareHour(Number(m[2]), minute);
    },
  },
  {
    name: 'minutes-to',
    pattern: '(quarter|\\d{1,2})(?: minutes)? (?:to|til|till|before|of) (\\d{1,2})(?: (am|pm|oclock))?',
    read: (m) => {
      const before = minutesWord(m[1]);
      const hour = Number(m[2]) - 1;
      if (before > 30 || before < 1 || hour < 0) return bad('not_a_time');
      const h12 = hour === 0 ? 12 : hour;
      return m[3] && m[3] !== 'oclock' ? withMeridiem(h12, 60 - before, m[3]) : bareHour(h12, 60 - before);
    },
  },
  {
    // AU/UK "half two" is half past two (not 1:30).
    name: 'half-hour',
    pattern: 'half (\\d{1,2})(?: (am|pm))?',
    read: (m) => (m[2] ? withMeridiem(Number(m[1]), 30, m[2]) : bareHour(Number(m[1]), 30)),
  },
  {
    name: 'meridiem',
    pattern: '(\\d{1,2})(?:[:.](\\d{2}))? ?(am|pm)|(\\d{1,2})(?:[:.](\\d{2}))?([ap])',
    read: (m) =>
      m[3]
        ? withMeridiem(Number(m[1]), Number(m[2] ?? 0), m[3])
        : withMeridiem(Number(m[4]), Number(m[5] ?? 0), m[6] ?? ''),
  },
  { name: 'oclock', pattern: '(\\d{1,2}) ?oclock', read: (m) => bareHour(Number(m[1]), 0) },
  {
    name: 'colon-time',
    pattern: '(\\d{1,2}):(\\d{2})(?: hours| h)?',
    read: (m) => clockDigits(m[1] ?? '', Number(m[2])),
  },
  {
    // "3.30" is a time; "3.12" may be 3 December as much as 15:12: asked.
    name: 'dot-time',
    pattern: '(\\d{1,2})\\.(\\d{2})',
    read: (m) => {
      const [a, b] = [Number(m[1]), Number(m[2])];
      return b >= 1 && b <= 12 && a >= 1 && a <= 31 ? ask('time', 'day_or_hour') : clockDigits(m[1] ?? '', b);
    },
  },
  {
    // "1530", "0930" (24-hour); "230" as a 12-hour time without am/pm.
    name: 'compact-time',
    pattern: '(\\d{1,2})(\\d{2})(?: hours)?',
    read: (m) => {
      const part = clockDigits(m[1] ?? '', Number(m[2]));
      const yearLike = /^(19|20)\d\d$/.test(m[0]);
      return part.k === 'clock' && yearLike ? { ...part, yearLike } : part;
    },
  },
  {
    name: 'at-hour',
    pattern: '(?:at|around|about|approximately|approx|roughly|circa) (\\d{1,2})',
    read: (m) => bareHour(Number(m[1]), 0),
  },
];

/** A number on its own ("2" in "2 in the afternoon"): an hour, but weak evidence in free text. Runs last. */
export const LONE_HOUR_RULE: Rule = {
  name: 'lone-hour',
  pattern: '(\\d{1,2})',
  read: (m) => bareHour(Number(m[1]), 0, 'bare', true),
};
