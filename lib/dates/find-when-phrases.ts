import { normalizePhrase } from './normalize/normalize-phrase.ts';
import type { Part } from './read/parts.ts';
import { FILLERS, scanPhrase } from './read/scan-phrase.ts';
import { venueCalendar } from './venue-calendar.ts';

/** A date or time phrase found in free text, with what it speaks of. */
export interface FoundWhen {
  /** The user's words, exactly as written. */
  text: string;
  start: number;
  end: number;
  hasDate: boolean;
  hasTime: boolean;
  /** The word just before the phrase ("from", "to"…), lower case. */
  before?: string;
}

/** The longest phrase tried, in words. */
const MAX_WORDS = 12;
/** Words that are a date word only with a preposition before them ("on Sat"; "I sat down" is not). */
const WEAK_ALONE = new Set(['sat', 'sun', 'wed', 'mar', 'may', 'march', 'second']);
const LEAD_INS = new Set(['on', 'to', 'for', 'until', 'till', 'by', 'from', 'this', 'next', 'coming', 'at']);
/** Emails, booking references and phone numbers (9+ digits; an ISO date has 8) are never part of a date. */
const MASKS = [/[^\s@]+@[^\s@]+/g, /\bBK-?\s?\d+\b/gi, /\+?\d[\d ()-]{6,}\d/g];
const MASK = '#';
/** In free text "to" separates the booking's date from the new one ("from Friday to Sunday"). */
const FREE_TEXT_FILLERS: ReadonlySet<string> = new Set([...FILLERS].filter((w) => w !== 'to'));
const EDGE_PUNCTUATION = /^[("'“‘[]+|[)"'”’\].,;:!?]+$/g;

interface Token {
  word: string;
  start: number;
  end: number;
}

const DATE_KINDS = new Set(['date', 'weekday', 'dom']);
const TIME_KINDS = new Set(['clock', 'hour', 'part', 'midnight']);

function kindOf(part: Part): { date: boolean; time: boolean } {
  if (part.k === 'ask') return { date: part.about === 'date', time: part.about === 'time' };
  if (part.k === 'bad') return { date: part.reason !== 'not_a_time', time: part.reason === 'not_a_time' };
  return { date: DATE_KINDS.has(part.k), time: TIME_KINDS.has(part.k) };
}

const strong = (part: Part) => !('weak' in part && part.weak === true);

/**
 * Finds the date and time phrases in a message ("Move BK-1042 to the 3rd at 2 in the afternoon" → "the 3rd at 2 in
 * the afternoon"), using the resolver's own rules: a phrase is a longest run of words the rules read completely,
 * with at least one part that is more than a lone number or month name. Values are not resolved here.
 */
export function findWhenPhrases(text: string, locale = 'en-AU'): FoundWhen[] {
  const cal = venueCalendar({
    now: new Date(0),
    timeZone: 'UTC',
    locale,
    booking: { date: '1970-01-01', time: '12:00' },
  });
  const tokens = tokenize(masked(text));
  const found: FoundWhen[] = [];
  for (let i = 0; i < tokens.length; ) {
    const end = longestReadable(text, tokens, i, cal);
    if (end === undefined) {
      i += 1;
      continue;
    }
    const first = tokens[i] as Token;
    const last = tokens[end - 1] as Token;
    const phrase = text.slice(first.start, last.end);
    const parts = scanPhrase(normalizePhrase(phrase, cal.conventions.language === 'fr').text, cal).parts;
    const kinds = parts.map(kindOf);
    found.push({
      text: phrase,
      start: first.start,
      end: last.end,
      hasDate: kinds.some((k) => k.date),
      hasTime: kinds.some((k) => k.time),
      ...(i > 0 ? { before: tokens[i - 1]?.word.toLowerCase() } : {}),
    });
    i = end;
  }
  return found;
}

function masked(text: string): string {
  return MASKS.reduce(
    (s, mask) =>
      s.replace(mask, (m) =>
        mask.source.startsWith('\\+') && m.replace(/\D/g, '').length < 9 ? m : MASK.repeat(m.length),
      ),
    text,
  );
}

function isFiller(word: string): boolean {
  return FREE_TEXT_FILLERS.has(word.toLowerCase()) || word === 'à';
}

function tokenize(text: string): Token[] {
  return [...text.matchAll(/\S+/g)].flatMap((m) => {
    const raw = m[0];
    const lead = raw.length - raw.replace(/^[("'“‘[]+/, '').length;
    const word = raw.replace(EDGE_PUNCTUATION, '');
    return word === '' ? [] : [{ word, start: m.index + lead, end: m.index + lead + word.length }];
  });
}

/** The end (exclusive) of the longest window from `i` that the rules read completely and with confidence. */
function longestReadable(
  text: string,
  tokens: readonly Token[],
  i: number,
  cal: ReturnType<typeof venueCalendar>,
): number | undefined {
  const first = tokens[i] as Token;
  if (first.word.includes(MASK) || (isFiller(first.word) && first.word.toLowerCase() !== 'the'))
    return undefined;
  const limit = Math.min(tokens.length, i + MAX_WORDS);
  let barrier = limit;
  for (let j = i; j < limit; j += 1)
    if ((tokens[j] as Token).word.includes(MASK)) barrier = Math.min(barrier, j);
  for (let end = barrier; end > i; end -= 1) {
    const last = tokens[end - 1] as Token;
    if (isFiller(last.word)) continue;
    const phrase = text.slice(first.start, last.end);
    if (readsAsWhen(phrase, tokens, i, end, cal)) return end;
  }
  return undefined;
}

function readsAsWhen(
  phrase: string,
  tokens: readonly Token[],
  i: number,
  end: number,
  cal: ReturnType<typeof venueCalendar>,
): boolean {
  const normalized = normalizePhrase(phrase, cal.conventions.language === 'fr');
  const scan = scanPhrase(normalized.text, cal, FREE_TEXT_FILLERS);
  if (scan.leftovers.length > 0 || !scan.parts.some(strong)) return false;
  // A lone number is a time only next to a part of the day ("2 in the afternoon"; "the one on Friday" is not).
  const loneNumber = scan.parts.some((p) => p.k === 'hour' && p.weak === true);
  if (loneNumber && !scan.parts.some((p) => p.k === 'part')) return false;
  const window = tokens.slice(i, end);
  // A misspelt capitalised word mid-sentence is more likely a name ("Sundar") than a day.
  const nameLike = window.some(
    (t, k) => i + k > 0 && /^[A-Z]/.test(t.word) && normalized.corrected.includes(t.word.toLowerCase()),
  );
  if (nameLike) return false;
  const only = window.length === 1 ? window[0]?.word.toLowerCase() : undefined;
  if (only && WEAK_ALONE.has(only)) return LEAD_INS.has(tokens[i - 1]?.word.toLowerCase() ?? '');
  return true;
}
