import { DEFAULT_VENUE_LOCALE } from '../config/config.ts';
import type { VenueSettings } from '../dates/same-when.ts';
import { AuthRequiredError } from '../plans/errors.ts';
import type { VenueDirectory } from '../ports/venue-directory.ts';
import { BookingLookupUnavailableError } from './errors.ts';
import type { PlannerConfig } from './planner-deps.ts';

/**
 * The venue a request is planned for (issue 27): its id, when the booking API has a venue read (ADR 0010), and the
 * timezone and locale every date, time and number of the request is read and shown in.
 */
export interface PlanVenue extends VenueSettings {
  venue_id?: string;
}

/**
 * The deployment-wide fallback (VENUE_TIMEZONE, VENUE_LOCALE): the clock of a booking API that declares no venue
 * read, and the locale of a venue whose read gives neither a locale nor a country.
 */
export function configVenue(config: Pick<PlannerConfig, 'VENUE_TIMEZONE' | 'VENUE_LOCALE'>): VenueSettings {
  return { timeZone: config.VENUE_TIMEZONE, locale: config.VENUE_LOCALE ?? DEFAULT_VENUE_LOCALE };
}

/**
 * ADR 0010, issue 27: the venue of the request's token, read by code (never a model tool) before anything is
 * planned or written, so every reader of the request uses its clock and the plan records it. 401 →
 * AuthRequiredError; any other failure → 503 with nothing written, since a request read on another venue's
 * calendar would be silently wrong. Without a venue read, the config's venue and no id.
 */
export async function readPlanVenue(
  venues: VenueDirectory | undefined,
  token: string,
  fallback: VenueSettings,
): Promise<PlanVenue> {
  if (!venues) return fallback;
  const found = await venues.venueOf(token);
  if (found.ok) {
    const { venue_id, timezone, locale } = found.venue;
    return { venue_id, timeZone: timezone, locale: locale ?? fallback.locale };
  }
  const cause = new Error(`venue read answered ${found.status ?? 'no response'}: ${found.message}`);
  if (found.status === 401) throw new AuthRequiredError(undefined, { cause });
  throw new BookingLookupUnavailableError('venue', undefined, { cause });
}
