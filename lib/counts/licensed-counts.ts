import { type MaskOptions, maskNonCounts } from './mask-non-counts.ts';
import { countAfter, readCount } from './read-count.ts';

/** Where one statement about a count may end and another begin: punctuation, and words that join clauses. */
const CLAUSE_BREAK = /[.;,!?]+(?=\s|$)|\s[-–—]\s|\s(?:and|but|then|also|plus also|oh and)\s/gi;

/**
 * The counts a user's words license for a booking whose current count is `current` (issue 16: the difference
 * between "the user said N" and "the user said the count is N"). Each message is read in runs of consecutive
 * clauses ("2 more adults and 1 less kid" is one change of +1; "Priya +2, Ethan -3" two), and each run's reading
 * licenses exactly one value: its total, or current ± its change. A number said only inside a relative phrase
 * ("3 dropped out") licenses current − 3, never 3.
 */
export function licensedCounts(text: string, current: number | undefined, options: MaskOptions): Set<number> {
  const licensed = new Set<number>();
  for (const message of text.split(/\n+/)) {
    const clauses = splitClauses(maskNonCounts(message, options));
    for (let start = 0; start < clauses.length; start += 1) {
      for (let end = start + 1; end <= clauses.length; end += 1) {
        const value = countAfter(readCount(clauses.slice(start, end).join(' ')), current);
        if (value !== undefined) licensed.add(value);
      }
    }
  }
  return licensed;
}

function splitClauses(text: string): string[] {
  return text
    .split(CLAUSE_BREAK)
    .map((c) => c.trim())
    .filter((c) => c !== '');
}
