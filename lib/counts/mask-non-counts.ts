import { type FoundWhen, findWhenPhrases } from '../dates/find-when-phrases.ts';
import { cardinalWordsToDigits } from './cardinal-words.ts';

export interface MaskOptions {
  /** The venue's locale, for the date reader (d/m order, French). */
  locale: string;
  /** Booking references the text may hold (any shape the booking API uses): never counts. */
  references?: readonly string[];
}

/** Texts that hold digits and are never a number of guests. */
const NOT_COUNTS: readonly RegExp[] = [
  /[^\s@]+@[^\s@]+/g, // emails
  /\+?\(?\d[\d ()./-]{6,}\d/g, // phone numbers, in any typed form: "0412 345 678", "(04) 1234 5678", "312.555.0142"
  /[$€£]\s?\d[\d,.]*|\b\d[\d,.]*\s?(?:%|percent|dollars?|bucks|nzd|aud|usd)\b/gi, // money, percentages
  /\b\d+\s?(?:hours?|hrs?|h|minutes?|mins?|days?|weeks?|months?|years?|yrs?|yo)\b/gi, // durations, ages
  /\b(?:turning|turns|turned|aged?|age of)\s+\d{1,3}\b|\b\d{1,3}(?:st|nd|rd|th)?\s+birthday\b/gi, // ages
  /\b(?=[a-z0-9-]*\d)(?=[a-z0-9-]*[a-z])[a-z0-9]+(?:-[a-z0-9]+)*\b/gi, // tokens mixing letters and digits
  /\b\d{4,}(?:[-/]\d+)*\b/g, // four or more digits: references, years, card numbers
];
/** "5s" in "under 5s", "1st"… are letter-digit tokens too; these are the exceptions kept for the count reader. */
const KEEP = /^(?:\d{1,3}(?:ppl|pax)|[+-]\d{1,3})$/i;
const MASK = '#';

/**
 * The text with everything that has digits but is not a count blanked out: emails, phone numbers, money,
 * durations, booking references (given, or any token mixing letters and digits, or four digits and more), and
 * dates and times as the date resolver finds them ("1/12 at 11", "Saturday 5 Dec, 12:30"). A lone pair of numbers
 * ("from 18 to 22") is a count range, not a time.
 */
export function maskNonCounts(text: string, options: MaskOptions): string {
  let s = text;
  for (const reference of options.references ?? []) {
    if (reference.trim().length >= 3)
      s = s.replace(new RegExp(escapeRegExp(reference), 'gi'), (m) => blank(m));
  }
  for (const found of whenPhrasesBesideCounts(s, options.locale)) {
    if (isBareNumber(found.text)) continue;
    s = s.slice(0, found.start) + blank(found.text) + s.slice(found.end);
  }
  for (const pattern of NOT_COUNTS) s = s.replace(pattern, (m) => (KEEP.test(m) ? m : blank(m)));
  return s.replace(PRONOUN_ONE, (m) => blank(m));
}

/**
 * "one" standing for a thing already named, not a number of guests: "the 11pm one", "the party one", "that one",
 * "the other one" (a determiner within three words before it, or a date or time already masked right before it).
 * "one more", "one guest", "one of them" stay counts.
 */
const PRONOUN_ONE =
  /(?<=(?:\b(?:the|this|that|other|which|each|every|any)\s+(?:\S+\s+){0,2}|#\s+))one\b(?!\s+(?:more|less|fewer|extra|guests?|kids?|children|child|adults?|people|persons?|players?|pax|of them)\b)/gi;

function blank(text: string): string {
  return text.length > 0 ? MASK + ' '.repeat(text.length - 1) : '';
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** "at 6 for 8": the date reader takes "for 8" as a second time; in a request it is the number of guests. */
const TRAILING_COUNT = /\s+for\s+(\d{1,3}|[a-z]+(?:[\s-][a-z]+)?)$/i;

/**
 * The date and time phrases of a text (lib/dates findWhenPhrases), without a trailing "for N" that counts guests
 * ("tonight at 6 for 8" → "tonight at 6"), so dates, times and counts are read apart.
 */
export function whenPhrasesBesideCounts(text: string, locale: string): FoundWhen[] {
  return findWhenPhrases(text, locale).map((found) => {
    const lead = countsBefore(text.slice(0, found.start), found.before) ? leadingNumber(found.text) : 0;
    const rest = lead > 0 ? withoutLead(found, lead, locale) : undefined;
    if (rest) return rest;
    const cut = TRAILING_COUNT.exec(found.text) ?? countBeforeNoun(found, text);
    if (!cut || !/^\d+$/.test(cardinalWordsToDigits((cut[1] ?? '').toLowerCase().replace('-', ' '))))
      return found;
    if (found.text.slice(0, cut.index).trim() === '') return found;
    const kept = found.text.slice(0, cut.index);
    const again = findWhenPhrases(kept, locale)[0];
    return {
      ...found,
      text: kept,
      end: found.start + kept.length,
      hasDate: again?.hasDate ?? found.hasDate,
      hasTime: again?.hasTime ?? found.hasTime,
    };
  });
}

/** "Mar 3rd at 11:30, 16 guests": the date reader takes "16" as a second time; the noun after it says it counts. */
const TRAILING_NUMBER = /(?:,\s*|(?<=(?:am|pm|\d:\d\d))\s+)(\d{1,3}|[a-z]+(?:[\s-][a-z]+)?)$/i;
const COUNT_NOUN_AFTER =
  /^\s*(?:guests?|people|persons?|pax|ppl|kids|children|adults|players|climbers|jumpers|heads|in total|total)\b/i;

function countBeforeNoun(found: FoundWhen, text: string): RegExpExecArray | null {
  return COUNT_NOUN_AFTER.test(text.slice(found.end)) ? TRAILING_NUMBER.exec(found.text) : null;
}

/** The length of a number said first in a date phrase ("6 on Sunday morning", "twenty two next week"), or 0. */
function leadingNumber(phrase: string): number {
  for (const lead of [/^\S+\s+\S+\s+/.exec(phrase), /^\S+\s+/.exec(phrase)])
    if (lead && isBareNumber(lead[0])) return lead[0].length;
  return 0;
}
/** Words after which a number is the guests', not a time ("for 6 on Sunday", "is 24 tomorrow"); "at 6" stays a time. */
const COUNT_BEFORE = new Set(['for', 'is', 'of', 'now', 'be', 'make', 'another', 'plus', 'add', 'extra']);
const CHANGE_BY =
  /\b(?:up|down|increased?|reduced?|decreased?|raised?|cut|dropped|lowered?|bumped)\s+by\s*$/i;

function countsBefore(preceding: string, before: string | undefined): boolean {
  return (before !== undefined && COUNT_BEFORE.has(before)) || CHANGE_BY.test(preceding);
}

/** The phrase without its leading count, when what is left is still a date or time phrase. */
function withoutLead(found: FoundWhen, length: number, locale: string): FoundWhen | undefined {
  const kept = found.text.slice(length);
  const again = findWhenPhrases(kept, locale)[0];
  // Only a preposition may stand between the number and the rest ("6 on Sunday").
  if (!again || again.end !== kept.length || !/^(?:\s*[a-z]+\s+)?$/i.test(kept.slice(0, again.start)))
    return undefined;
  const start = found.start + length + again.start;
  return { ...found, text: again.text, start, hasDate: again.hasDate, hasTime: again.hasTime };
}

/** "18 to 22", "thirty-five", "12": numbers the date reader may take for a time, which in a request are counts. */
export function isBareNumber(phrase: string): boolean {
  const digits = cardinalWordsToDigits(phrase.trim().toLowerCase().replace(/-/g, ' '));
  return /^\d{1,3}(?:\s+(?:to|-)\s+\d{1,3})?$/.test(digits);
}
