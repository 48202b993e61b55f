import { assertModifiable, assertVersion, findBooking, type RuleContext, touch } from './booking-rules.ts';
import { conflict, notFound } from './sandbox-error.ts';
import type { BookingRecord, Note, PaymentLinkRecord, SentConfirmation } from './sandbox-state.ts';

/**
 * The mutations that don't touch capacity. Each follows the same order as a reschedule
 * (booking-rules.ts): find (404/403) → If-Match (409) → modifiable (409) → apply → bump version.
 */

export function updateContactDetails(
  ctx: RuleContext,
  bookingId: string,
  contact: { guestName?: string; email?: string; phone?: string },
  ifMatch?: string,
): BookingRecord {
  const booking = findBooking(ctx, bookingId);
  assertVersion(booking, ifMatch);
  assertModifiable(booking);
  if (contact.guestName !== undefined) booking.guestName = contact.guestName;
  if (contact.email !== undefined) booking.email = contact.email;
  if (contact.phone !== undefined) booking.phone = contact.phone;
  return touch(booking, ctx.now);
}

/** Cancelling frees the slot's capacity (availability ignores cancelled bookings). */
export function cancelBooking(
  ctx: RuleContext,
  bookingId: string,
  reason: string | undefined,
  ifMatch?: string,
): BookingRecord {
  const booking = findBooking(ctx, bookingId);
  assertVersion(booking, ifMatch);
  assertModifiable(booking);
  booking.status = 'cancelled';
  if (reason !== undefined) booking.cancellationReason = reason;
  return touch(booking, ctx.now);
}

export function addNote(
  ctx: RuleContext,
  bookingId: string,
  input: { text: string; visibleToGuest: boolean },
): Note {
  const booking = findBooking(ctx, bookingId);
  assertModifiable(booking);
  const note: Note = { noteId: ctx.state.nextNoteId(), ...input, createdAt: ctx.now.toISOString() };
  booking.notes.push(note);
  touch(booking, ctx.now);
  return note;
}

/** Returns the deleted note so the deletion can be undone (the overlay's compensation re-adds it). */
export function deleteNote(ctx: RuleContext, bookingId: string, noteId: string): Note {
  const booking = findBooking(ctx, bookingId);
  assertModifiable(booking);
  const index = booking.notes.findIndex((n) => n.noteId === noteId);
  if (index < 0) throw notFound(`note ${noteId} on booking ${bookingId}`);
  const [note] = booking.notes.splice(index, 1);
  touch(booking, ctx.now);
  return note!;
}

/** A side effect, not a change to the booking: recorded for tests, version unchanged. */
export function sendConfirmation(
  ctx: RuleContext,
  bookingId: string,
  channel: 'email' | 'sms',
): SentConfirmation {
  const booking = findBooking(ctx, bookingId);
  if (booking.status === 'cancelled') {
    throw conflict('booking_cancelled', `booking ${booking.bookingReference} is cancelled`);
  }
  const address = channel === 'email' ? booking.email : booking.phone;
  if (!address) {
    throw conflict('missing_contact', `booking ${booking.bookingReference} has no ${channel} contact`);
  }
  const sent: SentConfirmation = { bookingId, channel, sentAt: ctx.now.toISOString() };
  ctx.state.confirmations.push(sent);
  return sent;
}

export function createPaymentLink(ctx: RuleContext, bookingId: string, hours: number): PaymentLinkRecord {
  const booking = findBooking(ctx, bookingId);
  assertModifiable(booking);
  const venue = ctx.state.venue(ctx.venueId);
  const product = ctx.state.product(ctx.venueId, booking.productId);
  const paymentLinkId = ctx.state.nextPaymentLinkId();
  const link: PaymentLinkRecord = {
    paymentLinkId,
    bookingId,
    url: `https://pay.sandbox.invalid/${paymentLinkId}`,
    amount: booking.partySize * (product?.pricePerGuest ?? 0),
    currency: venue.currency,
    expiresAt: new Date(ctx.now.getTime() + hours * 3_600_000).toISOString(),
  };
  ctx.state.paymentLinks.push(link);
  return link;
}

export function refundBooking(ctx: RuleContext, bookingId: string, amount: number): number {
  findBooking(ctx, bookingId);
  ctx.state.refunds.push({ bookingId, refundedAmount: amount, at: ctx.now.toISOString() });
  return amount;
}

export function deleteBooking(ctx: RuleContext, bookingId: string): void {
  findBooking(ctx, bookingId);
  ctx.state.bookings.delete(bookingId);
}
