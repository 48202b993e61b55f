import { findWhenPhrases } from '../../dates/find-when-phrases.ts';
import type { BookingRecord } from '../../planner/booking-record.ts';
import type { MessageSlots } from './extract-slots.ts';
import { plainWord } from './name-match.ts';

/**
 * The bookings among several matches that the message's other words describe (issue 30: "the Chen party on
 * Saturday", "Mike Johnson's laser tag", "the 3pm Patel booking"): the product named, the day and the time said of
 * the booking, not the new ones a reschedule asks for. Each cue narrows only when it keeps at least one booking and
 * drops at least one; a cue no booking fits is ignored, so the result is never empty and a question stays a
 * question when the words do not single a booking out.
 */
export function narrowBookings(
  bookings: readonly BookingRecord[],
  text: string,
  slots: MessageSlots,
  locale: string,
  /** The venue's today (YYYY-MM-DD): "today" and "tomorrow" describe a booking's day too. */
  today?: string,
): BookingRecord[] {
  const described = describingPhrases(text, slots, locale);
  const cues = [
    productCue(text, bookings),
    productOneCue(text),
    dayCue(described, today),
    timeCue(described),
  ];
  let out = [...bookings];
  for (const fits of cues) {
    if (!fits) continue;
    const kept = out.filter(fits);
    if (kept.length > 0 && kept.length < out.length) out = kept;
  }
  return out;
}

type Cue = ((booking: BookingRecord) => boolean) | undefined;

/** Words of product names that say nothing about which product ("Birthday Party Room": "party" is any booking). */
const GENERIC = new Set([
  'party',
  'parties',
  'room',
  'session',
  'booking',
  'the',
  'and',
  'of',
  'for',
  'area',
  'zone',
]);

/**
 * The bookings whose product the message names: its whole name ("the party room booking"), else the most of its
 * telling words ("laser" → Laser Tag Arena).
 */
function productCue(text: string, bookings: readonly BookingRecord[]): Cue {
  const words = text.split(/[^\p{L}'’-]+/u).map(plainWord);
  const said = new Set(words.flatMap((w) => [w, stem(w)]));
  const phrase = ` ${words.join(' ')} `;
  const score = (b: BookingRecord) => {
    const name = (b.product_name ?? '')
      .split(/\s+/)
      .map(plainWord)
      .filter((w) => w.length > 0);
    if (name.length > 0 && phrase.includes(` ${name.join(' ')} `)) return 100;
    return name.filter((w) => w.length > 2 && !GENERIC.has(w) && (said.has(w) || said.has(stem(w)))).length;
  };
  const best = Math.max(0, ...bookings.map(score));
  return best > 0 ? (b) => score(b) === best : undefined;
}

/** True when every one of `words` is a word of the product's name, endings aside ("trampoline", "bowling"). */
export function namesProduct(words: readonly string[], productName: string | undefined): boolean {
  const name = new Set((productName ?? '').split(/\s+/).flatMap((w) => [plainWord(w), stem(plainWord(w))]));
  return words.length > 0 && words.every((w) => name.has(plainWord(w)) || name.has(stem(plainWord(w))));
}

/** A word without its ending: "climbing" and "climbers" are "climb", "jumping" is "jump". */
function stem(word: string): string {
  const bare = word.replace(/(?:ing|ers|er|s)$/, '');
  return bare.length >= 4 ? bare : word;
}

/**
 * "the party one", "the open play one": a booking told apart by its product, as an answer to "which one?" does.
 * Here every word counts, "party" too: the words stand for the product, not for the booking.
 */
function productOneCue(text: string): Cue {
  const said = /\bthe\s+((?:[\p{L}'’-]+\s+){0,2}[\p{L}'’-]+)\s+one\b/iu.exec(text)?.[1];
  if (!said) return undefined;
  const words = said.split(/\s+/).map(plainWord);
  return (b) => {
    const name = (b.product_name ?? '').split(/\s+/).map(plainWord);
    return words.every((w) => name.includes(w));
  };
}

/**
 * The date and time phrases that describe the booking: all of them, unless the request moves it; then only those
 * said before the new date or time ("move the Saturday Chen party to Sunday") or introduced by "from".
 */
function describingPhrases(text: string, slots: MessageSlots, locale: string): string[] {
  const phrases = findWhenPhrases(text, locale);
  if (!slots.intents.includes('reschedule')) return phrases.map((p) => p.text);
  const newWords = [slots.datePhrase, slots.timePhrase].filter((w): w is string => w !== undefined);
  // New words not found as said (or none at all): only "from …" describes, never a phrase that may be the new one.
  const found = newWords.map((w) => text.indexOf(w)).filter((i) => i >= 0);
  const newAt = found.length > 0 ? Math.min(...found) : -1;
  return phrases
    .filter((p) => p.before === 'from' || (p.end <= newAt && !newWords.includes(p.text)))
    .map((p) => p.text);
}

const WEEKDAYS = [/\bsun/i, /\bmon/i, /\btue/i, /\bwed/i, /\bthu/i, /\bfri/i, /\bsat/i];
const MONTHS = 'jan feb mar apr may jun jul aug sep oct nov dec'.split(' ');

/**
 * The bookings on the day a describing phrase names: "today", "tomorrow" (the venue's), a weekday ("on Saturday"),
 * a day of the month ("the 5th", "Dec 5").
 */
function dayCue(phrases: readonly string[], today?: string): Cue {
  for (const phrase of phrases) {
    const relative = today ? relativeDay(phrase, today) : undefined;
    if (relative) return (b) => b.date === relative;
    const weekday = WEEKDAYS.findIndex((w) => w.test(phrase));
    if (weekday >= 0) return (b) => !!b.date && new Date(`${b.date}T00:00:00Z`).getUTCDay() === weekday;
    const dom = dayOfMonth(phrase);
    if (dom) return (b) => !!b.date && Number(b.date.slice(8, 10)) === dom;
  }
  return undefined;
}

/** "today" or "tomorrow" said alone, as the ISO day it is at the venue. */
function relativeDay(phrase: string, today: string): string | undefined {
  const word = phrase.toLowerCase().replace(/[^a-z]+/g, '');
  if (word === 'today') return today;
  if (word !== 'tomorrow') return undefined;
  const next = new Date(`${today}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

function dayOfMonth(phrase: string): number | undefined {
  const month = `(?:${MONTHS.join('|')})[a-z]*`;
  const m =
    new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${month}`, 'i').exec(phrase) ??
    new RegExp(`\\b${month}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b`, 'i').exec(phrase) ??
    /\b(\d{1,2})(?:st|nd|rd|th)\b/i.exec(phrase);
  const day = Number(m?.[1]);
  return day >= 1 && day <= 31 ? day : undefined;
}

/** The bookings at the time a describing phrase names ("the 3pm one", "at 10:30"); "3" alone may be 3pm. */
function timeCue(phrases: readonly string[]): Cue {
  for (const phrase of phrases) {
    const clock = /\b(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?/gi;
    const m = [...phrase.replace(/\bnoon\b/i, '12:00pm').matchAll(clock)].find((c) => c[2] || c[3]);
    if (!m) continue;
    const hour = Number(m[1]);
    const minutes = m[2] ?? '00';
    const pm = m[3]?.toLowerCase().startsWith('p');
    const hours = m[3] ? [(hour % 12) + (pm ? 12 : 0)] : [hour, hour + 12];
    const times = hours.map((h) => `${String(h).padStart(2, '0')}:${minutes}`);
    return (b) => !!b.start_time && times.includes(b.start_time.slice(0, 5));
  }
  return undefined;
}
