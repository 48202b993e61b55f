import type { BookingApi } from '../../ports/booking-api.ts';
import { TokenVenue, type VenueDirectory } from '../../ports/venue-directory.ts';
import type { ActionRegistry } from '../../registry/action-registry.ts';
import type { CompiledAction } from '../../registry/compiled-action.ts';

/**
 * The VenueDirectory over the booking API: the registry's service read `venue` (overlay `service_role`, ADR 0010),
 * called with the token and no arguments. A response of another shape is a failure, never a guessed venue.
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
      if (parsed.success) return { ok: true, venue: parsed.data };
      return { ok: false, status: outcome.status, message: 'the venue read answered an unexpected shape' };
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

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : 'unknown error';
}
