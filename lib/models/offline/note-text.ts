import { referencesIn } from './request-cues.ts';

/**
 * The note's words (addBookingNote), always the user's own words so the gate's reading of the request still
 * licenses them. Said explicitly (after a colon, "that", "saying", "note …,") or, issue 30, derived from the
 * request when the note instruction points back at it ("needs wheelchair access, add that to the notes" → "Needs
 * wheelchair access"). Undefined when the message gives none: the planner asks for it.
 */
export function noteTextOf(text: string): string | undefined {
  return explicitNoteText(text) ?? derivedNoteText(text);
}

function explicitNoteText(text: string): string | undefined {
  const colon = text.indexOf(':');
  const after =
    colon >= 0
      ? text.slice(colon + 1)
      : (/\b(?:that|saying|to say)\s+(.+)$/i.exec(text)?.[1] ??
        NOTE_VERB.exec(text)?.[1] ??
        /\bnotes?\b[^,]*,\s*(.+)$/i.exec(text)?.[1]);
  // "…: she needs wheelchair access, can you add that to the notes": the instruction is not part of the note.
  const kept = after
    ?.split(CLAUSE_BREAK)
    .filter((c) => !(NOTE_WORD.test(c) && POINTS_BACK.test(c)))
    .join(', ');
  const note = kept?.trim().replace(/^["'“]|["'”]$/g, '');
  // "add that to the notes": "that" points back, it does not introduce the note.
  return note && note.length >= 3 && hasContent(note) ? note : undefined;
}

/** "please note they are bringing a cake", "can you note down she is vegan": note as the verb, then the note. */
const NOTE_VERB =
  /(?:^|[,.;!?]\s*|\b(?:please|pls|can you|could you|just)\s+)note(?:\s+down)?[:,]?\s+(?!(?:that|this|it|the|a|an|to|on|in|for|of|down)\b)(.+)$/i;

/** A note instruction that points back at something the message said: "add that to the notes", "note it down". */
const POINTS_BACK =
  /\b(?:that|this|it)\b[^.!?,;]*\bnotes?\b|\bnotes?\s+(?:of\s+)?(?:that|this|it)\b|\b(?:flag|remember|jot|write)\s+(?:that|this|it)\b/i;

/** Where one clause of a message ends and the next begins. */
const CLAUSE_BREAK =
  /[,;.!?]+\s*|\s+[—–-]\s+|\s+and\s+(?=(?:can|could|would|please|pls|just)?\s*(?:you\s+)?(?:add|put|pop|stick|note|make|write|jot|flag|log)\b)/i;

/**
 * The clause the note instruction points back at: the nearest one before it that says something besides the
 * booking's name and courtesies, with the booking's name, the guest pronoun and filler at its start left out.
 */
function derivedNoteText(text: string): string | undefined {
  const clauses = text.split(CLAUSE_BREAK).map((c) => c.trim());
  const at = clauses.findIndex((c) => NOTE_WORD.test(c) && POINTS_BACK.test(c));
  if (at < 0) return undefined;
  for (let i = at - 1; i >= 0; i -= 1) {
    const said = withoutLead(clauses[i] ?? '');
    if (said.length >= 3 && hasContent(said) && !COURTESY.test(said))
      return (said[0] ?? '').toUpperCase() + said.slice(1);
  }
  return undefined;
}

const NOTE_WORD = /\bnotes?\b|\bflag\b|\bremember\b|\bjot\b/i;

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
  'add put pop stick write jot log make keep save pin include flag remember note notes a an the that this it to in on onto into as of down please pls can could would you just booking bookings for thanks thank cheers'.split(
    ' ',
  ),
);

function hasContent(words: string): boolean {
  return words
    .toLowerCase()
    .split(/[^a-z0-9']+/)
    .some((w) => w.length > 1 && !INSTRUCTION.has(w));
}
