import { referencesIn } from './request-cues.ts';

/**
 * The note's words (addBookingNote), always the user's own words so the gate's reading of the request still
 * licenses them. Said explicitly (after a colon, "that", "saying", "note …,") or, issue 30, derived from the
 * request when the note instruction points back at it ("needs wheelchair access, add that to the notes" → "Needs
 * wheelchair access"). Undefined when the message gives none: the planner asks for it.
 */
export function noteTextOf(text: string): string | undefined {
  return replacementText(text) ?? quotedText(text) ?? explicitNoteText(text) ?? derivedNoteText(text);
}

/**
 * "replace the nut allergy note with 'tree nut allergy'", "the coeliac note should say …", "change the cake note
 * to read …": an existing note is replaced by new words (deleteBookingNote, then addBookingNote).
 */
export const REPLACES_NOTE =
  /\b(?:replace|change|update|swap|fix|edit|amend|correct|reword)\b[^.?!]*\bnotes?\b[^.?!]*\b(?:with|to say|to read|to|so it (?:says|reads))\b|\bnotes?\b[^.?!]*\b(?:should (?:say|read|be)|needs to (?:say|read))\b/i;

function replacementText(text: string): string | undefined {
  if (!REPLACES_NOTE.test(text)) return undefined;
  const after =
    /\bnotes?\b[^.?!]*?\b(?:with|to say|to read|to|so it (?:says|reads)|should (?:say|read|be)|needs to (?:say|read))\s+(.+)$/i.exec(
      text,
    )?.[1];
  if (!after) return undefined;
  return quotedText(after, false) ?? cleanNote(after.split(CLAUSE_BREAK).find((c) => c.trim() !== '') ?? '');
}

/**
 * Words in quotes after a note instruction ("add a note 'bringing their own cake'"): the quotes say where the note
 * starts and ends. An apostrophe inside a word ("they're") opens nothing.
 */
function quotedText(text: string, afterNoteWord = true): string | undefined {
  const m = /(?:^|[\s:(,-])["“‘']([^"”’]{3,}?)["”’'](?=$|[\s,.;:!?)—–-])/.exec(text);
  const quoted = m?.[1];
  if (!m || !quoted || !hasContent(quoted)) return undefined;
  return !afterNoteWord || NOTE_WORD.test(text.slice(0, m.index)) ? quoted.trim() : undefined;
}

function cleanNote(words: string): string | undefined {
  const note = words.trim().replace(/^["'“‘]|["'”’]$/g, '');
  return note.length >= 3 && hasContent(note) ? note : undefined;
}

function explicitNoteText(text: string): string | undefined {
  // The colon that introduces the note, not one inside a time ("arriving by 11:45").
  const colon = text.search(/(?<!\d):|:(?!\d)/);
  // "…: add 2 more kids and put a note that they are bringing X": a note word followed by "that" and a clause is a
  // complementiser, and what follows it is the note, whatever came before.
  const complement = new RegExp(`\\bnotes?\\s+(?:that|saying|to say)\\s+(?!${TAIL})(.+)$`, 'i').exec(
    text,
  )?.[1];
  const after =
    complement ??
    (colon >= 0
      ? text.slice(colon + 1)
      : (LET_KNOW.exec(text)?.[1] ??
        NOTE_VERB.exec(text)?.[1] ??
        new RegExp(`\\b(?:that|saying|to say)\\s+(?!${TAIL})(.+)$`, 'i').exec(text)?.[1] ??
        // "note for BK-1045, …", "add a note to the Patel booking - bringing a babysitter".
        /\bnotes?\b[^,–—]*?(?:,|\s[-–—]\s)\s*(.+)$/i.exec(text)?.[1]));
  // "…: she needs wheelchair access, can you add that to the notes": the instruction is not part of the note.
  const kept = after
    ?.split(CLAUSE_BREAK)
    .filter((c) => !(NOTE_WORD.test(c) && (POINTS_BACK.test(c) || !hasContent(c))))
    .join(', ');
  // "Lee party: add a note the birthday boy is Sam": the instruction after the colon is no part of it.
  const note = kept
    ?.trim()
    .replace(LEADING_INSTRUCTION, '')
    .replace(TRAILING_THANKS, '')
    .trim()
    .replace(/^["'“]|["'”]$/g, '');
  // "add that to the notes": "that" points back, it does not introduce the note.
  return note && note.length >= 3 && hasContent(note) ? note : undefined;
}

/** A courtesy the sign-off left at the end ("…, thanks"): no part of the note. */
const TRAILING_THANKS =
  /[\s,.;!-]+(?:thanks|thank you|cheers|ta|thx)(?:\s+(?:so much|heaps|a lot))?[\s.!]*$/i;

/** "let the crew know the kids need a quiet room": what the staff are to know is the note. */
const LET_KNOW =
  /\blet (?:the )?(?:staff|team|crew|front desk|hosts?|party hosts?) know(?:\s+that)?\s+(?!(?:that|this|it)\b)(.+)$/i;

const LEADING_INSTRUCTION =
  /^(?:(?:please|pls|can you|could you|just)\s+)*(?:add|put|pop|stick|write|jot|make|leave)\s+(?:a\s+|another\s+)?note(?:\s+(?:on|to)\s+(?:it|the booking))?\s*(?:that\s+|saying\s+)?[:,-]?\s*/i;

/**
 * "please note they are bringing a cake", "can you note down she is vegan", "move them to 3pm and note they want the
 * quiet room": note as the verb, then the note.
 */
const NOTE_VERB =
  /(?:^|[,.;!?]\s*|\b(?:please|pls|can you|could you|just|and)\s+)note(?:\s+down)?[:,]?\s+(?!(?:that|this|it|to|on|in|for|of|down)\b)(.+)$/i;

/**
 * What may follow a "that" or "it" that points back, when nothing of the note follows: a place or a purpose ("note
 * that for the kitchen", "pop that on there so the hosts know"), a courtesy, or the end. Any other words after "note
 * that" make it a complementiser ("note that the twins are vegan"): the note is what follows.
 */
const TAIL = String.raw`(?:(?:for|on|in|onto|into|to|against|down|up|please|pls|so|thanks?|cheers|ta|as well|too|asap|now)\b|[,.;!?]|\s*$)`;

/** A note instruction that points back at something the message said: "add that to the notes", "note it down". */
const POINTS_BACK = new RegExp(
  String.raw`\b(?:that|this|it)\b[^.!?,;]*\b(?:notes?|on the (?:booking|file))\b|\bnotes?\s+(?:of\s+)?(?:that|this|it)\b(?=\s*${TAIL})|\b(?:flag|remember|jot|write)\s+(?:that|this|it)\b|\b(?:pop|put|stick|add|log|write)\s+(?:that|this|it)\s+(?:on|in|onto)\s+(?:there|the (?:booking|file|reservation))\b`,
  'i',
);

/** Where one clause of a message ends and the next begins. */
const CLAUSE_BREAK =
  /[,;.!?]+\s*|\s+[—–-]\s+|\s+and\s+(?=(?:can|could|would|please|pls|just)?\s*(?:you\s+)?(?:add|put|pop|stick|note|make|write|jot|flag|log)\b)/i;

/**
 * The clause the note instruction points back at: the nearest one before it that says something besides the
 * booking's name and courtesies, with the booking's name, the guest pronoun and filler at its start left out.
 */
function derivedNoteText(text: string): string | undefined {
  const clauses = text.split(CLAUSE_BREAK).map((c) => c.trim());
  // "one guest uses a wheelchair, can you add a note", "pay on arrival, add to notes": an instruction with no words of
  // its own points back as surely as "add that".
  const at = clauses.findIndex((c) => NOTE_WORD.test(c) && (POINTS_BACK.test(c) || !hasContent(c)));
  if (at < 0) return undefined;
  for (let i = at - 1; i >= 0; i -= 1) {
    const said = withoutLead(clauses[i] ?? '');
    if (said.length >= 3 && hasContent(said) && !COURTESY.test(said))
      return (said[0] ?? '').toUpperCase() + said.slice(1);
  }
  return undefined;
}

const NOTE_WORD =
  /\bnotes?\b|\bflag\b|\bremember\b|\bjot\b|\bwrite (?:that|this|it) down\b|\bon the (?:booking|file)\b|\b(?:pop|put|stick|add) (?:that|this|it) (?:on|in|onto) there\b/i;

/** Greetings and thanks: never the note. */
const COURTESY =
  /^(?:hi|hey|hello|good (?:morning|afternoon|evening)|morning|thanks?|thank you|cheers|ta|please|hope you(?:'re| are) well)\b/i;

/**
 * The words before the note's content: the booking's reference or name as subject, filler, and a pronoun before a
 * verb that reads on without it ("she needs …" → "Needs …", but "she is coeliac" stays whole).
 */
function withoutLead(clause: string): string {
  let out = clause;
  for (const ref of referencesIn(out)) out = out.replace(ref, ' ');
  out = out.trim();
  const lead =
    /^(?:(?:so|and|also|oh|btw|fyi|just so you know|heads up|by the way|quick one|re|for)\b[\s,:]*|(?:the )?(?:guest|customer|client)\b\s*|(?:she|he|they)\s+(?!(?:is|are|was|were|will|would|can|may|might)\b)|(?:[A-Z][a-z'’-]+\s+){0,2}[A-Z][a-z'’-]+['’]s\s+(?:booking|party|group|reservation)\s*)/i;
  for (let before = ''; before !== out; ) {
    before = out;
    out = out.replace(lead, '').trim();
  }
  return out;
}

/** Words of a note instruction, not of a note. */
const INSTRUCTION = new Set(
  'add put pop stick write jot log make keep save pin include flag remember note notes a an the that this it to in on onto into as of down please pls can could would you just booking bookings file for thanks thank cheers thx ta'.split(
    ' ',
  ),
);

function hasContent(words: string): boolean {
  return words
    .toLowerCase()
    .split(/[^a-z0-9']+/)
    .some((w) => w.length > 1 && !INSTRUCTION.has(w));
}
