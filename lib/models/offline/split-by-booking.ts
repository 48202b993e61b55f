import { cleanName, extractSlots, type MessageSlots, mergeSlots, NAME } from './extract-slots.ts';
import { referencesIn } from './request-cues.ts';

/** The part of a message that speaks of one booking: how it was named, and what is asked of it. */
export interface BookingPart {
  /** The reference or the name, as the search is given it. */
  key: string;
  /** The clause it is first named in (two bookings named in one clause may be one booking and a product). */
  clause: number;
  slots: MessageSlots;
}

/** Clause breaks between bookings: "X is 4, Y is 6", "X and Y", "X — oh and move Y". */
const CLAUSES = /\s*(?:[,;]|\s[-–—]\s|\band\b|&|\+(?=\s*[A-Z]))\s*/;
/** Words that may stand beside a booking's key without saying anything of their own ("Move X and", "both"). */
const BARE =
  /^(?:(?:move|cancel|make|add|email|text|send|the|to|both|booking|bookings|party|s|'s|’s|and|oh|also)\s*)*$/i;

/**
 * Splits a message that names several bookings into one part per booking (issue 16: one plan with steps for each,
 * or a question; never a silent drop). A clause without a booking belongs to the one before it ("Ben is now 10
 * and move him to 6pm"); a booking named bare beside another ("Move X and Y to Saturday", "X and Y are both 8")
 * takes the change of the clause that follows it, or else the one before. Undefined when fewer than two bookings
 * are named.
 */
export function splitByBooking(text: string, notNames: ReadonlySet<string>): BookingPart[] | undefined {
  const groups: Array<{ key: string; texts: string[]; first: string[]; bare: boolean; clause: number }> = [];
  let last: (typeof groups)[number] | undefined;
  let orphan: string[] = [];
  let open: string[] = [];
  const clauses = text.split(CLAUSES).filter((c) => c.trim() !== '');
  clauses.forEach((clause, index) => {
    const keys = keysIn(clause, notNames);
    if (keys.length === 0) {
      if (last) last.texts.push(clause);
      else orphan.push(clause);
      open.push(clause);
      return;
    }
    open = [];
    for (const key of keys) {
      const rest = keys.reduce((t, k) => t.split(k).join(' '), clause);
      const found = groups.find((g) => g.key.toLowerCase() === key.toLowerCase());
      const group = found ?? { key, texts: [], first: open, bare: true, clause: index };
      group.texts.push(...orphan, clause);
      group.bare = group.bare && BARE.test(rest.trim());
      if (!found) {
        open.push(clause);
        groups.push(group);
      }
      last = group;
    }
    orphan = [];
  });
  if (groups.length < 2) return undefined;
  const parts = groups.map((g) => ({ ...g, slots: extractSlots(g.texts.join(', ')) }));
  const whole = extractSlots(text);
  return parts.map((part, i) => {
    const own = { key: part.key, clause: part.clause };
    // "Move X and Y to Saturday at 3pm": Y's clause holds the values, the verb was said once, before.
    if (!part.bare || hasValues(part.slots)) return { ...own, slots: withSharedIntents(part.slots, whole) };
    // "X and Y to Saturday 5 Dec, 12:30": a bare booking shares the change said right after it (only that run of
    // clauses, never a later clause about another booking), or the whole message's when every booking is bare.
    const next = parts.slice(i + 1).find((p) => !p.bare);
    const before = parts.slice(0, i).findLast((p) => !p.bare);
    const donor = next
      ? extractSlots(next.first.join(', '))
      : before
        ? extractSlots(before.first.join(', '))
        : whole;
    return { ...own, slots: donor ? mergeSlots(donor, part.slots) : part.slots };
  });
}

/** The message's intents that this part's own values carry out, when the part names no intent itself. */
function withSharedIntents(slots: MessageSlots, whole: MessageSlots): MessageSlots {
  if (slots.intents.length > 0) return slots;
  const carried = whole.intents.filter((intent) => {
    if (intent === 'reschedule') return slots.datePhrase !== undefined || slots.timePhrase !== undefined;
    if (intent === 'guest_count') return slots.partySize !== undefined || slots.partyDelta !== undefined;
    if (intent === 'contact') return slots.email !== undefined || slots.phone !== undefined;
    return false;
  });
  return { ...slots, intents: carried };
}

function hasValues(slots: MessageSlots): boolean {
  return (
    slots.datePhrase !== undefined ||
    slots.timePhrase !== undefined ||
    slots.partySize !== undefined ||
    slots.partyDelta !== undefined ||
    slots.partyScale !== undefined ||
    slots.email !== undefined ||
    slots.phone !== undefined ||
    slots.noteText !== undefined
  );
}

/** References and names in a clause, in order ("the Joneses" → "Joneses": the search forgives the plural). */
function keysIn(clause: string, notNames: ReadonlySet<string>): string[] {
  const references = referencesIn(clause);
  const rest = references.reduce((t, r) => t.split(r).join(' '), clause);
  const names: string[] = [];
  for (const m of rest.matchAll(new RegExp(`${NAME}(?:\\s+${NAME}){0,2}`, 'g'))) {
    const words = m[0].replace(/['’]s$/, '').split(/\s+/);
    const name = cleanName(words.filter((w) => !notNames.has(w)).join(' '));
    if (name) names.push(name);
  }
  return [...references, ...names];
}
