import { phoneShapedRuns } from '../../contacts/phone.ts';

/**
 * What the offline planner must notice even where it cannot act (issue 16: a question or a decline is better than
 * a wrong plan). Each cue is a reason not to plan from the words it did understand: a second booking, a new
 * reservation, an action it does not build, a time it cannot read, or a request the user turned away from.
 */

/** A booking reference in any shape the booking API allows (its schema gives no pattern): an upper-case token with
 * digits ("BK-1042", "WEB-99842", "R2F9HC", "2026-0418"), not a date, a time or a phone number. */
const TOKEN = /(?<![\w@.-])[A-Z0-9]+(?:-[A-Z0-9]+)*(?![\w@-]|\.\w)/g;

export function referencesIn(text: string): string[] {
  const found: string[] = [];
  // Our own style, however it is typed: "bk1042", "BK 1042".
  for (const m of text.matchAll(/\bBK-?\s?(\d{3,})\b/gi))
    if (!found.includes(`BK-${m[1]}`)) found.push(`BK-${m[1]}`);
  const phones = phoneShapedRuns(text);
  for (const m of text.matchAll(TOKEN)) {
    const token = m[0];
    if (!isReference(token) || insidePhone(m.index, token, phones)) continue;
    const normal = /^BK\s?-?\d+$/i.test(token) ? `BK-${token.replace(/\D/g, '')}` : token;
    if (!found.includes(normal)) found.push(normal);
  }
  return found;
}

/** "555-0142" of "(312) 555-0142" is part of a phone number; "2026-0418" alone is a reference. */
function insidePhone(index: number, token: string, phones: ReturnType<typeof phoneShapedRuns>): boolean {
  return phones.some(
    (p) =>
      p.text.length > token.length && p.index <= index && index + token.length <= p.index + p.text.length,
  );
}

function isReference(token: string): boolean {
  if (token.length < 5 || !/\d/.test(token)) return false;
  if (/^\d+$/.test(token)) return false; // a bare number: a count, a year, a phone fragment
  if (/^\d{4}-\d{1,2}-\d{1,2}$/.test(token) || /^\d+-\d+-\d+/.test(token)) return false; // a date, a phone
  if (/^\d{1,2}(?:AM|PM)$/.test(token)) return false;
  return /[A-Z]/.test(token) || /^\d{3,}-\d{3,}$/.test(token);
}

const NAME = "[A-Z](?:'[A-Z])?[a-z][a-zA-Z'-]*";
/** "Tom Baker and Kahu Rawiri", "Marcus Lee & Ngaio Brooks": two guests named in one breath. */
const TWO_NAMES = new RegExp(`(${NAME}(?:\\s+${NAME})?)\\s+(?:and|&)\\s+(${NAME}(?:\\s+${NAME})?)`, 'g');

/** "Lucy Chen's … Oscar Reid's": each possessive name is a booking. */
const POSSESSIVE = new RegExp(`(${NAME}(?:\\s+${NAME})?)['’]s\\b`, 'g');

/** The message names more than one booking: two references, two possessive names, or two joined by "and". */
export function namesSeveralBookings(text: string, notNames: ReadonlySet<string>): boolean {
  if (referencesIn(text).length > 1) return true;
  const owners = new Set(
    [...text.matchAll(POSSESSIVE)]
      // By surname: "Aisha Khan's … Khan's" is one booking.
      .map(
        (m) =>
          (m[1] ?? '')
            .split(/\s+/)
            .filter((w) => !notNames.has(w))
            .at(-1) ?? '',
      )
      .filter((name) => name !== ''),
  );
  if (owners.size > 1) return true;
  for (const m of text.matchAll(TWO_NAMES)) {
    const first = (m[1] ?? '').split(/\s+/);
    const second = (m[2] ?? '').split(/\s+/);
    if (first.every((w) => !notNames.has(w)) && second.some((w) => !notNames.has(w))) return true;
  }
  return false;
}

/**
 * "Book a trampoline session for…", "new booking for…", "a new bowling lane booking for…", "another booking for…",
 * "pop in a bowling booking for…",
 * "set up an open jump session for…": a new reservation (seed 002).
 */
const NEW_BOOKING =
  /\b(?:book|reserve)\b(?!\s+(?:ref|reference|number)\b)|\b(?:new|another|second|extra|additional)\s+(?:(?!(?:for|on|of|the|to|at|in|with|time|date|day|slot|session)\b)[a-z'-]+\s+){0,3}(?:booking|reservation)\b|\b(?:make|create|add|set up|open) (?:a|one more) (?:booking|reservation)\b|\b(?:pop|put|pencil|squeeze|slot|set)\s+(?:in|up)\s+(?:a|an|another)\b[^.!?]{0,40}?\b(?:booking|session|reservation)\s+for\b/i;

export function asksNewBooking(text: string): boolean {
  return NEW_BOOKING.test(text);
}

/** Time words the offline planner cannot resolve: keeping the booking's time for them would be a guess. */
const UNREAD_TIME =
  /\b(?:session|slot|earliest|latest|first|last|later|earlier|sooner|hours?|minutes?|mins?|same time|lunch ?time|after school|evening)\b/i;

export function mentionsUnreadTime(text: string): boolean {
  // "to the 9th, same session": the booking's own time, kept as it is with a date only.
  return UNREAD_TIME.test(text.replace(SAME_TIME, ' ').replace(DATE_SPAN, ' '));
}

/** "a week earlier", "two days later", "later by a fortnight": a move of the date, which keeps the booking's time. */
const DATE_SPAN =
  /\b(?:a|an|one|two|three|four|five|six|\d{1,2})\s+(?:days?|weeks?|fortnights?|months?)\s+(?:later|earlier|sooner)\b|\ba fortnight (?:later|earlier)\b|\b(?:later|earlier)\s+by\s+(?:a|an|one|two|three|\d{1,2})\s+(?:days?|weeks?|fortnights?|months?)\b/gi;

const SAME_TIME = /\b(?:the )?same (?:time|session|slot|time ?slot|start time)\b/gi;

/** "forget Jordan, do Chidi's instead": the earlier messages of the request no longer hold. */
export function turnsAway(text: string): boolean {
  return /\b(?:instead|forget|scratch that|not that one|different booking|other booking)\b/i.test(text);
}

/**
 * A follow-up that withdraws the open request without the change-of-mind keywords ("hold off on that", "on second
 * thoughts, let's not", "actually, keep it where it is"). Only read when a request is open and the message asks
 * for nothing itself.
 */
const WITHDRAWS =
  /\b(?:stop|hold off|hang on|leave it|keep it|let'?s not|don'?t(?: do| send| bother| change)?|do not|ignore (?:that|me|it|this)|all good|no need|wrong (?:chat|booking|person)|not now)\b/i;

export function withdrawsRequest(text: string): boolean {
  return WITHDRAWS.test(text);
}

/**
 * Issue 30: a message that only takes the request back, in any of the ways people say it ("scratch that — don't
 * move it", "forget about it mate", "actually don't change anything", "please disregard", "leave the booking as
 * is"). Nothing but withdrawal words and filler is left once they are read: a message that goes on to ask for
 * something ("never mind the time, make it 14") is a request, never a withdrawal.
 */
export function onlyWithdraws(text: string): boolean {
  let rest = text.toLowerCase().replace(/[’‘]/g, "'");
  let read = false;
  for (const part of WITHDRAWAL_PARTS) {
    rest = rest.replace(part, () => {
      read = true;
      return ' ';
    });
  }
  return read && rest.split(/[^a-z']+/).every((w) => !w || WITHDRAWAL_FILLER.has(w));
}

const OBJECT = String.raw`(?:\s+(?:it|that|this|them|him|her|anything|everything|the (?:booking|change|changes|request|plan|last (?:one|message))|my (?:last )?(?:request|message))\b)?`;
const WITHDRAWAL_PARTS: readonly RegExp[] = [
  new RegExp(
    String.raw`\b(?:scratch|scrap|forget(?: about)?|ignore|disregard)\b${OBJECT}(?:\s+request)?`,
    'g',
  ),
  // "cancel that request", never "cancel the booking" (that is a cancellation to plan).
  /\b(?:cancel|drop|undo)\s+(?:that|this|it|(?:the|my) (?:last )?(?:request|change|changes|plan|message))(?:\s+request)?\b/g,
  /\bnever\s?mind\b/g,
  /\bon second thoughts?\b/g,
  /\bdon'?t worry(?: about (?:it|that))?\b/g,
  // "don't move it", "actually don't", "no need to change anything"; never "don't forget …" (that asks for more).
  new RegExp(
    String.raw`\b(?:don'?t|do not|no need to|not)\b(?:\s+(?!forget\b)(?:do|change|move|touch|update|send|bother|make|go ahead|proceed|cancel))?${OBJECT}`,
    'g',
  ),
  new RegExp(
    String.raw`\bleave\b${OBJECT}(?:\s+(?:as (?:it )?(?:is|was)|how it (?:is|was)|alone|be|for now|as it stands))?`,
    'g',
  ),
  /\bkeep (?:it|everything|things) as (?:it )?(?:is|was)\b/g,
];
const WITHDRAWAL_FILLER = new Set(
  "actually oh ah hmm um no nah nope ok okay sorry please pls thanks thank you ta mate so well just then wait all good fine that's i i'll it's thought thoughts instead after really yeah".split(
    ' ',
  ),
);
