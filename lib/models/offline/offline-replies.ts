import { type PhoneProblem, phoneProblemText } from '../../contacts/phone.ts';
import { capabilityList } from '../../registry/capability-list.ts';
import type { OfflineTools } from './offline-types.ts';

/**
 * A decline (issue 16): what cannot be done and why, when known, then what can, generated from the actions bound
 * this turn (the registry's model-visible changes, lookups left out), never from fixed examples.
 */
export function declineMessage(why: string | undefined, tools: OfflineTools): string {
  const changes = [...tools.planActions].filter((id) => !tools.names.has(id));
  const can = changes.length > 0 ? ` I can ${capabilityList(changes)}, naming the booking.` : '';
  const cannot = why
    ? `Sorry, ${why}, so I haven't planned any of this request.`
    : "I can't plan that request.";
  return `${cannot}${can}`;
}

export function askNoteText(label: string): string {
  return `What should the note on ${label} say?`;
}

export function askWhichNote(label: string): string {
  return `Which note on ${label} should I remove?`;
}

export function askChannel(label: string): string {
  return `Should I send the confirmation for ${label} by email or by text message?`;
}

export function noContactFor(channel: 'email' | 'sms', label: string): string {
  const what = channel === 'sms' ? 'mobile number' : 'email address';
  return `${label} has no ${what} on file. What ${what} should the confirmation go to?`;
}

export const ONE_BOOKING_AT_A_TIME =
  'That names more than one booking, and I plan one booking at a time. Which booking should I change first?';

export const ASK_BOOKING =
  "Which booking should I change? Tell me the guest's name or the booking reference (e.g. BK-1042).";

export const ASK_ACTION = 'What would you like to change on that booking, or do with it?';

export function noMatch(searchText: string): string {
  return `No matching booking found for "${searchText}". Could you check the spelling, or give the booking reference (e.g. BK-1042)?`;
}

export function severalMatches(count: number, searchText: string): string {
  return `I found ${count} bookings for "${searchText}". Which one do you mean?`;
}

export function askWhen(label: string): string {
  return `What date and time should I move ${label} to?`;
}

export function askGuestCount(label: string): string {
  return `How many guests should ${label} be for?`;
}

export function askContact(label: string): string {
  return `What are the new contact details for ${label}: email, phone or guest name?`;
}

/** A phone the user typed that is no valid number: named with what is wrong, and asked for again. */
export function askPhone(label: string, typed: string, reason: PhoneProblem, locale: string): string {
  return `The phone number “${typed}” ${phoneProblemText(reason, locale)}. What phone number should I use for ${label}?`;
}

/** The honest re-ask: contact details are not kept between messages (000 Privacy/PII: passed through, not stored). */
export function askContactAgain(label: string): string {
  return `I don't keep contact details between messages, so please give them again now that I know the booking. What are the new contact details for ${label}: email, phone or guest name?`;
}

/**
 * The planner rejected the plan built from the user's words. The rejection is internal validation text and is
 * never quoted to the user (issue 15): the reply asks to rephrase.
 */
export const CANNOT_REPAIR =
  "I couldn't turn that into a plan I can show you. Could you rephrase the change, naming the booking and what should change?";

export function askActionFor(label: string): string {
  return `What should change for ${label}?`;
}

export function askProduct(products: readonly string[]): string {
  return `Which of our products should I book: ${products.join(', ')}?`;
}

export function askNewWhen(product: string): string {
  return `What date and session time should I book ${product} for?`;
}

export function askNewGuestCount(product: string): string {
  return `How many guests should I book ${product} for?`;
}

export function askNewGuest(product: string): string {
  return `Whose name should the ${product} booking be under, and an email or phone to reach them?`;
}
