import { foldAccents, onlyFiller } from '../keyword-text.ts';

/**
 * Recognises "retry" / "try again" (issue 16): a message asking to run the session's last failed request again.
 * Like the change-of-mind keywords (change-of-mind.ts), this runs before any model call, so it is strict: the
 * message is a retry only when a retry phrase is all it says apart from filler ("please retry it", "can you try
 * that again?", "have another go"). A retry phrase with anything else ("try again but for 8", "try again
 * tomorrow") is `amended`: an ordinary planning turn, read by the model with the session's history (ADR 0015);
 * the code never guesses which part of the old request the new words replace. "Send it again" and "resend it" are
 * not retry phrases: they are how a user asks for a confirmation email once more, a request of its own.
 */
export type RetryKind = 'retry' | 'amended' | 'none';

/** Retry phrases, on the normalised text (lower case, no accents or punctuation, straight apostrophes). */
const PHRASES: readonly RegExp[] = [
  /\bre-? ?try\b/,
  /\btry (?:(?:it|that|this|them) )?(?:again|once more)\b/,
  /\b(?:go|run|do|attempt) (?:(?:it|that|this) )?(?:again|once more)\b/,
  /\bre-? ?(?:do|run) (?:it|that|this)\b/,
  /\b(?:have|give it|give that|take|make) (?:another|one more|a second|a new) (?:go|try|shot|attempt)\b/,
  /\b(?:another|one more) (?:go|try|shot|attempt|time)\b/,
  /\bonce more\b/,
  /\bagain\b/,
  /\b(?:re)?essa(?:ie|yer|yez|yons|ye)(?: (?:a )?nouveau| encore)?\b/,
  /\bencore une fois\b/,
];

/** A negation just before the phrase ("don't try again", "no need to retry"). */
const NEGATED = /\b(?:don't|dont|do not|didn't|did not|won't|no need to|not|never|n'|ne)\s*$/;

/** Words that may surround a retry phrase without adding anything to the request. */
const FILLER = new Set(
  (
    'please pls plz can could would will you u we i just ok okay so yes yeah yep sure now then that it this ' +
    "them the plan request change changes booking for me let's lets let us maybe well oh hmm ah right alright " +
    'thanks thank cheers mate kindly again at with same one more time try go have give a an another quickly ' +
    'do it and us svp stp merci peux pouvez tu vous le la de nouveau encore'
  ).split(' '),
);

/** What the message is: a bare retry, a retry plus other words, or no retry at all. */
export function retryKindOf(message: string): RetryKind {
  const text = normalise(message);
  let rest = text;
  let found = false;
  for (const re of PHRASES) {
    const global = new RegExp(re.source, 'g');
    for (let match = global.exec(rest); match; match = global.exec(rest)) {
      if (NEGATED.test(rest.slice(0, match.index))) return 'none';
      found = true;
      rest = `${rest.slice(0, match.index)} ${rest.slice(match.index + match[0].length)}`;
      global.lastIndex = match.index + 1;
    }
  }
  if (!found) return 'none';
  return onlyFiller(rest, FILLER) ? 'retry' : 'amended';
}

/** True when the message only asks to run the last failed request again. */
export function isRetryRequest(message: string): boolean {
  return retryKindOf(message) === 'retry';
}

/** Lower case without accents or punctuation ("Réessaie !" → "reessaie"); apostrophes kept straight. */
function normalise(message: string): string {
  return foldAccents(message)
    .replace(/[’‘`]/g, "'")
    .replace(/[^\p{L}\p{N}'\s-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
