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
export function userMessage(
  text: string,
  pick?: BookingSummary | 'unresolved',
  sessionVersion?: number,
): HumanMessage {
  const stamp = sessionVersion === undefined ? {} : { [SESSION_VERSION_KWARG]: sessionVersion };
  if (pick === undefined) return new HumanMessage({ content: text, additional_kwargs: stamp });
  const chosen = pick === 'unresolved' ? '' : pick.booking_id;
  return new HumanMessage({ content: text, additional_kwargs: { [PICK_KWARG]: chosen, ...stamp } });
}

/**
 * Key in a HumanMessage's additional_kwargs: the session version the turn that received the message wrote. A
 * retired step (lib/planner/session/retired-steps.ts) can be restated only by messages stamped after it.
 */
export const SESSION_VERSION_KWARG = 'session_version';

/** The session version a user message was received at; 0 for messages from before the stamp existed. */
export function sessionVersionOf(message: BaseMessage): number {
  const v = message.additional_kwargs?.[SESSION_VERSION_KWARG];
  return typeof v === 'number' ? v : 0;
}

/** True for a user message that only chose among candidates (picked, or asked again because several fit). */
export function isPickMessage(message: BaseMessage): boolean {
  return typeof message.additional_kwargs?.[PICK_KWARG] === 'string';
}
