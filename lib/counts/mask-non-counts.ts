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
  /\+?\d[\d ()-]{6,}\d/g, // phone numbers
  /[$€£]\s?\d[\d,.]*|\b\d[\d,.]*\s?(?:%|percent|dollars?|bucks|nzd|aud|usd)\b/gi, // money, percentages
  /\b\d+\s?(?:hours?|hrs?|h|minutes?|mins?|days?|weeks?|months?|years?|yrs?|yo)\b/gi, // durations, ages
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
  return s;
}

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
    const lead = found.before === 'for' ? LEADING_COUNT.exec(found.text) : null;
    if (lead && isBareNumber(lead[1] ?? '')) return withoutLead(found, lead[0].length, locale);
    const cut = TRAILING_COUNT.exec(found.text);
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

/** "for 6 on Sunday morning": a number right after "for" and before the day is the number of guests. */
const LEADING_COUNT = /^([a-z0-9]+(?:[\s-][a-z]+)?)\s+(?=(?:on|this|next|tomorrow|today|tonight)\b)/i;

function withoutLead(found: FoundWhen, length: number, locale: string): FoundWhen {
  const kept = found.text.slice(length);
  const again = findWhenPhrases(kept, locale)[0];
  return {
    ...found,
    text: kept,
    start: found.start + length,
    hasDate: again?.hasDate ?? found.hasDate,
    hasTime: again?.hasTime ?? found.hasTime,
  };
}

/** "18 to 22", "thirty-five", "12": numbers the date reader may take for a time, which in a request are counts. */
export function isBareNumber(phrase: string): boolean {
  const digits = cardinalWordsToDigits(phrase.trim().toLowerCase().replace(/-/g, ' '));
  return /^\d{1,3}(?:\s+(?:to|-)\s+\d{1,3})?$/.test(digits);
}
