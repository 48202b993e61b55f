/**
 * What a clarification reply is for, so iQ (and the evaluation) can tell a question from a refusal or a
 * cancellation without reading the words. Additive to seed 000's "Clarification response: question text".
 */
export const REPLY_TYPES = ['question', 'rephrase', 'declined', 'cancelled'] as const;
export type ReplyType = (typeof REPLY_TYPES)[number];

/** What a question asks for, when it is about one thing. */
export const ASKS_FOR = [
  'booking',
  'date',
  'time',
  'party_size',
  'contact',
  'product',
  'action',
  'other',
] as const;
export type AsksFor = (typeof ASKS_FOR)[number];

/** The planner's internal `unclear` codes (traced) → what the question asks for. */
const ASKS_FOR_BY_UNCLEAR: Readonly<Record<string, AsksFor>> = {
  booking: 'booking',
  booking_not_found: 'booking',
  date: 'date',
  date_in_past: 'date',
  time: 'time',
  slot_unavailable: 'time',
  capacity: 'other',
  guest_count: 'party_size',
  contact_details: 'contact',
  product: 'product',
  action: 'action',
  unlicensed_step: 'action',
  retry_obstacle: 'other',
  other: 'other',
};

/** The `unclear` code of the reply when the model never gave a valid decision (ADR 0014). */
export const MODEL_GAVE_UP = 'model_gave_up';

/** Codes whose reply refuses the request rather than asking something. */
const DECLINING = new Set([
  'out_of_scope',
  'pending_plan_confirmed',
  'booking_closed',
  'retry_refused',
  'already_true',
]);
/** Codes whose reply asks the user to say it again differently (the gate, the model or the bound gave up). */
const REPHRASING = new Set(['invalid_plan', MODEL_GAVE_UP]);

export function replyTypeOf(unclear: string, exhausted: boolean): ReplyType {
  if (DECLINING.has(unclear)) return 'declined';
  if (exhausted || REPHRASING.has(unclear)) return 'rephrase';
  return 'question';
}

export function asksForOf(unclear: string): AsksFor | undefined {
  return ASKS_FOR_BY_UNCLEAR[unclear];
}
