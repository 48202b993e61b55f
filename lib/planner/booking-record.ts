import * as z from 'zod';
import { type BookingSummary, BookingSummary as BookingSummarySchema } from '../contracts/booking.ts';
import { formatDay } from '../dates/format-when.ts';

/**
 * A booking as the read-only lookups return it (snake_case, openapi Booking / BookingListItem). Only the fields
 * the planner uses are typed; the rest passes through. Booking data is untrusted text: it is shown and compared,
 * never followed as an instruction (docs/design-facts.md).
 */
export const BookingRecord = z.looseObject({
  booking_id: z.string().min(1),
  booking_reference: z.string().optional(),
  guest_name: z.string().optional(),
  date: z.string().optional(),
  start_time: z.string().optional(),
  product_id: z.string().optional(),
  product_name: z.string().optional(),
  party_size: z.number().optional(),
  status: z.string().optional(),
  display_label: z.string().optional(),
});
export type BookingRecord = z.infer<typeof BookingRecord>;

/** The bookings of a search response ({ bookings: [...] }); malformed items are dropped. */
export function bookingsOf(data: Record<string, unknown>): BookingRecord[] {
  const list = Array.isArray(data.bookings) ? data.bookings : [];
  return list.flatMap((item) => {
    const parsed = BookingRecord.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** 001 Booking Summary of a booking, for disambiguation and the session's referenced booking. */
export function toBookingSummary(booking: BookingRecord): BookingSummary | undefined {
  const parsed = BookingSummarySchema.safeParse({
    booking_id: booking.booking_id,
    guest_name: booking.guest_name,
    booking_date: booking.date,
    ...(booking.start_time ? { booking_time: booking.start_time } : {}),
    ...(booking.party_size !== undefined ? { party_size: booking.party_size } : {}),
    ...(booking.status ? { status: booking.status } : {}),
    display_label: booking.display_label ?? displayLabel(booking),
  });
  return parsed.success ? parsed.data : undefined;
}

/** "BK-1042 · John Smith · Fri 4 Dec 11:00 · 4 guests · confirmed". */
export function displayLabel(booking: BookingRecord): string {
  const when = [booking.date && formatDay(booking.date), booking.start_time].filter(Boolean).join(' ');
  const guests = booking.party_size === undefined ? undefined : `${booking.party_size} guests`;
  return [booking.booking_reference, booking.guest_name, when, guests, booking.status]
    .filter((part) => part !== undefined && part !== '')
    .join(' · ');
}

/** A summary back to a record, so the session's referenced booking can stand in for a lookup. */
export function fromBookingSummary(summary: BookingSummary): BookingRecord {
  return {
    booking_id: summary.booking_id,
    guest_name: summary.guest_name,
    date: summary.booking_date,
    ...(summary.booking_time ? { start_time: summary.booking_time } : {}),
    ...(summary.party_size !== undefined ? { party_size: summary.party_size } : {}),
    ...(summary.status ? { status: summary.status } : {}),
    ...(summary.display_label ? { display_label: summary.display_label } : {}),
  };
}
