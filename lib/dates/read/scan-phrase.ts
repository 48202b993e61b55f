import type { VenueCalendar } from '../venue-calendar.ts';
import { BOOKING_RULES } from './booking-rules.ts';
import { CALENDAR_RULES } from './calendar-rules.ts';
import { NAMED_DAY_RULE } from './named-days.ts';
import type { Part, Rule } from './parts.ts';
import { RELATIVE_RULES, SPAN_RULES } from './relative-rules.ts';
import { LONE_HOUR_RULE, TIME_RULES } from './time-rules.ts';
import { WEEKDAY_RULES } from './weekday-rules.ts';

/** Words that carry no date or time of their own ("at 3 on Saturday", "around 11"). */
export const FILLERS: ReadonlySet<string> = new Set([
  'at',
  'on',
  'the',
  'of',
  'in',
  'for',
  'to',
  'and',
  'but',
  'then',
  'around',
  'about',
  'approximately',
  'approx',
  'roughly',
  'circa',
  'say',
  'please',
  'it',
  'or',
  'so',
]);

const ordinalDay = CALENDAR_RULES.find((r) => r.name === 'ordinal-day');

/**
 * The order rules are tried in: a longer, more specific reading first, so "the day after tomorrow" is not read as
 * "the day after" the booking, "4 Dec 2027" takes its year and "in 343 days" its count before either number could
 * be a compact time.
 */
const ORDER: readonly Rule[] = [
  ...CALENDAR_RULES.filter((r) => r !== ordinalDay),
  NAMED_DAY_RULE,
  ...RELATIVE_RULES,
  ...BOOKING_RULES,
  ...TIME_RULES,
  ...WEEKDAY_RULES,
  ...(ordinalDay ? [ordinalDay] : []),
  ...SPAN_RULES,
  LONE_HOUR_RULE,
];

const COMPILED = ORDER.map((rule) => ({
  rule,
  regex: new RegExp(`(?<=^| )(?:${rule.pattern})(?= |$)`, 'g'),
}));

/** What the rules read in a normalized phrase, and the words none of them used. */
export interface Scan {
  parts: Part[];
  /** Words left over that are not fillers: the phrase says something the rules do not understand. */
  leftovers: string[];
  /** Names of the rules that matched, in order (for tests and traces). */
  rules: string[];
}

/** Runs every rule over the phrase; each match consumes its words so that later rules cannot reuse them. */
export function scanPhrase(text: string, cal: VenueCalendar, fillers: ReadonlySet<string> = FILLERS): Scan {
  let rest = text;
  const found: Array<{ at: number; parts: Part[]; rule: string }> = [];
  for (const { rule, regex } of COMPILED) {
    const matches = [...rest.matchAll(regex)];
    if (matches.length === 0) continue;
    let blanked = '';
    let from = 0;
    for (const match of matches) {
      const read = rule.read(match, cal);
      found.push({ at: match.index, parts: Array.isArray(read) ? read : [read], rule: rule.name });
      blanked += rest.slice(from, match.index) + '|'.repeat(match[0].length);
      from = match.index + match[0].length;
    }
    rest = blanked + rest.slice(from);
  }
  found.sort((a, b) => a.at - b.at);
  const leftovers = rest.split(/[\s|]+/).filter((w) => w !== '' && !fillers.has(w));
  return { parts: found.flatMap((f) => f.parts), leftovers, rules: found.map((f) => f.rule) };
}
