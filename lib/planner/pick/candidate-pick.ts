import { DateTime } from 'luxon';
import type { BookingSummary } from '../../contracts/booking.ts';
import { type PickPhrase, parsePickPhrase } from './pick-phrase.ts';

/**
 * How a reply relates to the candidates the previous clarification offered (000 Booking Resolution 4):
 * - `picked`: exactly one candidate fits everything the reply says;
 * - `ambiguous`: several fit ("the 3pm one" with two at 3pm): ask again among them, never guess;
 * - `no_match`: the reply is a pick but fits none ("the fifth one" of three): ask again;
 * - `not_a_pick`: the reply says something else; the model reads it as usual.
 */
export type CandidatePick =
  | { kind: 'not_a_pick' }
  | { kind: 'picked'; candidate: BookingSummary }
  | { kind: 'ambiguous'; matches: BookingSummary[] }
  | { kind: 'no_match'; reason: string };

export interface PickOptions {
  /** The venue's today, ISO date: for "today's" and "tomorrow's". */
  today: string;
}

type Filter = (candidate: BookingSummary, position: number) => boolean;

/** Resolves a reply against the offered candidates, in their order as listed (1 = the first shown). */
export function resolveCandidatePick(
  reply: string,
  candidates: readonly BookingSummary[],
  options: PickOptions,
): CandidatePick {
  const phrase = candidates.length > 0 ? parsePickPhrase(reply) : undefined;
  if (!phrase) return { kind: 'not_a_pick' };
  // A word that is in no candidate's name is not a name: the reply says something this module does not read.
  const unknownWord = phrase.nameWords?.find((w) => !candidates.some((c) => nameWords(c).includes(w)));
  if (unknownWord) return { kind: 'not_a_pick' };
  const position = phrase.position;
  if (position !== undefined && (position === 0 || position > candidates.length)) {
    return { kind: 'no_match', reason: `There is no number ${position} in the list.` };
  }
  const matches = candidates.filter((c, i) =>
    filtersOf(phrase, candidates.length, options).every((f) => f(c, i)),
  );
  if (matches.length === 1) return { kind: 'picked', candidate: matches[0] as BookingSummary };
  if (matches.length > 1) return { kind: 'ambiguous', matches };
  return { kind: 'no_match', reason: 'None of the bookings I listed fits that.' };
}

function filtersOf(phrase: PickPhrase, count: number, options: PickOptions): Filter[] {
  const filters: Filter[] = [];
  const { position, time } = phrase;
  if (position !== undefined) filters.push((_c, i) => i === (position === -1 ? count - 1 : position - 1));
  if (phrase.reference) {
    const reference = phrase.reference;
    filters.push((c) => referenceOf(c) === reference);
  }
  if (phrase.bookingId) filters.push((c) => c.booking_id === phrase.bookingId);
  if (phrase.nameWords) {
    const words = phrase.nameWords;
    filters.push((c) => words.every((w) => nameWords(c).includes(w)));
  }
  if (time)
    filters.push((c) => clockOf(c)?.minute === time.minute && hoursOf(time).includes(clockOf(c)?.hour ?? -1));
  if (phrase.partOfDay) filters.push((c) => partOfDay(clockOf(c)?.hour) === phrase.partOfDay);
  if (phrase.partySize !== undefined) filters.push((c) => c.party_size === phrase.partySize);
  if (phrase.weekday !== undefined) filters.push((c) => dateOf(c).weekday === phrase.weekday);
  if (phrase.dayOfMonth !== undefined) filters.push((c) => dateOf(c).day === phrase.dayOfMonth);
  if (phrase.month !== undefined) filters.push((c) => dateOf(c).month === phrase.month);
  if (phrase.daysFromToday !== undefined) {
    const day = DateTime.fromISO(options.today).plus({ days: phrase.daysFromToday }).toISODate();
    filters.push((c) => c.booking_date === day);
  }
  return filters;
}

/** A name's words, lower case: "John O'Brien-Tan" → john, o'brien-tan, o'brien, tan. */
function nameWords(candidate: BookingSummary): string[] {
  const words = candidate.guest_name.toLowerCase().split(/\s+/);
  return [...words, ...words.flatMap((w) => (w.includes('-') ? w.split('-') : []))];
}

/** The reference shown in the candidate's label ("BK-1042 · John Smith · …"). */
function referenceOf(candidate: BookingSummary): string | undefined {
  return /\bBK-\d+\b/i.exec(candidate.display_label ?? '')?.[0].toUpperCase();
}

function clockOf(candidate: BookingSummary): { hour: number; minute: number } | undefined {
  const match = /^(\d{2}):(\d{2})/.exec(candidate.booking_time ?? '');
  return match ? { hour: Number(match[1]), minute: Number(match[2]) } : undefined;
}

/** 24-hour hours a spoken time can mean: "3pm" 15, "3am" 3, "3" 3 or 15, "12pm" 12, "12am" 0. */
function hoursOf(time: NonNullable<PickPhrase['time']>): number[] {
  const h = time.hour % 12;
  if (time.meridiem === 'am') return [h];
  if (time.meridiem === 'pm') return [h + 12];
  if (time.hour > 12) return [time.hour];
  return time.hour === 12 ? [12] : [time.hour, time.hour + 12];
}

function partOfDay(hour: number | undefined): PickPhrase['partOfDay'] | undefined {
  if (hour === undefined) return undefined;
  return hour < 12 ? 'morning' : hour < 17 ? 'afternoon' : 'evening';
}

function dateOf(candidate: BookingSummary): DateTime {
  return DateTime.fromISO(candidate.booking_date);
}
