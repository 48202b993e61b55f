import { COMMON_WORDS } from './guest-names.ts';
import { SETTLED_BOOKING } from './name-words.ts';
import { referencesIn } from './request-cues.ts';

/** At most this many spans are searched for one message; they go out together, in one round of lookups. */
export const MAX_SPAN_SEARCHES = 10;

/** A word: letters, with apostrophes and hyphens inside ("O'Brien", "Smith-Jones"). */
const WORD = /\p{L}[\p{L}'’-]*/gu;

/**
 * The runs of words in a message that may be a guest's name, as search texts, longest first (issue 30). Operators
 * write names in any case, anywhere in a long message, as a surname or a first name only: when the request shapes
 * of guest-names.ts find no booking, every run of words that are not everyday request words is a candidate. A run
 * ends at punctuation and at a possessive ("smith's laser tag": "smith"). Each span is looked up and must then fit
 * the guest's name itself (name-match.ts), so a product or a stray word never picks a booking.
 *
 * `skip` holds words that name no booking here: a note's text, a new name for the guest.
 */
export function nameSpansIn(text: string, skip: readonly string[] = []): string[] {
  let rest = text.replace(/\S+@\S+|\bhttps?:\/\/\S+/g, ' | ').replace(SETTLED_BOOKING, ' | ');
  for (const said of [...referencesIn(rest), ...skip]) rest = cut(rest, said);
  const runs: string[][] = [];
  let run: string[] = [];
  let end = 0;
  for (const m of rest.matchAll(WORD)) {
    const joined = /^\s+$/.test(rest.slice(end, m.index));
    end = m.index + m[0].length;
    const word = m[0].replace(/['’]s$/i, '').replace(/['’-]+$/, '');
    if (!joined || !mayBeName(word)) run = close(runs, run);
    if (mayBeName(word)) run.push(word);
    if (word !== m[0] && /['’]s$/i.test(m[0])) run = close(runs, run);
  }
  close(runs, run);
  const longer = runs.flatMap((r) => [...(r.length <= 3 && r.length > 1 ? [r.join(' ')] : []), ...pairs(r)]);
  const singles = runs.flat();
  const seen = new Set<string>();
  return [...longer, ...singles]
    .filter((span) => {
      const key = span.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_SPAN_SEARCHES);
}

/**
 * A reference said by its number ("ref 5012", "booking #5012", "booking number 5012", "conf. no 5012"): the digits,
 * searched like a name and kept only when a booking's reference has exactly those digits (find-booking.ts).
 */
export function numberedReferencesIn(text: string): string[] {
  const said =
    /(?:\b(?:ref|reference|booking|confirmation|conf)\.?\s*(?:number|num|no\.?|#)?\s*[:#]?\s*|(?<![\w&])#\s?)(\d{3,})\b(?!\s*(?:guests?|people|pax|kids|[:.]\d))/gi;
  return [...new Set([...text.matchAll(said)].map((m) => m[1] as string))];
}

/**
 * The names said as whose booking it is ("rossi party needs a high chair", "the Okafor family's"), for words
 * that are otherwise skipped: a note built from the clause that names the booking still names it.
 */
export function ownerSpansIn(text: string): string[] {
  const owner =
    /((?:\p{L}[\p{L}'’-]*\s+)?\p{L}[\p{L}'’-]*?)(?:['’]s)?\s+(?:party|booking|group|family|reservation|crew)\b/giu;
  return [...text.matchAll(owner)].flatMap((m) => nameSpansIn(m[1] ?? ''));
}

function mayBeName(word: string): boolean {
  const plain = word.toLowerCase();
  return plain.replace(/[^a-z\p{L}]/gu, '').length >= 3 && !COMMON_WORDS.has(plain);
}

function close(runs: string[][], run: string[]): string[] {
  if (run.length > 0) runs.push(run);
  return [];
}

/** Adjacent pairs of a run longer than two words ("dana fox bowling" → "dana fox", "fox bowling"). */
function pairs(run: readonly string[]): string[] {
  if (run.length < 3) return [];
  return run.slice(1).map((w, i) => `${run[i]} ${w}`);
}

/** The text with `said` cut out wherever it occurs, whatever its case. */
function cut(text: string, said: string): string {
  if (said.trim() === '') return text;
  const escaped = said.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(escaped, 'gi'), ' | ');
}
