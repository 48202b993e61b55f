import { maskNonCounts } from '../../counts/mask-non-counts.ts';
import { readCount } from '../../counts/read-count.ts';
import { findWhenPhrases } from '../../dates/find-when-phrases.ts';
import {
  asksNewBooking,
  mentionsUnreadTime,
  namesSeveralBookings,
  otherActionIn,
  referencesIn,
  turnsAway,
} from './request-cues.ts';

/** What the offline planner can act on (seed 000's three intents). */
export type OfflineIntent = 'reschedule' | 'guest_count' | 'contact';

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
  otherAction?: string;
  unreadTime?: boolean;
  turnsAway?: boolean;
  email?: string;
  phone?: string;
  newName?: string;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const PHONE = /\+?\d[\d ()-]{6,}\d/;
const RESCHEDULE =
  /\b(move|moving|reschedul\w*|shift|push|postpone|bring (it )?forward|rebook|change the (date|time|day))\b/i;
const CONTACT = /\b(e-?mail|phone|mobile|contact|cell)\b/i;
const GUEST_COUNT =
  /\b(guest count|number of guests|party size|headcount|head count|how many (guests|people))\b/i;
/** Capitalised words that are not guest names. */
const NOT_NAMES = new Set(
  'I Hi Hey What Who Where When How Why Let It That There Here Please Can Could Would Will Move Moving Reschedule Shift Push Postpone Change Update Set Make Add Remove The A An Actually And Also But Email Phone Mobile Today Tomorrow Tonight Next This That On At For To Thanks Thank OK Ok Yes No It Its Their Booking Party Reservation BK Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September October November December Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec'.split(
    ' ',
  ),
);
/** A capitalised word with at least one lower-case letter ("O'Brien" yes, "BK" no). */
const NAME = "[A-Z](?:'[A-Z])?[a-z][a-zA-Z'-]*";

/** Reads one message. Deterministic and deliberately simple: see docs/models.md for what it understands. */
export function extractSlots(text: string): MessageSlots {
  const slots: MessageSlots = { intents: [] };
  const references = referencesIn(text);
  if (references[0]) slots.reference = references[0];
  const email = EMAIL.exec(text)?.[0];
  if (email) slots.email = email;
  const phone = CONTACT.test(text) ? PHONE.exec(text.replace(EMAIL, ''))?.[0] : undefined;
  if (phone) slots.phone = phone.trim();
  const newName = new RegExp(
    `\\bname\\b(?:\\s+on\\s+\\S+)?\\s+(?:to|is now|should be|is)\\s+(${NAME}(?:\\s+${NAME})*)`,
  ).exec(text)?.[1];
  if (newName) slots.newName = newName;
  Object.assign(slots, countOf(text, references), whenOf(text));
  const guestName = guestNameOf(references.reduce((t, r) => t.split(r).join(' '), text));
  if (guestName && guestName !== slots.newName) slots.guestName = guestName;
  if (RESCHEDULE.test(text)) slots.intents.push('reschedule');
  const countSaid =
    slots.partySize !== undefined ||
    slots.partyDelta !== undefined ||
    slots.partyScale !== undefined ||
    slots.countUnclear === true;
  if (countSaid || GUEST_COUNT.test(text)) slots.intents.push('guest_count');
  if (namesSeveralBookings(text, NOT_NAMES)) slots.severalBookings = true;
  if (asksNewBooking(text)) slots.newBooking = true;
  const other = otherActionIn(text);
  if (other) slots.otherAction = other;
  if (mentionsUnreadTime(text)) slots.unreadTime = true;
  if (turnsAway(text)) slots.turnsAway = true;
  if (slots.email || slots.phone || slots.newName || CONTACT.test(text)) slots.intents.push('contact');
  return slots;
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
  const found = findWhenPhrases(text);
  const target = found.filter((f) => f.before !== 'from');
  const phrases = target.length > 0 ? target : found;
  const date = phrases.find((f) => f.hasDate)?.text;
  const time = phrases.find((f) => f.hasTime)?.text;
  return { ...(date ? { datePhrase: date } : {}), ...(time ? { timePhrase: time } : {}) };
}

function guestNameOf(text: string): string | undefined {
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
    new RegExp(`^\\s*(?:it's\\s+|its\\s+|the one for\\s+)?(${NAME}(?:\\s+${NAME}){0,2})\\s*[.!]?\\s*$`),
  ];
  for (const pattern of patterns) {
    const name = cleanName(pattern.exec(text)?.[1]);
    if (name) return name;
  }
  return undefined;
}

function cleanName(raw: string | undefined): string | undefined {
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
