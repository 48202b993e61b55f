import type { BookingApi } from '../ports/booking-api.ts';
import type { VenueDirectory } from '../ports/venue-directory.ts';
import type { CompiledAction } from '../registry/compiled-action.ts';
import { bookingRefs } from './create-pending-plan.ts';
import { AuthRequiredError, BookingAccessDeniedError } from './errors.ts';
import type { StoredPlan } from './stored-plan.ts';

/**
 * Port (issue 14, decision 5): proves the caller's token is still good for the plan's bookings before confirm or
 * answer change anything. Throws AuthRequiredError (401) or BookingAccessDeniedError (403); resolves otherwise.
 */
export type TokenCheck = (plan: StoredPlan, token: string) => Promise<void>;

/** Options of {@link planTokenCheck}: what the booking API offers for the check. */
export interface PlanTokenCheckOptions {
  api: BookingApi;
  /** The registry's get-booking role: the check of a plan without a venue (older, or a foreign API). */
  getBooking?: CompiledAction | undefined;
  /** The token's venue read (ADR 0010); absent when the booking API declares none. */
  venues?: VenueDirectory | undefined;
}

/**
 * The TokenCheck over the booking API, one cheap authenticated read:
 * - a plan with a `venue_id` (ADR 0010): the token's venue (GET /venue). It covers every such plan, including one
 *   that names no booking (a new reservation); a token of another venue is refused with 403;
 * - an older plan without one: the plan's first booking, as before (a plan naming none has nothing to read).
 * 401 and 403 stop the use case with nothing written; any other outcome (404, 5xx, timeout) is left to the
 * executor, which checks the venue again before its first write and reports per step.
 */
export function planTokenCheck({ api, getBooking, venues }: PlanTokenCheckOptions): TokenCheck {
  return async function checkPlanToken(plan, token) {
    if (plan.venue_id !== undefined && venues) {
      const found = await venues.venueOf(token);
      if (found.ok && found.venue.venue_id !== plan.venue_id) {
        throw new BookingAccessDeniedError(plan.plan_id, 'other_venue');
      }
      if (!found.ok) refuseOn(found.status, plan);
      return;
    }
    const bookingId = bookingRefs(plan.actions)[0];
    if (!getBooking || bookingId === undefined) return;
    const outcome = await api.invoke({ action: getBooking, args: { booking_id: bookingId }, token });
    if (!outcome.ok) refuseOn(outcome.status, plan);
  };
}

function refuseOn(status: number | undefined, plan: StoredPlan): void {
  if (status === 401) throw new AuthRequiredError();
  if (status === 403) throw new BookingAccessDeniedError(plan.plan_id, 'refused');
}
