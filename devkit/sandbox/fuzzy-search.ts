import { editDistance } from '../../lib/text/edit-distance.ts';

/** The fields search looks at (spec searchBookings: guest name, reference, email, phone). */
export interface Searchable {
  bookingReference: string;
  guestName: string;
  email?: string;
  phone?: string;
  date: string;
}

/** Shortest query the API accepts (ROLLER: keyword search needs at least 3 characters). */
export const MIN_QUERY_LENGTH = 3;

/**
 * Case-insensitive fuzzy search. Every word of the query must match some part of the booking (a name
 * word, the reference, the email or its parts, the phone digits), exactly, as a prefix, as a substring
 * or within a small typo; results are ordered by relevance, then date, and cut to `limit`.
 */
export function fuzzySearch<T extends Searchable>(items: readonly T[], query: string, limit: number): T[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  return items
    .map((item) => ({ item, score: matchScore(item, terms) }))
    .filter((scored) => scored.score > 0)
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.item.date.localeCompare(b.item.date) ||
        a.item.bookingReference.localeCompare(b.item.bookingReference),
    )
    .slice(0, limit)
    .map((scored) => scored.item);
}

/** 0 when some query term matches nothing; otherwise the mean of each term's best match (0..1]. */
export function matchScore(item: Searchable, terms: readonly string[]): number {
  const words = wordsOf(item);
  const phone = digitsOf(item.phone ?? '');
  let total = 0;
  for (const term of terms) {
    const best = Math.max(
      ...words.map((word) => termScore(term, word)),
      /^\d+$/.test(term) ? phoneScore(term, phone) : 0,
    );
    if (best === 0) return 0;
    total += best;
  }
  return total / terms.length;
}

/** Splits a query into normalised terms; a query that is all phone characters stays one term. */
export function queryTerms(query: string): string[] {
  const compactPhone = query.replace(/[\s()+-]/g, '');
  if (/^\d{6,}$/.test(compactPhone)) return [compactPhone];
  return query
    .split(/\s+/)
    .map((t) => normalise(t.replace(/'s$/i, '')))
    .filter((t) => t.length > 0);
}

function termScore(term: string, word: string): number {
  if (word === term) return 1;
  if (word.startsWith(term)) return 0.9;
  if (term.length >= MIN_QUERY_LENGTH && word.includes(term)) return 0.75;
  // Small typos in words only, and the first letter must agree: "jon"/"jonh" find John, "tan" does not
  // find "jan". Never in numbers: BK-1046 is not a typo of BK-1044.
  const allowed = /\d/.test(term) ? 0 : term.length < 3 ? 0 : term.length < 6 ? 1 : 2;
  if (allowed === 0 || term[0] !== word[0]) return 0;
  const distance = editDistance(term, word, allowed);
  return distance <= allowed ? 0.8 - 0.1 * distance : 0;
}

/**
 * The national forms people type for a stored international number: a trunk 0 in place of the country code
 * (AU 61, UK 44, NZ 64) and the number without its country code (NANP 1: "(415) 555-0101").
 */
function nationalForms(phone: string): string[] {
  const trunk = /^(61|44|64)/.exec(phone);
  return [
    ...(trunk ? [`0${phone.slice(trunk[0].length)}`] : []),
    ...(phone.startsWith('1') ? [phone.slice(1)] : []),
  ];
}

function phoneScore(term: string, phone: string): number {
  if (term.length < 4 || phone.length === 0) return 0;
  const forms = [phone, ...nationalForms(phone)];
  if (forms.includes(term)) return 1;
  return forms.some((form) => form.includes(term)) ? 0.75 : 0;
}

/**
 * Name words (a hyphenated name both as its parts and whole: "torres-diaz" is one query term), the reference
 * (bk1042 and 1042), the email and its parts.
 */
function wordsOf(item: Searchable): string[] {
  const reference = normalise(item.bookingReference);
  const words = [
    ...item.guestName.split(/[\s-]+/).map(normalise),
    ...item.guestName.split(/\s+/).map(normalise),
    reference,
    reference.replace(/^\D+/, ''),
  ];
  if (item.email) {
    const email = item.email.toLowerCase();
    words.push(email, ...email.split(/[@._+-]+/).map(normalise));
  }
  return words.filter((w) => w.length > 0);
}

/** Lower case, accents stripped, only letters, digits, '@' and '.' kept (so emails still compare). */
function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9@.]/g, '');
}

function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}
