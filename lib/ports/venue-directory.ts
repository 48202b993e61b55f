import * as z from 'zod';

/** The venue a bearer token is scoped to, as the booking API's venue read answers it (snake_case). */
export const TokenVenue = z.object({
  venue_id: z.string().min(1),
  name: z.string().min(1),
  timezone: z.string().min(1),
  currency: z.string().optional(),
});
export type TokenVenue = z.infer<typeof TokenVenue>;

/** Outcome of a venue read. Failures are data; `status` is undefined for a timeout or a dropped connection. */
export type VenueLookup =
  | { ok: true; venue: TokenVenue }
  | { ok: false; status: number | undefined; message: string };

/**
 * Port (ADR 0010): which venue a token belongs to. One authenticated read per call; the token is never stored,
 * logged or traced. Absent when the booking API declares no venue read (then no venue is recorded or checked).
 */
export interface VenueDirectory {
  venueOf(token: string): Promise<VenueLookup>;
}
