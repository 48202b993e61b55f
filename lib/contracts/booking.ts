import * as z from 'zod';
import { IsoDate, LocalTime } from './primitives.ts';

/** 001 Booking Search Query. max_results is bounded small (the booking API caps it at 10). */
export const BookingSearchQuery = z.object({
  search_text: z.string().min(1).max(200),
  venue_id: z.string().min(1),
  date_range_start: IsoDate.optional(),
  date_range_end: IsoDate.optional(),
  max_results: z.number().int().min(1).max(10).default(10),
});
export type BookingSearchQuery = z.infer<typeof BookingSearchQuery>;

/** 001 Booking Summary. */
export const BookingSummary = z.object({
  booking_id: z.string().min(1),
  guest_name: z.string().min(1),
  booking_date: IsoDate,
  booking_time: LocalTime.optional(),
  party_size: z.number().int().optional(),
  status: z.string().optional(),
  display_label: z.string().optional(),
});
export type BookingSummary = z.infer<typeof BookingSummary>;
