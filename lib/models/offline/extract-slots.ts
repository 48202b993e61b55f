import { phoneShapedRuns } from '../../contacts/phone.ts';
import { maskNonCounts } from '../../counts/mask-non-counts.ts';
import { readCount } from '../../counts/read-count.ts';
import { findWhenPhrases } from '../../dates/find-when-phrases.ts';
import {
  asksCancel,
  asksConfirmation,
  asksNote,
  asksNoteRemoval,
  channelOf,
  noteTextOf,
  unsupportedIn,
} from './intent-cues.ts';
import {
  asksNewBooking,
  mentionsUnreadTime,
  namesSeveralBookings,
  referencesIn,
  turnsAway,
} from './request-cues.ts';

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
const RESCHEDULE =
  /\b(move[ds]?|moving|reschedul\w*|shift(ed)?|push(ed)?|postpone[d]?|bring (it |them )?forward|rebook|change the (date|time|day)|put (?:them|him|her|it) (?:at|on|in)|come on)\b/i;
const CONTACT = /\b(e-?mail|phone|mobile|contact|cell)\b/i;
/** Words that make a long digit run a phone number rather than a reference or a count. */
const PHONE_WORD = /\b(e-?mail|phone|mobile|contact|cell|number|ph|on|call|txt|text)\b/i;
const GUEST_COUNT =
  /\b(guest count|number of guests|party size|headcount|head count|how many (guests|people))\b/i;
/** A correction inside one message: what follows it replaces what came before. */
export const CORRECTION =
  /\b(?:no wait|wait no|sorry|i mean|i meant|rather|scratch that|no,? actually)\b[,.\s—-]*(?:just\s+)?/i;
/** Capitalised words that are not guest names. */
export const NOT_NAMES = new Set(
  'I Hi Hey What Who Where When How Why Let It That There Here Please Can Could Would Will Move Moving Reschedule Shift Push Postpone Change Update Set Make Add Remove The A An Actually And Also But Email Phone Mobile Today Tomorrow Tonight Next This That On At For To Thanks Thank OK Ok Yes No It Its Their Booking Party Reservation BK Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September October November December Mon Tue Tues Wed Thu Thur Thurs Fri Sat Sun Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec Cancel Text Send Resend Note Flag Remember Delete Remove Take Scrap Book Put Give Charge Comp Swap Mr Mrs Ms Miss Dr New SMS Okay Wait Hold Sorry Hang Stop Nah Nope Ignore Keep Leave Confirm Customer Guest Group Family Lot Pls Sure Just Both Is Are Has Have Was Do Does Did Should Tell Reverse Process Permanently Erase Hiya Kia Ora Morena'.split(
    ' ',
  ),
);
/** A capitalised word with at least one lower-case letter ("O'Brien" yes, "BK" no). */
export const NAME = "[A-Z](?:'[A-Z])?[a-z][a-zA-Z'-]*";

/**
 * Issue 30: the operator says no payment link ("no payment link", "without a link", "don't send a pay link", "skip
 * the payment link"): none is planned, for a new booking or otherwise.
 */
export function refusesPaymentLink(text: string): boolean {
  // "don't forget the payment link" asks for one.
  if (/\b(?:don'?t|do not|never)\s+forget\b/i.test(text)) return false;
  return /\b(?:no|without|skip|don'?t|do not|not|never)\b(?:\s+\S+){0,4}?\s+(?:pay(?:ment)?\s+)?link\b/i.test(
    text,
  );
}

/** Reads one message. Deterministic and deliberately simple: see docs/models.md for what it understands. */
export function extractSlots(text: string): MessageSlots {
  const slots: MessageSlots = { intents: [] };
  const references = referencesIn(text);
  if (references[0]) slots.reference = references[0];
  const removal = asksNoteRemoval(text);
  const note = !removal && asksNote(text) ? noteTextOf(text) : undefined;
  // The note's own words are not request values: "two kids have a nut allergy" is no guest count.
  const said = note ? text.replace(note, ' ') : text;
  const email = EMAIL.exec(said)?.[0];
  // A message that is only a number ("021 664 2093") answers a question for one: no "phone" word needed.
  const bare = phoneIn(said);
  const onlyPhone = bare !== undefined && said.trim().replace(/[.!]$/, '') === bare;
  const phone = PHONE_WORD.test(said) || IDENTIFIES.test(said) || onlyPhone ? bare : undefined;
  const key = keyContact(said, email, phone?.trim());
  if (key) slots.contactKey = key;
  if (email && email !== key) slots.email = email;
  if (phone && phone.trim() !== key) slots.phone = phone.trim();
  const newName = newNameOf(said);
  if (newName) slots.newName = newName;
  Object.assign(slots, countOf(said, references), whenOf(said));
  const named = references.reduce((t, r) => t.split(r).join(' '), text);
  // "Sophie Turner + Sophie Ngata… no wait, just Sophie Ngata": the words after a correction name the booking.
  const corrected = CORRECTION.exec(named);
  const guestName =
    (corrected ? guestNameOf(named.slice(corrected.index + corrected[0].length)) : undefined) ??
    guestNameOf(named) ??
    lowerCaseNameOf(named);
  if (guestName && guestName !== slots.newName) slots.guestName = guestName;
  const unsupported = unsupportedIn(said);
  if (unsupported) slots.unsupported = unsupported;
  if (removal) slots.intents.push('delete_note');
  if (asksNote(text) && !removal) {
    slots.intents.push('note');
    if (note) slots.noteText = note;
  }
  const reschedule = RESCHEDULE.test(said);
  // "Cancel the extra 2 guests", "cancel her 3pm and put them at 12:30": the cancel is of a part, not the booking.
  const changesPart =
    reschedule || GUEST_COUNT.test(said) || Object.keys(countOf(said, references)).length > 0;
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
  const contactWord = CONTACT.test(said) && !confirmation && !key;
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
    new RegExp(`\\bname\\b(?:\\s+on\\s+\\S+)?\\s+(?:to|is now|should be|is)\\s+(${NAME}(?:\\s+${NAME})*)`),
    new RegExp(`\\bname,?\\s+(${NAME}(?:\\s+${NAME})+)`),
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
function whenOf(text: string): Pick<MessageSlots, 'datePhrase' | 'timePhrase'> {
  const all = findWhenPhrases(text);
  // "Cancel her 3pm and put them at 12:30": the phrases after the change verb are the new ones.
  const verb = RESCHEDULE.exec(text);
  const afterVerb = verb ? all.filter((f) => f.start > verb.index) : [];
  const found = afterVerb.some((f) => f.hasTime || f.hasDate) ? afterVerb : all;
  const target = found.filter((f) => f.before !== 'from');
  const phrases = target.length > 0 ? target : found;
  const date = phrases.find((f) => f.hasDate)?.text;
  const time = phrases.find((f) => f.hasTime)?.text;
  return { ...(date ? { datePhrase: date } : {}), ...(time ? { timePhrase: time } : {}) };
}

function guestNameOf(text: string, anywhere = true): string | undefined {
  const patterns = [
    new RegExp(`((?:${NAME}\\s+){0,2}${NAME})'s\\b`),
    new RegExp(
      `\\bthe\\s+((?:${NAME}\\s+){0,2}${NAME})\\s+(?:booking|party|reservation|family|group|birthday)`,
    ),
    new RegExp(`\\b(?:booking|reservation|party)\\s+(?:for|of|under)\\s+((?:${NAME}\\s*){1,3})`),
    new RegExp(
      `\\b(?:[Mm]ove|[Rr]eschedule|[Ss]hift|[Pp]ush|[Cc]hange|[Uu]pdate)\\s+(${NAME}(?:\\s+${NAME})?)\\b(?!')`,
    ),
    new RegExp(`\\bfor\\s+(${NAME}(?:\\s+${NAME})?)`),
    // "sarah smith is now 18", "Okafor has 3 more coming": the subject of the sentence.
    new RegExp(
      `^\\s*((?:${NAME}\\s+){0,2}${NAME})\\s+(?:is|are|has|have|needs?|wants?|will|would|cannot)\\b`,
    ),
    new RegExp(`^\\s*(?:it's\\s+|its\\s+|the one for\\s+)?(${NAME}(?:\\s+${NAME}){0,2})\\s*[.!]?\\s*$`),
  ];
  for (const pattern of patterns) {
    const name = cleanName(pattern.exec(text)?.[1]);
    if (name) return name;
  }
  if (!anywhere) return undefined;
  // Anywhere in the sentence: "Okafor party is now 9", "Ben Carter has a new email" (the search decides).
  for (const m of text.matchAll(new RegExp(`${NAME}(?:\\s+${NAME}){0,2}`, 'g'))) {
    const name = cleanName(m[0].replace(/['’]s$/, ''));
    if (name) return name;
  }
  return undefined;
}

/**
 * Words of a request that are not guest names, in lower case: the capitalised non-names, and the everyday words of
 * booking requests. Anything else may be a name typed in lower case.
 */
const COMMON_WORDS = new Set([
  ...[...NOT_NAMES].map((w) => w.toLowerCase()),
  ...(
    'a about above after again all also am an and any are around as at be because been before being below between ' +
    'both but by can cannot could did do does doing done dont down during each few for from further get got had has ' +
    'have having he her here hers him his how i if in into is it its just me more most my myself no nor not now of ' +
    'off on once only or other our ours out over own same she should so some such than that the their theirs them ' +
    'then there these they this those through to too under until up very was we were what when where which while ' +
    'who whom why will with would you your yours ' +
    'hi hello hey morning afternoon evening night noon midnight tonight today tomorrow yesterday week weeks weekend ' +
    'day days month months year pm am oclock time times date dates session sessions slot slots instead actually ' +
    'please pls thanks thank cheers sorry ok okay yes yeah yep sure great thx ta mate guys team ' +
    'booking bookings booked reservation reservations party parties event group family kids kid children child ' +
    'adults adult people person persons guests guest pax heads total number numbers count headcount size ' +
    'change changes changed update updated move moved moving reschedule rescheduled shift push pushed bring brought ' +
    'put make made set add added remove removed cancel cancelled canceled delete drop dropped swap switch need needs ' +
    'needed want wants wanted like would let know tell see check confirm confirmed send sent resend text sms email ' +
    'emails mail phone mobile cell contact details detail address name names note notes link payment pay paid ' +
    'new old extra another more less fewer earlier later back forward instead same next last first second third ' +
    'one two three four five six seven eight nine ten eleven twelve dozen half quarter couple few several ' +
    'coming come arrive arriving attend attending going go come joining join left leave staying stay ' +
    'birthday cake allergy allergies wheelchair access accessible high chair chairs decorations balloons food ' +
    'room lane lanes court arena area deck table tables zone pass passes ticket tickets session class lesson ' +
    'is are be been our us i im ive id were was has have had thats its whats lets'
  ).split(' '),
]);

/**
 * Issue 30: operators type names in lower case ("move sarah smith's booking"). When no capitalised name is found,
 * the words that are not everyday request words are tried as a name, in the same shapes as a capitalised one
 * (possessive, "the … booking", after the change verb, "for …"), never anywhere in the sentence: the booking API's
 * fuzzy search then decides, and no match is a question, never a guess.
 */
function lowerCaseNameOf(text: string): string | undefined {
  if (new RegExp(NAME).test(text.replace(/\b(?:I|BK)\b/g, ''))) return undefined;
  const capitalised = text.replace(/[\p{L}][\p{L}'’-]*/gu, (word) => {
    const plain = word.toLowerCase().replace(/['’]s$/, '');
    if (COMMON_WORDS.has(plain) || plain.length < 3 || /\d/.test(word)) return word;
    return word[0]?.toUpperCase() + word.slice(1);
  });
  return guestNameOf(capitalised, false);
}

export function cleanName(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const words = raw.trim().split(/\s+/);
  while (words.length > 0 && NOT_NAMES.has(words[0] as string)) words.shift();
  while (words.length > 0 && NOT_NAMES.has(words.at(-1) as string)) words.pop();
  const name = words.join(' ');
  return name.length >= 3 ? name : undefined;
}

/** Later messages win, field by field; intents accumulate (a follow-up answers an earlier request). */
export function mergeSlots(older: MessageSlots, newer: MessageSlots): MessageSlots {
  const merged: MessageSlots = { ...older, ...stripUndefined(newer) };
  merged.intents = [...new Set([...older.intents, ...newer.intents])];
  const counts = ['partySize', 'partyDelta', 'partyScale', 'countUnclear'] as const;
  const said = counts.find((k) => newer[k] !== undefined);
  if (said) for (const k of counts) if (k !== said) delete merged[k];
  return merged;
}

function stripUndefined(slots: MessageSlots): Partial<MessageSlots> {
  return Object.fromEntries(Object.entries(slots).filter(([, v]) => v !== undefined));
}
