import { AuthRequiredError } from '../plans/errors.ts';
import type { VenueDirectory } from '../ports/venue-directory.ts';
import { BookingLookupUnavailableError } from './errors.ts';

/**
 * ADR 0010: the venue of the planning token, read once per proposed plan by code (never a model tool) so the plan
 * records it. 401 → AuthRequiredError; any other failure → 503 with nothing written, since a plan stored without
 * its venue could not be checked later. Undefined when the booking API declares no venue read.
 */
export async function readPlanVenue(
  venues: VenueDirectory | undefined,
  token: string,
): Promise<string | undefined> {
  if (!venues) return undefined;
  const found = await venues.venueOf(token);
  if (found.ok) return found.venue.venue_id;
  const cause = new Error(`venue read answered ${found.status ?? 'no response'}: ${found.message}`);
  if (found.status === 401) throw new AuthRequiredError(undefined, { cause });
  throw new BookingLookupUnavailableError('venue', undefined, { cause });
}
