/**
 * Issue 30: words that turn down the plan still pending, or one of its values, in the message that asks for
 * something else ("no, …", "not that", "keep the date", "leave the time", "the time is fine", "don't change …").
 * Such a message is no amendment of the pending plan: whatever it does not state again goes (the retired-step
 * guard, lib/planner/gate/retired-step-guard.ts). Deterministic, whatever the model proposes.
 */

/** Openers that only carry the sentence: "hmm no", "oh wait, no", "sorry, no". */
const INTERJECTION = '(?:hm+|um+|uh+|oh|ah|er|erm|well|sorry|wait|oops|ok|okay)';
/**
 * A message opening with a refusal. "No worries/problem/rush" thank rather than refuse, and "no longer …" asks for
 * a change ("no longer coming").
 */
const LEADING_NO = new RegExp(
  String.raw`^\W*(?:${INTERJECTION}\W+)*(?:no|nope|nah|no no)\b(?!\s+(?:worries|problem|problems|rush|longer)\b)`,
  'i',
);
/** "not that", "not quite", "that's not right", "that's wrong": the pending plan is not what the user meant. */
const NOT_THAT =
  /\bnot\s+(?:that|this|quite|right|correct|it|what i (?:meant|asked|wanted))\b(?!\s+(?:one|booking|person|guest)\b)|\b(?:that['’]?s|thats|that is|this is)\s+(?:wrong|incorrect)\b/i;
/**
 * "keep the date", "leave the time", "leave it as is": a value stays as the booking holds it. "leave a note" and
 * "leave her a note" add a note, so a note word right after is no refusal.
 */
const KEEP_AS_IS =
  /\b(?:keep|leave)\s+(?:the|it|its|her|his|their|them|that|this|everything)\b(?!\s+(?:\w+\s+)?(?:a\s+|an\s+)?(?:note|message|comment|memo|remark)s?\b)/i;
/** "don't change …", "do not move …", "no need to …", "forget the …", "never mind the …". */
const DONT =
  /\b(?:do\s*n[o']?t|no need to|never\s*mind|forget)\s+(?:change|move|touch|update|bother|do|the|that|about)\b/i;
/** "<something> is fine/ok/right": that something stays as it is. "That's fine" accepts, so it is left out. */
const IS_FINE =
  /(?:^|[^\p{L}'’])([\p{L}'’]+(?:\s+[\p{L}'’]+)?)\s*(?:\s(?:is|are)|['’]s)\s+(?:fine|ok|okay|good|right|correct|alright|all right)\b/giu;
const ACCEPTING_SUBJECTS = new Set(['that', 'this', 'it', 'all', 'everything', 'which', 'thats', 'its']);

/** True when `message` turns down the pending plan or one of its values (see the module comment). */
export function rejectsPending(message: string): boolean {
  return LEADING_NO.test(message) || refusesOutright(message);
}

/**
 * True when the words refuse the pending plan as such, or a value of it ("not that", "keep the date", "don't
 * change …", "the time is fine"), not only open with a "no": "no, make it 4pm" corrects the pending step's time
 * and keeps the rest of that step (rule 7), while "no, keep the date" refuses the pending date too.
 */
export function refusesOutright(message: string): boolean {
  return (
    NOT_THAT.test(message) ||
    KEEP_AS_IS.test(message) ||
    DONT.test(message) ||
    fineSubjects(message).length > 0
  );
}

/** A refusal phrase with what it refuses, up to the end of its clause ("forget the note", "keep the date as is"). */
const REFUSAL_PHRASES = [DONT, KEEP_AS_IS, NOT_THAT].map(
  (cue) => new RegExp(String.raw`${cue.source}(?:[ \t]+[^\s,.;:!?]+){0,5}`, 'gi'),
);

/**
 * The message without its refusal phrases: what is left is what it asks for. "scrap the note, just make it 12
 * people" names the note only to refuse it, so the note is no request for a note.
 */
export function withoutRefusals(message: string): string {
  return REFUSAL_PHRASES.reduce((text, phrase) => text.replace(phrase, ' '), message);
}

/**
 * The words of what the message says is fine as it is ("dana's is fine" → ["dana"]; "the time's ok" →
 * ["the", "time"]), possessives dropped, in lower case; accepting subjects ("that's fine") left out.
 */
export function fineSubjects(message: string): string[][] {
  return [...message.matchAll(IS_FINE)].flatMap((m) => {
    const subject = (m[1] ?? '')
      .toLowerCase()
      .split(/\s+/)
      .map((w) => w.replace(/['’]s?$/, ''))
      .filter((w) => w !== '');
    const last = subject.at(-1);
    return last === undefined || ACCEPTING_SUBJECTS.has(last) ? [] : [subject];
  });
}
