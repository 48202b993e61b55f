import type { MessageSlots, OfflineIntent } from './extract-slots.ts';

/** The words for what a pending plan changes, by the intent whose step changes it. */
const FIELDS: ReadonlyArray<[string, OfflineIntent]> = [
  ['date|day|time|times|slot|session|booking time', 'reschedule'],
  ['numbers|count|headcount|head count|guests|guest count|people|pax|party size|size', 'guest_count'],
  ['email|email address|phone|phone number|mobile|contact details|contact', 'contact'],
  ['note|notes', 'note'],
];

/**
 * The changes of a pending plan that a follow-up turns down (issue 30: a declined step never comes back): a field
 * it says to leave as it is ("keep the date", "leave the headcount alone", "the time is fine", "don't bother with the
 * note"), or, when the message opens with a refusal ("no, …", "no, not that", "nope"), every change but a move it
 * asks for again.
 */
export function turnedDown(
  text: string,
  asked: readonly OfflineIntent[],
): (intent: OfflineIntent) => boolean {
  const left = new Set<OfflineIntent>();
  for (const [words, intent] of FIELDS) {
    const field = `(?:the\\s+|their\\s+|its\\s+|his\\s+|her\\s+)?(?:${words})`;
    const keep = new RegExp(`\\b(?:keep|leave)\\s+${field}\\b(?!\\s+(?:to|at|as\\s+\\d))`, 'i');
    const fine = new RegExp(
      `\\b${field}\\s+(?:is|are|was|were|'s)\\s+(?:fine|ok|okay|good|right|correct)\\b`,
      'i',
    );
    const dont = new RegExp(
      `\\b(?:don'?t|do not|no need to|never mind)\\s+(?:bother\\s+(?:with\\s+)?|change\\s+|touch\\s+|update\\s+|add\\s+)?${field}\\b`,
      'i',
    );
    if (keep.test(text) || fine.test(text) || dont.test(text)) left.add(intent);
  }
  const refused = REFUSAL.test(text);
  // After a "no", a change asked again is built afresh from the new words; only a move keeps the proposed date or
  // time it amends ("no, make it 4pm" keeps the new day).
  return (intent) => left.has(intent) || (refused && (intent !== 'reschedule' || !asked.includes(intent)));
}

/** A message that opens by saying no to what was proposed ("no, …", "no, not that", "nah", "not that one"). */
const REFUSAL =
  /^\s*(?:(?:hmm+|umm*|oh|ah|wait|sorry)[\s,.]+)*(?:no+|nope|nah|not that)\b(?![\s,]+(?:worries|problem|rush|need)\b)/i;

/**
 * "three more" → "how many?" → "ok, only 2 then": a bare count no larger than the change asked before, said as a
 * correction ("just", "only"), is the corrected change, not the new total. A count said with what it counts
 * ("12 guests", "in total"), or larger than the change, stays a total.
 */
export function countAsDelta(
  request: MessageSlots,
  earlier: readonly MessageSlots[],
  text: string,
): MessageSlots {
  const delta = earlier.map((s) => s.partyDelta).findLast((d) => d !== undefined);
  const size = request.partySize;
  if (delta === undefined || size === undefined || size > Math.abs(delta)) return request;
  if (!/\b(?:just|only)\b/i.test(text) || TOTAL_WORDS.test(text)) return request;
  const { partySize: _said, ...rest } = request;
  return { ...rest, partyDelta: Math.sign(delta) * size };
}

const TOTAL_WORDS =
  /\b(?:guests?|people|persons?|pax|kids|children|adults|heads|total|all up|altogether|in all)\b/i;
