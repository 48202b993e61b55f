import type { DateTime } from 'luxon';
import type { VenueCalendar } from '../venue-calendar.ts';
import type { AskReason, Candidate, PartOfDay, UnreadableReason } from '../when-outcome.ts';

/** What one rule read from its words. The parts of a phrase are combined and checked in combine-parts.ts. */
export type Part =
  /** A definite day. `relative`: it depends on today or the booking. */
  | { k: 'date'; day: DateTime; relative: boolean }
  /** A bare weekday ("Saturday"): the next one, unless a day of the month comes with it. */
  | { k: 'weekday'; weekday: number }
  /** A day of the month without a month ("the 3rd"). */
  | { k: 'dom'; day: number }
  /** A definite time of day, minutes since midnight. */
  | { k: 'clock'; minutes: number; relative?: boolean; yearLike?: boolean }
  /** A clock hour whose am/pm is not said ("at 4", "half past 2", French "15h"). `weak`: a lone number. */
  | { k: 'hour'; hour: number; minute: number; style: 'bare' | 'french'; weak?: boolean }
  | { k: 'part'; part: PartOfDay }
  | { k: 'midnight' }
  /** Read, but needs a question. `about` says which half of the value is unclear. */
  | { k: 'ask'; reason: AskReason; candidates: Candidate[]; about: 'date' | 'time'; weak?: boolean }
  | { k: 'bad'; reason: UnreadableReason; weak?: boolean };

/** One reading rule: a pattern over whole normalized tokens, and what its match means. */
export interface Rule {
  name: string;
  /** Regex source over space-separated tokens; matched on token boundaries only. */
  pattern: string;
  read(match: RegExpMatchArray, cal: VenueCalendar): Part | Part[];
}

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
export const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** Regex fragments shared by the rules (one capture group each). */
export const WD = `(${WEEKDAYS.join('|')})`;
export const MONTH = `(${MONTHS.join('|')})`;
/** A day number with an ordinal suffix: "3rd", "21st". */
export const ORD = '(\\d{1,2})(?:st|nd|rd|th)';
/** A count: "2", "10". */
export const COUNT = '(\\d{1,3})';

/** Luxon weekday (Monday = 1) of a weekday name. */
export function weekdayNumber(name: string | undefined): number {
  return WEEKDAYS.indexOf(name ?? '') + 1;
}

/** Month number (1-12) of a month name. */
export function monthNumber(name: string | undefined): number {
  return MONTHS.indexOf(name ?? '') + 1;
}

export function ask(
  about: 'date' | 'time',
  reason: AskReason,
  candidates: Candidate[] = [],
): Extract<Part, { k: 'ask' }> {
  return { k: 'ask', about, reason, candidates };
}

export function bad(reason: UnreadableReason): Extract<Part, { k: 'bad' }> {
  return { k: 'bad', reason };
}

export function on(day: DateTime, relative: boolean): Extract<Part, { k: 'date' }> {
  return { k: 'date', day, relative };
}
