/**
 * Issue 33: the "no match" question has one owner per sentence. Code states the fact ("No matching booking found
 * for "Pemberton".", 000 Booking Resolution 5); the model's text is kept only for what it adds (the question it
 * asks, a hint such as "did you mean Pemberley?"). A sentence or leading clause of the model's that says again that
 * nothing was found is dropped, and when nothing of the model's is left to ask, code asks its own question.
 */
export const NO_MATCH_ASK = 'Could you check the spelling, or give the booking reference (e.g. BK-1042)?';

/** "I couldn't find…", "There are no bookings under…", "Nothing matched…", "I searched for…". */
const RESTATES_NO_MATCH = new RegExp(
  [
    String.raw`\b(?:could ?n[o']t|can ?n?[o']t|cannot|did ?n[o']t|unable to|was ?n[o']t able to|failed to)\b[^?]*\b(?:find|locate|see|match|turn up|come up with)\b`,
    String.raw`\b(?:no|not any|zero)\b[^?]*\b(?:bookings?|match(?:es|ing)?|results?|records?|reservations?|entries)\b`,
    String.raw`\bnothing\b[^?]*\b(?:found|came up|comes up|match(?:es|ed)?|under|for)\b`,
    String.raw`\b(?:does|do) ?n[o']t (?:seem to |appear to )?(?:exist|match|show up)\b`,
    String.raw`^i (?:searched|looked|checked)\b`,
  ].join('|'),
  'i',
);

/** The reply to a search that found nothing: code's fact, then what the model adds, or code's own question. */
export function noMatchQuestion(searchText: string, modelText: string): string {
  const what = searchText ? ` for "${searchText}"` : '';
  const added = sentences(modelText).flatMap(addedPart);
  const ask = added.some((s) => s.endsWith('?')) ? added.join(' ') : [...added, NO_MATCH_ASK].join(' ');
  return `No matching booking found${what}. ${ask}`;
}

function sentences(text: string): string[] {
  return text
    .trim()
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A sentence that restates the fact is dropped; a question after such a clause ("…, could you…?") is kept. */
function addedPart(sentence: string): string[] {
  if (!RESTATES_NO_MATCH.test(sentence)) return [sentence];
  if (!sentence.endsWith('?')) return [];
  const clauses = sentence.split(/(?<=[,;:—–])\s+|\s+[—–-]\s+/);
  const rest = clauses.slice(clauses.findLastIndex((c) => RESTATES_NO_MATCH.test(c)) + 1).join(' ');
  return rest.endsWith('?') && rest.length > 1 ? [capitalize(rest)] : [];
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
