/** What the offline planner says it can do, with sentences it understands (docs/models.md). */
export const OFFLINE_CAN_DO =
  'I can help with three kinds of booking changes: moving a booking to another date or time, changing the number of guests, and updating the guest\'s contact details (name, email or phone). For example: "Move BK-1046 to Sunday at 10am", "Change Aisha Khan\'s booking to 14 guests" or "Update Priya Patel\'s email to priya.p@example.com".';

/** A decline that says what cannot be done here, then what can (issue 16). */
export function cannotDo(what: string): string {
  return `I can't help with ${what} here, so I haven't planned any of this request. ${OFFLINE_CAN_DO}`;
}

export const ONE_BOOKING_AT_A_TIME =
  'That names more than one booking, and I plan one booking at a time. Which booking should I change first?';

export const ASK_BOOKING =
  "Which booking should I change? Tell me the guest's name or the booking reference (e.g. BK-1042).";

export const ASK_ACTION =
  'What would you like to change on that booking: the date and time, the number of guests, or the contact details?';

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
