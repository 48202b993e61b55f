import { chronoParts } from './chrono-fallback.ts';
import { combineParts } from './combine-parts.ts';
import { normalizePhrase } from './normalize/normalize-phrase.ts';
import { scanPhrase } from './read/scan-phrase.ts';
import { venueCalendar } from './venue-calendar.ts';
import type { WhenContext, WhenOutcome } from './when-outcome.ts';

/**
 * Reads a date, time or date-time phrase as the venue's operators say it ("Saturday at 3pm", "the 3rd at 2 in the
 * afternoon", "samedi 15h30", "an hour later"), in the venue's timezone and locale, against `ctx.now` and the
 * booking being changed. Pure and deterministic. Returns exactly one of: a value, an ambiguity with candidates, or
 * unreadable; it never guesses (issue 15; the rules are listed in docs/planner.md "Dates and times").
 */
export function resolveWhen(phrase: string, ctx: WhenContext): WhenOutcome {
  const text = phrase.trim().replace(/\s+/g, ' ');
  const cal = venueCalendar(ctx);
  const normalized = normalizePhrase(text, cal.conventions.language === 'fr');
  const scan = scanPhrase(normalized.text, cal);
  if (scan.leftovers.length === 0) return combineParts(text, scan.parts, cal);
  const second = chronoParts(normalized.text, cal);
  return second
    ? combineParts(text, second, cal)
    : { kind: 'unreadable', phrase: text, reason: 'unknown_words' };
}
