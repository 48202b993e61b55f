import type { SlotView } from './sandbox-error.ts';
import type { Product, SandboxState } from './sandbox-state.ts';

/**
 * The day's session slots of a product with remaining capacity: capacity minus the party sizes of the
 * non-cancelled bookings in that slot (issue 3). `excludeBookingId` leaves one booking out, so a booking
 * being moved or resized does not compete with itself.
 */
export function daySlots(
  state: SandboxState,
  venueId: string,
  product: Product,
  date: string,
  excludeBookingId?: string,
): SlotView[] {
  const taken = new Map<string, number>();
  for (const b of state.bookingsOf(venueId)) {
    const counts =
      b.productId === product.productId &&
      b.date === date &&
      b.status !== 'cancelled' &&
      b.bookingId !== excludeBookingId;
    if (counts) taken.set(b.startTime, (taken.get(b.startTime) ?? 0) + b.partySize);
  }
  return product.sessionTimes.map((startTime) => ({
    startTime,
    capacity: product.capacityPerSession,
    remaining: Math.max(0, product.capacityPerSession - (taken.get(startTime) ?? 0)),
  }));
}

/**
 * Slots of the day that can still take `partySize` guests, leaving out `except` (the slot asked for and
 * the booking's own): the `alternatives` of a full-slot 409.
 */
export function slotsWithRoom(slots: SlotView[], partySize: number, except: string[]): SlotView[] {
  return slots.filter((s) => s.remaining >= partySize && !except.includes(s.startTime));
}
