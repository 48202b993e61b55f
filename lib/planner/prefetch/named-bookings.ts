/**
 * Issue 32: the bookings a message names clearly enough for code to look them up before the first model call.
 * Deliberately narrow: a lookup the model would not have made costs a round trip's worth of tokens and can steer
 * it, so anything less than clear is left to the model (it still has the search tool).
 */

/** At most this many references are looked up at once; a longer list is a bulk request the model declines. */
export const MAX_PREFETCHED_SEARCHES = 3;

/** "BK-1042", "bk1042", "BK 1042": our own style however it is typed, written back in its canonical form. */
const OWN_STYLE = /\bBK-?\s?(\d{3,})\b/gi;
/**
 * Another upper-case reference the booking API allows ("WEB-99842", "R2F9HC"): starts with a letter, holds at
 * least two digits, five characters or more; never inside an email, a phone number or a word.
 */
const OTHER_STYLE = /(?<![\w@.+-])[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*(?![\w@-]|\.\w)/g;

/** "Aisha Khan's", "John's", "O'Brien's": capitalised words right before a possessive. */
const POSSESSIVE = /\b([A-Z][a-zA-Z'-]*[a-z](?:\s+[A-Z][a-zA-Z'-]*[a-z]){0,2})['’]s\b/g;

/** Capitalised words that are not names: sentence-initial verbs and politeness, days, months, relative days. */
const NOT_NAMES = new Set(
  [
    'move reschedule change update shift push postpone cancel add make set put switch bump rebook book please can could would will the this that next last let what there here it who where how',
    'monday tuesday wednesday thursday friday saturday sunday today tomorrow tonight yesterday',
    'january february march april may june july august september october november december christmas easter',
  ]
    .join(' ')
    .split(' '),
);

/** What a message names: references first (as the API spells them), else one guest name. */
export interface NamedBookings {
  references: string[];
  guestName?: string;
}

export function namedBookings(message: string): NamedBookings {
  const references: string[] = [];
  const add = (ref: string) => {
    if (!references.includes(ref)) references.push(ref);
  };
  for (const m of message.matchAll(OWN_STYLE)) add(`BK-${m[1]}`);
  for (const m of message.replace(OWN_STYLE, ' ').matchAll(OTHER_STYLE)) {
    const token = m[0];
    if (token.length >= 5 && (token.match(/\d/g)?.length ?? 0) >= 2 && !/^\d{1,2}(AM|PM)$/.test(token))
      add(token);
  }
  const names = [...message.matchAll(POSSESSIVE)].flatMap((m) => {
    const words = (m[1] ?? '').split(/\s+/);
    while (words.length > 0 && NOT_NAMES.has((words[0] as string).toLowerCase())) words.shift();
    return words.length > 0 && !words.some((w) => NOT_NAMES.has(w.toLowerCase())) ? [words.join(' ')] : [];
  });
  const distinct = [...new Set(names)];
  return { references, ...(distinct.length === 1 ? { guestName: distinct[0] as string } : {}) };
}

/**
 * The search texts code runs before the first model call: every reference (independent, so in parallel; none
 * when there are more than MAX_PREFETCHED_SEARCHES), or else the one guest name. Two names, or a reference beside a
 * name, are left to the model: which one the change is for is its reading, not ours.
 */
export function searchTextsFor(message: string): string[] {
  const named = namedBookings(message);
  if (named.references.length > 0) {
    const possessives = [...message.matchAll(POSSESSIVE)].length;
    if (possessives > 0 || named.references.length > MAX_PREFETCHED_SEARCHES) return [];
    return named.references;
  }
  return named.guestName ? [named.guestName] : [];
}
