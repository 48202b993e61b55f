import { phoneShapedRuns } from '../../contacts/phone.ts';
import { maskNonCounts, whenPhrasesBesideCounts } from '../../counts/mask-non-counts.ts';
import { readCount } from '../../counts/read-count.ts';
import { type FoundWhen, findWhenPhrases } from '../../dates/find-when-phrases.ts';
import { guestNamesIn } from './guest-names.ts';
import {
  asksCancel,
  asksConfirmation,
  asksNote,
  asksNoteRemoval,
  asksNoteReplacement,
  channelOf,
  dropsNote,
  noteTextOf,
  unsupportedIn,
} from './intent-cues.ts';
import { NAME, NOT_NAMES } from './name-words.ts';
import {
  asksNewBooking,
  mentionsUnreadTime,
  namesSeveralBookings,
  referencesIn,
  turnsAway,
} from './request-cues.ts';

export { cleanName } from './guest-names.ts';
export { NAME, NOT_NAMES };

/** What the offline planner can act on: seed 000's three changes and the seeds' other model-visible flows. */
export type OfflineIntent =
  | 'reschedule'
  | 'guest_count'
  | 'contact'
  | 'cancel'
  | 'note'
  | 'delete_note'
  | 'confirmation'
  | 'payment_link';

/** What one user message says, as far as simple patterns can tell. Phrases are left for the planner to resolve. */
export interface MessageSlots {
  intents: OfflineIntent[];
  reference?: string;
  guestName?: string;
  /** Other words that may name the guest, tried in the search when the first finds no booking (guest-names.ts). */
  otherNames?: string[];
  /** The user's words for the date, e.g. "the 3rd at 2 in the afternoon" (the resolver keeps only the date). */
  datePhrase?: string;
  timePhrase?: string;
  partySize?: number;
  /** "two more guests" → +2, "one fewer" → -1. */
  partyDelta?: number;
  /** "double it" → 2. */
  partyScale?: number;
  /** The message speaks of the count but not of one number ("a couple more", "12 or 13"): ask. */
  countUnclear?: boolean;
  /** Reasons not to plan from what was understood (request-cues.ts). */
  severalBookings?: boolean;
  newBooking?: boolean;
  /** Why the request cannot be done here (intent-cues.ts), for the decline. */
  unsupported?: string;
  /** The note's words (addBookingNote), and the words that pick a note to remove. */
  noteText?: string;
  channel?: 'email' | 'sms';
  /** An email or phone that names the booking ("the booking under liz@…") rather than a new value. */
  contactKey?: string;
  unreadTime?: boolean;
  /** Intents of the request this message takes back ("don't bother with the note"): dropped from it. */
  drops?: OfflineIntent[];
  /** The message is a booking's name, then a date or time it ends on: it points the booking there (like "→"). */
  movesTo?: boolean;
  turnsAway?: boolean;
  email?: string;
  phone?: string;
  newName?: string;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;

/**
 * The first phone number as typed, in any common form ("0412.345.678", "(04) 1234 5678", "+1 312 555 0142"), that
 * is not a date or a booking reference. It is passed on as written: the planner reads it in the venue's country
 * (lib/contacts/phone.ts); a run with a slip in it ("04l2 345 678") is kept whole, so it is asked about, not cut.
 */
export function phoneIn(text: string): string | undefined {
  const references = referencesIn(text);
  return phoneShapedRuns(text.replace(EMAIL, ' ')).find(
    (run) => !references.some((r) => r.includes(run.text) || run.text.includes(r)),
  )?.text;
}
/** "move", "push", …; never a life event ("they're moving interstate", "moving house"). */
const RESCHEDULE =
  /\b((?:move[ds]?|moving)(?!\s+(?:interstate|overseas|abroad|away|house|home|out\b|countries|country|cities|city|states?|schools?|jobs?))|reschedul\w*|shift(ed)?|push(ed)?|postpone[d]?|bring (it |them )?forward|rebook|change the (date|time|day)|put (?:them|him|her|it) (?:at|on|in)|come on|(?:an?|one|two|three|half an?|\d{1,2}) hours? (?:earlier|later|sooner)|same day but|(?:a |an )?(?:different|another|other|new) (?:day|date|time)|(?:earlier|later) (?:session|slot)|prefer(?:s|red)? (?:the |a |an )?(?=\d|noon|midday|morning|afternoon|evening|earlier|later))\b/i;
const CONTACT = /\b(e-?mail|phone|mobile|mob|contact|cell|landline|tel)\b/i;
/** The phone as the way a request came in: "on the phone to", "just off the phone with", "over the phone". */
const ON_THE_PHONE = /\b(?:on|off|over) the (?:phone|mobile)\b(?:\s+(?:with|to)\b)?/gi;
/** Words that make a long digit run a phone number rather than a reference or a count. */
const PHONE_WORD = /\b(e-?mail|phone|mobile|mob|contact|cell|number|ph|tel|landline|on|call|txt|text)\b/i;
/** A run this long is a phone number wherever it stands ("dana fox 0400 111 222"): no count, date or time is. */
const PHONE_DIGITS = 9;
/**
 * Words that ask for a guest-count change: naming the count, changing "the numbers", or a change said without its
 * number ("the party's getting bigger", "more kids are joining"), whose new total is then asked for.
 */
const GUEST_COUNT =
  /\b(guest count|number of guests|party size|headcount|head count|how many (guests|people))\b|\b(?:update|chang(?:e|ing)|adjust|fix|amend|alter|correct)\b[^.?!]{0,40}?(?<!(?:phone|mobile|contact|cell|card|reference|booking)\s)\bnumbers\b|(?<!(?:phone|mobile|contact|cell|card|reference|booking)\s)\bnumbers\s+(?:are\s+|have\s+)?(?:chang(?:ed|ing)|going up|going down|up|down)\b|\b(?:group|party|crew|lot|numbers)\s+(?:is|are|'s|has|have)\s+(?:getting\s+(?:bigger|smaller|larger)|grown|growing|shrunk|shrinking|changed|changing)\b|\b(?:more|fewer|less|extra)\s+(?:people|guests|kids|adults|children)\s+(?:are\s+|will be\s+)?(?:coming|joining)\b/i;
/** A correction inside one message: what follows it replaces what came before. */
export const CORRECTION =
  /\b(?:no wait|wait no|sorry|i mean|i meant|rather|scratch that|no,? actually)\b[,.\s—-]*(?:just\s+)?/i;
/**
 * Issue 30: the operator says no payment link ("no payment link", "without a link", "don't send a pay link", "skip
 * the payment link"): none is planned, for a new booking or otherwise.
 */
export function refusesPaymentLink(text: string): boolean {
  // "don't forget the payment link" asks for one.
  if (/\b(?:don'?t|do not|never)\s+forget\b/i.test(text)) return false;
  // "she has paid already", "they'll pay on the day": nothing is left to pay by link.
  if (PAID_ELSEWHERE.test(text)) return true;
  return /\b(?:no|without|skip|don'?t|do not|not|never)\b(?:\s+\S+){0,4}?\s+(?:pay(?:ment)?\s+)?link\b/i.test(
    text,
  );
}

// "she's prepaid", "paid online", "no payment needed", "no need to pay": nothing is left to pay by link either.
const PAID_ELSEWHERE =
  /\bpre-?paid\b|\bpaid (?:online|by card|by transfer|via the website|on the website)\b|\bno (?:payment|deposit)s? (?:is )?(?:needed|required|due|necessary)\b|\bno need (?:for (?:a )?payment|to pay)\b|\bnothing (?:left )?to pay\b|\b(?:already|has|have|'ve|'s)\s+paid\b|\bpaid (?:already|in full|upfront|up front)\b|\bpay(?:ing|s)?\s+(?:at the (?:desk|door|counter|front|venue)|on (?:the day|arrival)|in person|cash)\b/i;

/** Reads one message. Deterministic and deliberately simple: see docs/models.md for what it understands. */
export function extractSlots(text: string): MessageSlots {
  const slots: MessageSlots = { intents: [] };
  const references = referencesIn(text);
  if (references[0]) slots.reference = references[0];
  const removal = asksNoteRemoval(text);
  const note = !removal && asksNote(text) ? noteTextOf(text) : undefined;
  // The note's own words are not request values: "two kids have a nut allergy" is no guest count.
  const said = note ? withoutWords(text, note) : text;
  const email = EMAIL.exec(said)?.[0];
  // A message that is only a number ("021 664 2093") answers a question for one: no "phone" word needed.
  const bare = phoneIn(said);
  const onlyPhone = bare !== undefined && said.trim().replace(/[.!]$/, '') === bare;
  const long = (bare?.replace(/\D/g, '').length ?? 0) >= PHONE_DIGITS;
  const phone = PHONE_WORD.test(said) || IDENTIFIES.test(said) || onlyPhone || long ? bare : undefined;
  const key = keyContact(said, email, phone?.trim());
  if (key) slots.contactKey = key;
  if (email && email !== key) slots.email = email;
  if (phone && phone.trim() !== key) slots.phone = phone.trim();
  const newName = newNameOf(said);
  if (newName) slots.newName = newName;
  // "push them back two days": the span of a move is no guest count.
  const span = movedBy(said)?.said;
  const counted = span ? withoutWords(said, span) : said;
  Object.assign(slots, countOf(counted, references), whenOf(said));
  // Names outside the note's own words come first ("…: add a note the birthday girl is Ella").
  const named = references.reduce((t, r) => t.split(r).join(' '), said === text ? text : `${said} ${text}`);
  // "Sophie Turner + Sophie Ngata… no wait, just Sophie Ngata": the words after a correction name the booking.
  const corrected = CORRECTION.exec(named);
  const names = [
    ...(corrected ? guestNamesIn(named.slice(corrected.index + corrected[0].length)) : []),
    ...guestNamesIn(named),
  ].filter((n, i, all) => n !== slots.newName && all.indexOf(n) === i);
  if (names[0]) slots.guestName = names[0];
  if (names.length > 1) slots.otherNames = names.slice(1);
  const unsupported = unsupportedIn(said);
  if (unsupported) slots.unsupported = unsupported;
  if (removal || asksNoteReplacement(text)) slots.intents.push('delete_note');
  if (dropsNote(text)) slots.drops = ['note'];
  if (asksNote(text) && !removal) {
    slots.intents.push('note');
    if (note) slots.noteText = note;
  }
  const reschedule = RESCHEDULE.test(said) || movedBy(said) !== undefined;
  // "Cancel the extra 2 guests", "cancel her 3pm and put them at 12:30": the cancel is of a part, not the booking.
  const changesPart =
    reschedule || GUEST_COUNT.test(said) || Object.keys(countOf(counted, references)).length > 0;
  if (asksCancel(said) && !changesPart) slots.intents.push('cancel');
  const confirmation = asksConfirmation(said);
  if (confirmation) {
    slots.intents.push('confirmation');
    const channel = channelOf(said);
    if (channel) slots.channel = channel;
  }
  if (/\bpay(?:ment)? link\b/i.test(said) && !refusesPaymentLink(said)) slots.intents.push('payment_link');
  if (reschedule) slots.intents.push('reschedule');
  const countSaid =
    slots.partySize !== undefined ||
    slots.partyDelta !== undefined ||
    slots.partyScale !== undefined ||
    slots.countUnclear === true;
  if (countSaid || GUEST_COUNT.test(said)) slots.intents.push('guest_count');
  if (namesSeveralBookings(text, NOT_NAMES)) slots.severalBookings = true;
  if (asksNewBooking(text)) slots.newBooking = true;
  if (mentionsUnreadTime(said)) slots.unreadTime = true;
  if (turnsAway(text)) slots.turnsAway = true;
  // "just off the phone with Priya": how the operator heard of it, not a contact detail to change.
  const contactWord = CONTACT.test(said.replace(ON_THE_PHONE, ' ')) && !confirmation && !key;
  if (slots.email || slots.phone || slots.newName || contactWord) slots.intents.push('contact');
  return slots;
}

/** Words that put an email or phone in the role of the booking's key: "the booking under …", "the one with …". */
const IDENTIFIES = /\b(?:under|with|booked (?:under|with)|on|for|from)\s*(?:phone|email|number|mobile)?\s*$/i;

/** The email or phone that names the booking, when the words before it say so and no new value follows "to". */
function keyContact(text: string, email?: string, phone?: string): string | undefined {
  for (const value of [email, phone]) {
    if (!value) continue;
    const before = text.slice(0, text.indexOf(value));
    if (IDENTIFIES.test(before)) return value;
  }
  return undefined;
}

/** "name to Sophie Rangi", "under her married name, Sophie Rangi", "surname is actually spelt Frazer". */
function newNameOf(text: string): string | undefined {
  const patterns = [
    new RegExp(
      `\\bname\\b(?:\\s+on\\s+\\S+)?\\s+(?:to|is now|should be|is(?:\\s+(?:actually|really|meant to be|supposed to be))?)\\s+(${NAME}(?:\\s+${NAME})*)`,
    ),
    // "is really spelt Smyth - Dana Smyth": the full name after the break, else the word spelt.
    new RegExp(
      `\\b(?:spelt|spelled)\\s+(?:as\\s+|with\\s+an?\\s+\\S+\\s*[-–—:,]\\s*)?(?:${NAME}\\s*[-–—:,]\\s*)?(${NAME}(?:\\s+${NAME})*)`,
    ),
    new RegExp(`\\bname,?\\s+(${NAME}(?:\\s+${NAME})+)`),
    // "jon smyth is misspelled, it's Jon Smith", "surname is wrong, should be Sandhu": a spelling fix.
    new RegExp(
      `\\b(?:misspel\\w*|mis-spel\\w*|spelt|spelled|spelling|typo|(?:name|surname)\\s+is\\s+(?:wrong|incorrect|off))\\b[^.!?]*?\\b(?:it'?s|it is|should be|to|as|is)\\s+(${NAME}(?:\\s+${NAME})*)`,
    ),
    new RegExp(
      `\\b(?:under|to) (?:his|her|their) (?:husband|wife|partner|mum|dad|mother|father)(?:'s name)?,?\\s+(${NAME}(?:\\s+${NAME})+)`,
    ),
  ];
  for (const pattern of patterns) {
    const found = pattern.exec(text)?.[1];
    if (found) return found;
  }
  return undefined;
}

/** The count as lib/counts reads it (the gate licenses counts by the same reading). */
function countOf(
  text: string,
  references: readonly string[],
): Pick<MessageSlots, 'partySize' | 'partyDelta' | 'partyScale' | 'countUnclear'> {
  const reading = readCount(maskNonCounts(text, { locale: 'en-AU', references }));
  if (reading.kind === 'total') return { partySize: reading.value };
  if (reading.kind === 'relative') return { partyDelta: reading.delta };
  if (reading.kind === 'scale') return { partyScale: reading.factor };
  if (reading.kind === 'ask') return { countUnclear: true };
  return {};
}

/**
 * The user's date and time words, exactly as written, found by the resolver's own rules (lib/dates): the planner
 * resolves them. The new date is the one not introduced by "from" ("from Friday to Sunday at 10am" → "Sunday at
 * 10am"). A phrase the rules read but cannot resolve ("the 35th") is passed on too, so the planner asks about it
 * rather than keeping the booking's date.
 */
function whenOf(text: string): Pick<MessageSlots, 'datePhrase' | 'timePhrase' | 'movesTo'> {
  // Read apart from the counts beside them, as the gate reads them ("at 6 for 8", "11:30, 16 guests").
  const all = whenPhrasesBesideCounts(text, 'en-AU');
  // "Cancel his 2pm and put them at 4:30", "on friday, change it to saturday", "3/14 -> 3/15": the phrases after
  // the last word that points the booking somewhere are the new ones; those before it describe the booking.
  const marker = lastMarkerBefore(text, all);
  const afterMarker = marker === undefined ? [] : all.filter((f) => f.start >= marker);
  const found = afterMarker.some((f) => f.hasTime || f.hasDate) ? afterMarker : all;
  const target = found.filter((f) => f.before !== 'from');
  const meant = target.length > 0 ? target : found;
  // "can't make the 27th any more, could we do the 10th?": a date said as refused is the booking's old one.
  const wanted = meant.filter((f) => !refusedWhen(text, f));
  const phrases = wanted.some((f) => f.hasDate) ? wanted : meant;
  // "Friday instead of today, the 11am slot": the refused phrase still gives the time when no other does.
  const timed = wanted.some((f) => f.hasTime) ? wanted : meant;
  const moved = phrases.some((f) => f.hasDate) ? undefined : movedBy(text);
  // The reader may keep the break before the phrase ("kim lee - Friday 14th"): it is no part of the date.
  const bare = (f: FoundWhen | undefined) => f?.text.replace(/^[-–—:,>\s]+/, '');
  const date = bare(phrases.find((f) => f.hasDate) ?? (moved?.hasDate ? moved : undefined));
  const time = bare(timed.find((f) => f.hasTime) ?? (moved?.hasTime ? moved : undefined));
  return {
    ...(date ? { datePhrase: date } : {}),
    ...(time ? { timePhrase: time } : {}),
    ...(endsOnWhen(text, all) ? { movesTo: true } : {}),
  };
}

/**
 * A date said as the one that no longer works: after "can't", "no longer", "not", "instead of" in its own clause, or
 * followed by "doesn't work", "is out", "any more". Such a date describes the booking, it is not where it goes.
 */
function refusedWhen(text: string, f: FoundWhen): boolean {
  const clause =
    text
      .slice(0, f.start)
      .split(/[.;!?]|,\s/)
      .at(-1) ?? '';
  if (REFUSED_BEFORE.test(clause)) return true;
  return REFUSED_AFTER.test(text.slice(f.end));
}

const REFUSED_BEFORE =
  /\b(?:can'?t|cannot|can not|couldn'?t|won'?t|no longer|not|unable to|instead of|rather than)\b/i;
const REFUSED_AFTER =
  /^\s*(?:(?:doesn'?t|does not|won'?t|will not|isn'?t|is not|no longer)\s+(?:work|suit|do|possible|good)|(?:is|'s)\s+(?:out|off|no good)\b|any ?more\b)/i;

/**
 * "push maria garcia's booking back a week\", "bring the Okafor party forward two days": a move by a span, with the
 * booking named between the verb and its direction. The date reader reads the move said of "it" ("push it back a
 * week"); with the booking's words in between it reads nothing, so the move is given to it in that form.
 */
function movedBy(text: string): (FoundWhen & { said: string }) | undefined {
  const m =
    /\b(push|bring|move|put|bump|delay|postpone|pull)\b(?:\s+[^\s,.;!?]+){1,5}?\s+(back|forward|out|up|later|earlier)\b(\s+(?:by\s+)?(?:a|an|one|two|three|four|five|six|\d{1,2})\s+(?:days?|weeks?|fortnights?|months?|hours?|mins?|minutes?))\b/i.exec(
      text,
    );
  if (!m) return undefined;
  const said = `${m[1]} it ${m[2]}${m[3]}`;
  const read = findWhenPhrases(said);
  const found = read[0];
  return read.length === 1 && found?.text === said ? { ...found, said: m[0] } : undefined;
}

/**
 * Words that point a booking at the date or time after them: a change verb, an arrow, "to", "make it", or words that
 * ask for it ("he'd like the 9th instead", "could we do Thursday", "how about 4pm").
 */
const POINTER = new RegExp(
  `${RESCHEDULE.source}|->|→|=>|\\bto\\b|\\bmake it\\b|\\binto\\b|\\bwants?\\b|\\bwould like\\b|\\b(?:can|could) (?:we|they|you|she|he|i) (?:do|have|make|go for|try)\\b|\\b(?:how|what) about\\b`,
  'gi',
);

/** Where the last pointer that some date or time phrase follows ends. */
function lastMarkerBefore(text: string, phrases: readonly FoundWhen[]): number | undefined {
  let marker: number | undefined;
  for (const m of text.matchAll(POINTER)) {
    const end = m.index + m[0].length;
    // A pointer inside a phrase ("quarter to 5", "from Friday to Sunday") is part of what the phrase says.
    if (phrases.some((f) => m.index >= f.start && m.index < f.end)) continue;
    if (phrases.some((f) => f.start >= end && (f.hasDate || f.hasTime))) marker = end;
  }
  return marker;
}

/**
 * "dana fox: 3/4 at 11am please", "kim lee - Friday 14th at 2pm", "the rossi party, next month on the
 * 5th": a few words that name a booking, a break, then a date or time that ends the message. Nothing else can be
 * meant but the booking's new date or time (the policy treats it like "→").
 */
function endsOnWhen(text: string, phrases: readonly FoundWhen[]): boolean {
  const last = phrases.at(-1);
  if (!last || !(last.hasDate || last.hasTime)) return false;
  const after = text.slice(last.end).toLowerCase();
  if (!after.split(/[^a-z']+/).every((w) => !w || TRAILING_COURTESY.has(w))) return false;
  // The reader may keep the break in the phrase ("- Friday 14th at 2pm").
  const said = text.slice(0, last.start) + (/^[-–—:,>\s]*/.exec(last.text)?.[0] ?? '');
  // A booking reference names the booking as well as a name does ("BK-1045 - Friday at 3pm").
  const before = referencesIn(said).reduce((t, r) => t.split(r).join('booking'), said);
  // "…no wait, make it 2pm on the 5th", "what about 7pm then": words that offer the phrase as the new one.
  if (OFFERS.test(before)) return true;
  const lead = /^([^\d]*?[A-Za-z][^\d]*?)\s*[-–—:,>]+\s*$/.exec(before)?.[1];
  return lead !== undefined && lead.split(/\s+/).filter(Boolean).length <= 5;
}

const OFFERS =
  /\b(?:make it|make that|what about|how about|can (?:we|they|you) do|could (?:we|they|you) do|let'?s (?:do|say|go with)|go for|try)\s*$/i;

const TRAILING_COURTESY = new Set(
  'please pls plz thanks thank you thx ta cheers mate if possible poss ok okay'.split(' '),
);

/** Later messages win, field by field; intents accumulate (a follow-up answers an earlier request). */
export function mergeSlots(older: MessageSlots, newer: MessageSlots): MessageSlots {
  const merged: MessageSlots = { ...older, ...stripUndefined(newer) };
  merged.intents = [...new Set([...older.intents, ...newer.intents])].filter(
    (i) => !newer.drops?.includes(i) || newer.intents.includes(i),
  );
  const counts = ['partySize', 'partyDelta', 'partyScale', 'countUnclear'] as const;
  const said = counts.find((k) => newer[k] !== undefined);
  if (said) for (const k of counts) if (k !== said) delete merged[k];
  return merged;
}

function stripUndefined(slots: MessageSlots): Partial<MessageSlots> {
  return Object.fromEntries(Object.entries(slots).filter(([, v]) => v !== undefined));
}

/** The message without the note's words, whatever their case (a derived note starts with a capital). */
function withoutWords(text: string, words: string): string {
  const at = text.toLowerCase().indexOf(words.toLowerCase());
  return at < 0 ? text : `${text.slice(0, at)} ${text.slice(at + words.length)}`;
}
