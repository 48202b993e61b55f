import { editDistance } from '../../text/edit-distance.ts';

/**
 * How a span of the operator's words fits a guest's name (issue 30): every word of the span must be a word of the
 * name, exactly or within a small typo. The booking API's search is fuzzier (prefixes, substrings, email parts):
 * that is right for a name the operator clearly gave, but a word read out of free text ("laser", "bump") must fit
 * the name itself before it picks a booking.
 */
export type NameFit = 'exact' | 'close';

export function nameFit(span: string, guestName: string | undefined): NameFit | undefined {
  if (!guestName) return undefined;
  const terms = span
    .split(/\s+/)
    .map(plainWord)
    .filter((t) => t.length > 0);
  const words = guestWords(guestName);
  if (terms.length === 0) return undefined;
  const used = new Set<number>();
  let close = false;
  for (const term of terms) {
    const exact = words.findIndex((w, i) => !used.has(i) && w === term);
    if (exact >= 0) {
      used.add(exact);
      continue;
    }
    const near = words.findIndex((w, i) => !used.has(i) && nearWord(term, w, terms.length));
    if (near < 0) return undefined;
    used.add(near);
    close = true;
  }
  return close ? 'close' : 'exact';
}

/**
 * A one-word spelling fix ("it's Jonathon with an o") corrects one word of the booking's name, the word it is
 * nearest to, and keeps the rest: a name of several words, or a booking with a one-word name, is taken whole.
 */
export function correctedName(said: string, current: string | undefined): string {
  const words = current?.trim().split(/\s+/) ?? [];
  if (/\s/.test(said.trim()) || words.length < 2) return said;
  const fix = plainWord(said);
  const distances = words.map((w) => editDistance(fix, plainWord(w)));
  const nearest = distances.indexOf(Math.min(...distances));
  return words.map((w, i) => (i === nearest ? said.trim() : w)).join(' ');
}

/** Lower case, accents and punctuation dropped: "O'Brien" and "obrien", "Zoë" and "zoe" compare equal. */
export function plainWord(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/['’]s$/, '')
    .replace(/[^a-z0-9]/g, '');
}

/** The name's words, each part of a hyphenated name, and the hyphenated name whole ("Smith-Jones"). */
function guestWords(name: string): string[] {
  const spaced = name.split(/\s+/);
  const parts = spaced.flatMap((w) => w.split(/-/));
  return [...new Set([...parts, ...spaced].map(plainWord).filter((w) => w.length > 0))];
}

/**
 * A small typo, or a plural ("the Joneses"). One word alone must be long enough that a typo cannot make it another
 * name ("Tan" is not "Jan", "Chen" is not "Cheng"); beside another word of the same name, a typo in a short word
 * is fine ("jon smth").
 */
function nearWord(term: string, word: string, spanWords: number): boolean {
  if (term === `${word}s` || term === `${word}es`) return true;
  if (term[0] !== word[0]) return false;
  const allowed = term.length >= 8 ? 2 : term.length >= (spanWords > 1 ? 3 : 5) ? 1 : 0;
  return allowed > 0 && editDistance(term, word, allowed) <= allowed;
}
