import { DateTime } from 'luxon';
import type { BookingRecord, SandboxState } from './sandbox-state.ts';

/** A booking as components/schemas/Booking (internal fields such as venueId stay out). */
export function toBookingBody(state: SandboxState, b: BookingRecord): Record<string, unknown> {
  return {
    bookingId: b.bookingId,
    bookingReference: b.bookingReference,
    guestName: b.guestName,
    ...(b.email === undefined ? {} : { email: b.email }),
    ...(b.phone === undefined ? {} : { phone: b.phone }),
    date: b.date,
    startTime: b.startTime,
    productId: b.productId,
    productName: productName(state, b),
    partySize: b.partySize,
    status: b.status,
    notes: b.notes.map((n) => ({ ...n })),
    version: b.version,
    updatedAt: b.updatedAt,
  };
}

/** A search hit as components/schemas/BookingListItem, with a label ready for a disambiguation list. */
export function toListItem(state: SandboxState, b: BookingRecord): Record<string, unknown> {
  const product = productName(state, b);
  const day = DateTime.fromISO(b.date, { locale: 'en-AU' }).toFormat('ccc d LLL yyyy');
  const guests = `${b.partySize} guest${b.partySize === 1 ? '' : 's'}`;
  return {
    bookingId: b.bookingId,
    bookingReference: b.bookingReference,
    guestName: b.guestName,
    date: b.date,
    startTime: b.startTime,
    productId: b.productId,
    productName: product,
    partySize: b.partySize,
    status: b.status,
    displayLabel: `${b.bookingReference} · ${b.guestName} · ${day} ${b.startTime} · ${product} · ${guests} · ${b.status}`,
  };
}

function productName(state: SandboxState, b: BookingRecord): string {
  return state.product(b.venueId, b.productId)?.name ?? b.productId;
}
