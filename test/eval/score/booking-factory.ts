import type { SideEffects } from '../../../devkit/sandbox/sandbox-admin.ts';
import type { BookingRecord, PaymentLinkRecord } from '../../../devkit/sandbox/sandbox-state.ts';

/** A sandbox booking record (GET /__admin/bookings/{id}) with the fields a test overrides. */
export function aBooking(fields: Partial<BookingRecord> = {}): BookingRecord {
  return {
    bookingId: 'bk_garcia1',
    bookingReference: 'LK-1001',
    venueId: 'venue_lakeside',
    guestName: 'Maria Garcia',
    email: 'maria@example.com',
    phone: '+1 312 555 0100',
    date: '2026-12-04',
    startTime: '10:00',
    productId: 'prod_arena',
    partySize: 8,
    status: 'confirmed',
    notes: [
      { noteId: 'nt_1', text: 'Cake at noon', visibleToGuest: false, createdAt: '2026-11-01T00:00:00Z' },
    ],
    version: 1,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...fields,
  };
}

/** A payment link as the sandbox records it. */
export function aLink(bookingId: string, amount: number): PaymentLinkRecord {
  return {
    paymentLinkId: `pl_${bookingId}`,
    bookingId,
    url: 'https://pay',
    amount,
    currency: 'USD',
    expiresAt: 'x',
  };
}

export const noSideEffects = (): SideEffects => ({ confirmations: [], paymentLinks: [], refunds: [] });
