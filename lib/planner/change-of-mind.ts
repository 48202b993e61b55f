/**
 * Keyword detection of a cancel or change of mind (seed 002, adopted): English and French. The model can also
 * signal it (cancel_request tool); either clears the session context and invalidates any pending plan.
 *
 * "cancel" and "annuler" are also how a user asks to cancel a booking ("cancel the Smith booking"), which is a
 * plan for the model, not a change of mind. So those two words count only when the message names no booking;
 * the unambiguous phrases ("never mind", "forget it", "recommencer", "autre chose"…) always count.
 */
const ALWAYS: readonly RegExp[] = [
  /\bnever\s?mind\b/,
  /\bforget (it|that|about it|this)\b/,
  /\bstart (over|again)\b/,
  /\bscrap (that|it|this)\b/,
  /\brecommenc(er|e|ons|ez)\b/,
  /\bautre chose\b/,
  /\blaisse(z)? tomber\b/,
];
const CANCEL_WORD = /\b(cancel|annul(er|e|ez|ons))\b/;
/** Words that make "cancel …" a request about a booking rather than about the conversation. */
const BOOKING_OBJECT = /\b(booking|bookings|reservation|reservations|party|guests?|bk-?\d+)\b/;

/** True when the message asks to drop the current request (issue 5: cancel at any point). */
export function isChangeOfMind(message: string): boolean {
  const text = normalise(message);
  if (ALWAYS.some((re) => re.test(text))) return true;
  return CANCEL_WORD.test(text) && !BOOKING_OBJECT.test(text);
}

/** Lower case without accents, so "réservation" and "Annulér" match the patterns above. */
function normalise(message: string): string {
  return message
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
