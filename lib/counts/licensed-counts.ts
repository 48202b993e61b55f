import { type MaskOptions, maskNonCounts } from './mask-non-counts.ts';
import { type CountReading, countAfter, readCount } from './read-count.ts';

/** Where one statement about a count may end and another begin: punctuation, and words that join clauses. */
const CLAUSE_BREAK = /[.;,!?]+(?=\s|$)|\s[-–—]\s|\s(?:and|but|then|also|plus also|oh and)\s/gi;

/**
 * The counts a user's words license for a booking whose current count is `current` (issue 16: the difference
 * between "the user said N" and "the user said the count is N"). Each message is read in runs of consecutive
 * clauses ("2 more adults and 1 less kid" is one change of +1; "Priya +2, Ethan -3" two), and each run's reading
 * licenses exactly one value: its total, or current ± its change. A number said only inside a relative phrase
 * ("3 dropped out") licenses current − 3, never 3.
 *
 * A message about one booking is read whole first: when it gives one count ("3 dropped out but 1 extra is
 * coming" = current − 2), only that count is licensed, never a part of it. An estimate or a vague amount
 * licenses nothing. Runs of clauses license their own counts only when the whole message gives none (a total
 * and a change that may agree: "2 more, so 12") or when the plan changes several bookings ("Priya +2, Ethan -3").
 */
export function licensedCounts(
  text: string,
  current: number | undefined,
  options: MaskOptions & { severalBookings?: boolean },
): Set<number> {
  const licensed = new Set<number>();
  for (const message of text.split(/\n+/)) {
    const masked = maskNonCounts(message, options);
    const whole = readCount(masked);
    const value = countAfter(whole, current);
    if (!options.severalBookings && value !== undefined) {
      licensed.add(value);
      continue;
    }
    if (isVague(whole) && !options.severalBookings) continue;
    const clauses = splitClauses(masked);
    const parts = new Set<number>();
    for (let start = 0; start < clauses.length; start += 1) {
      for (let end = start + 1; end <= clauses.length; end += 1) {
        const part = countAfter(readCount(clauses.slice(start, end).join(' ')), current);
        if (part !== undefined) parts.add(part);
      }
    }
    // One booking: parts that disagree are a question, not a choice.
    if (options.severalBookings || parts.size === 1) for (const part of parts) licensed.add(part);
  }
  return licensed;
}

function isVague(reading: CountReading): boolean {
  return reading.kind === 'ask' && reading.reason === 'vague';
}

function splitClauses(text: string): string[] {
  return text
    .split(CLAUSE_BREAK)
    .map((c) => c.trim())
    .filter((c) => c !== '');
}
