import * as z from 'zod';
import { VenueLocale, VenueTimeZone } from '../dates/venue-settings-check.ts';

/**
 * The venue a bearer token is scoped to, as the booking API's venue read answers it (snake_case). Its timezone and
 * locale are the clock and conventions every date, time and number of a request is read in (issue 27); a value
 * that is not a real IANA zone or a supported BCP-47 locale fails the read rather than being guessed.
 */
export const TokenVenue = z.object({
  venue_id: z.string().min(1),
  name: z.string().min(1),
  timezone: VenueTimeZone,
  /** BCP-47 ("en-AU", "en-US"). Absent: the adapter derives one from `country`, else the config fallback applies. */
  locale: VenueLocale.optional(),
  /** ISO 3166-1 alpha-2. A ROLLER-style API gives only this; the adapter maps it to a locale. */
  country: z.string().trim().length(2).optional(),
  currency: z.string().optional(),
});
export type TokenVenue = z.infer<typeof TokenVenue>;

/** Outcome of a venue read. Failures are data; `status` is undefined for a timeout or a dropped connection. */
export type VenueLookup =
  | { ok: true; venue: TokenVenue }
  | { ok: false; status: number | undefined; message: string };

/**
 * Port (ADR 0010): which venue a token belongs to. One authenticated read per call (or a cached answer, when the
 * composition wraps it in a short per-token cache); the token is never stored, logged or traced. Absent when the
 * booking API declares no venue read (then no venue is recorded or checked).
 */
export interface VenueDirectory {
  venueOf(token: string): Promise<VenueLookup>;
}
