import { foldAccents, onlyFiller as onlyFillerOf } from './keyword-text.ts';

/**
 * Keyword detection of a cancel or change of mind (seed 002, adopted): English and French. The model can also
 * signal it (cancel_request tool); either clears the session context and invalidates any pending plan.
 *
 * Keywords run before the model and wipe the session, so a false positive destroys the user's work. They count
 * only in the message's opening clause ("never mind", "forget it, I'll do it later", "non, annule"), never
 * when negated ("don't forget it's 18 guests") and never when the phrase goes on to name something ("never mind
 * the time, …"). "cancel" and "annuler" are also how a user asks to cancel a booking ("Cancel Sarah Lee's 3pm"):
 * an action for the model, so they count only with filler around them ("cancel that", "annulez tout").
 */
const PHRASES: readonly RegExp[] = [
  /\bnever\s?mind\b/,
  /\bforget (it|that|about it|this)\b(?!['’])/,
  /\bstart (over|again)\b/,
  /\bscrap (that|it|this)\b/,
  /\bscratch (that|it|this)\b/,
  /\bleave (it|that|this|things|everything)( (as|how) (it )?(is|was)| alone| be| for now| as it stands)?\b/,
  /\bignore (that|this|it|my last message)\b/,
  /\bhold off\b/,
  /\bdon'?t bother\b/,
  /\bno need\b/,
  /\brecommenc(er|e|ons|ez)\b/,
  /\bautre chose\b/,
  /\blaisse(z)? tomber\b/,
];
const CANCEL_WORD = /\b(cancel|annul(er|e|ez|ons))\b/;
/** Clause boundaries: punctuation, or a conjunction that starts a second instruction. */
const CLAUSE_BREAK = /[,;.!?:\u2013\u2014]|\s(?:and|but|then|et|mais|puis)\s/;
/** Clause boundaries for "cancel": punctuation only (see isChangeOfMind). */
const PUNCTUATION_BREAK = /[,;.!?:\u2013\u2014]/;
/** A negation right before the keyword ("don't forget it", "n'annule pas"). */
const NEGATED = /(\b(don'?t|do not|didn'?t|did not|won'?t|not|ne|pas)\s+|\bn['’])$/;
/** Words that may surround a keyword without giving it an object: politeness, "that", "tout". */
const FILLER = new Set(
  (
    'that it this all everything please pls thanks thank you the my whole thing request plan change changes now ' +
    "just ok okay no nope nah oh well sorry actually so yes can could would you i want to let’s let's " +
    "tout ça ca cela merci svp stp s’il s'il te vous plait la le les ma mon demande non bon oui finalement " +
    'en fait on je veux peux pouvez tu'
  ).split(' '),
);

/** True when the message asks to drop the current request (issue 5: cancel at any point). */
export function isChangeOfMind(message: string): boolean {
  const clause = openingClause(foldAccents(message));
  if (PHRASES.some((re) => phraseEndsClause(clause, re))) return true;
  // "cancel" is read up to punctuation only: in "Cancel and refund RZ-48241" the conjunction joins a second verb
  // with the same object, so that is a request about a booking, not a change of mind (issue 18's recordings).
  const sentence = openingClause(foldAccents(message), PUNCTUATION_BREAK);
  const cancel = CANCEL_WORD.exec(sentence);
  if (!cancel) return false;
  // Filler only on both sides: a negation ("n'annule pas") or an object ("Sarah Lee's 3pm") is not filler.
  return (
    onlyFiller(sentence.slice(0, cancel.index)) && onlyFiller(sentence.slice(cancel.index + cancel[0].length))
  );
}

/**
 * A bare "no" to the plan just shown (issue 30): the whole message is a refusal and nothing else. "No, make it 4pm"
 * says something more and is a request; "n" is how a one-key decline arrives from a chat client.
 */
const REFUSALS = new Set([
  'n',
  'no',
  'nope',
  'nah',
  'non',
  'no thanks',
  'no thank you',
  'not now',
  'not that',
  'no not that',
  'dont',
  'do not',
  'dont do it',
  'dont do that',
  'no dont',
  'no dont do that',
  'no dont do it',
  'no way',
  'declined',
  'decline',
  'reject',
  'rejected',
  'not confirmed',
  'do not confirm',
  'dont confirm',
]);

/** True when the message only refuses (a plan, when one is pending): see REFUSALS. */
export function isRefusal(message: string): boolean {
  const plain = foldAccents(message)
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return REFUSALS.has(plain);
}

/** The first clause that says something: leading interjection clauses ("non, annule", "oh, never mind") skipped. */
function openingClause(text: string, breaks: RegExp = CLAUSE_BREAK): string {
  const clauses = text.split(breaks).map((c) => c.trim());
  return clauses.find((c) => c !== '' && !onlyFiller(c)) ?? '';
}

/** The phrase is in the clause, not negated, and nothing but filler follows it ("never mind the time" fails). */
function phraseEndsClause(clause: string, re: RegExp): boolean {
  const match = re.exec(clause);
  if (!match) return false;
  const before = clause.slice(0, match.index);
  return !NEGATED.test(before) && onlyFiller(clause.slice(match.index + match[0].length));
}

/** Only words of FILLER (on the accent-folded text, so "réservation" and "Annulér" match the patterns). */
function onlyFiller(text: string): boolean {
  return onlyFillerOf(text, FILLER);
}
