import type { BookingApi } from '../../ports/booking-api.ts';
import type { Clock } from '../../ports/clock.ts';
import { TokenVenue, type VenueDirectory } from '../../ports/venue-directory.ts';
import type { ActionRegistry } from '../../registry/action-registry.ts';
import type { CompiledAction } from '../../registry/compiled-action.ts';
import { localeOfCountry } from './country-locale.ts';
import { cachePerToken } from './token-cache.ts';

/**
 * The VenueDirectory over the booking API: the registry's service read `venue` (overlay `service_role`, ADR 0010),
 * called with the token and no arguments. A response of another shape, or with a timezone or locale that is not
 * real, is a failure naming the field, never a guessed venue. A venue that gives a country and no locale (a
 * ROLLER-style API) gets the country's English locale (issue 27).
 */
export function bookingApiVenueDirectory(api: BookingApi, action: CompiledAction): VenueDirectory {
  return {
    async venueOf(token) {
      let outcome: Awaited<ReturnType<BookingApi['invoke']>>;
      try {
        outcome = await api.invoke({ action, args: {}, token });
      } catch (error) {
        return { ok: false, status: undefined, message: `venue read failed: ${errorName(error)}` };
      }
      if (!outcome.ok) return { ok: false, status: outcome.status, message: outcome.message };
      const parsed = TokenVenue.safeParse(outcome.data);
      if (!parsed.success) {
        const fields = [...new Set(parsed.error.issues.map((i) => i.path.join('.') || '(body)'))].join(', ');
        return {
          ok: false,
          status: outcome.status,
          message: `the venue read answered an unexpected ${fields}`,
        };
      }
      const venue = parsed.data;
      const derived =
        venue.locale === undefined && venue.country ? localeOfCountry(venue.country) : undefined;
      return { ok: true, venue: derived ? { ...venue, locale: derived } : venue };
    },
  };
}

/** The directory when the registry declares a venue read; undefined for an API without one (Square, DigitalOcean). */
export function venueDirectoryOf(
  api: BookingApi,
  registry: Pick<ActionRegistry, 'serviceAction'>,
): VenueDirectory | undefined {
  const action = registry.serviceAction('venue');
  return action ? bookingApiVenueDirectory(api, action) : undefined;
}

/** Options of {@link cachedVenueDirectory}. */
export interface CachedVenueOptions {
  clock: Clock;
  /** How long a token's venue is reused. Default 5 minutes (issue 27). */
  ttlMs?: number;
}

/** Issue 27: five minutes, so the per-request venue read costs nothing on a hot path. */
export const VENUE_CACHE_TTL_MS = 5 * 60_000;

/**
 * The planner's venue read, reused per token for a short TTL: every planning request needs the venue's clock.
 * Only successful reads are kept. Confirm, answer and the executor keep the uncached directory: there the read is
 * the proof that the token is still good, which a cached answer cannot give.
 */
export function cachedVenueDirectory(
  directory: VenueDirectory | undefined,
  { clock, ttlMs = VENUE_CACHE_TTL_MS }: CachedVenueOptions,
): VenueDirectory | undefined {
  if (!directory) return undefined;
  const venueOf = cachePerToken(
    (token) => directory.venueOf(token),
    (found) => found.ok,
    { ttlMs, clock },
  );
  return { venueOf };
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : 'unknown error';
}
