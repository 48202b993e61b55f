import { type BaseMessage, HumanMessage } from '@langchain/core/messages';
import type { BookingSummary } from '../../contracts/booking.ts';

/**
 * Key in a HumanMessage's additional_kwargs naming the booking_id the message picked from the offered candidates.
 * The history keeps it (additional_kwargs round-trip, session/history-codec.ts), so a later turn knows that
 * "the one on Friday" chose a booking and is not a new date for the request. Providers ignore it on user turns.
 */
export const PICK_KWARG = 'candidate_pick';

/**
 * The user's message as the turn's HumanMessage. A pick is marked with the booking it chose, or with '' when it
 * fitted several candidates or none (the planner asked again).
 */
export function userMessage(text: string, pick?: BookingSummary | 'unresolved'): HumanMessage {
  if (pick === undefined) return new HumanMessage(text);
  const chosen = pick === 'unresolved' ? '' : pick.booking_id;
  return new HumanMessage({ content: text, additional_kwargs: { [PICK_KWARG]: chosen } });
}

/** True for a user message that only chose among candidates (picked, or asked again because several fit). */
export function isPickMessage(message: BaseMessage): boolean {
  return typeof message.additional_kwargs?.[PICK_KWARG] === 'string';
}
