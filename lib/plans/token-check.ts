import type { BookingApi } from '../ports/booking-api.ts';
import type { CompiledAction } from '../registry/compiled-action.ts';
import { AuthRequiredError, BookingAccessDeniedError } from './errors.ts';
import type { StoredPlan } from './stored-plan.ts';

/**
 * Port (issue 14, decision 5): proves the caller's token is still good for the plan's bookings before confirm or
 * answer change anything. Throws AuthRequiredError (401) or BookingAccessDeniedError (403); resolves otherwise.
 */
export type TokenCheck = (plan: StoredPlan, token: string) => Promise<void>;

/** The first booking the plan acts on, when a step names one outright (not through a placeholder). */
export function firstBookingId(plan: StoredPlan): string | undefined {
  for (const step of plan.actions) {
    const id = step.parameters.booking_id;
    if (typeof id === 'string' && id !== '' && !id.includes('{{')) return id;
  }
  return undefined;
}

/**
 * The TokenCheck over the booking API: one cheap authenticated read (the registry's get-booking action) of the
 * plan's first booking. 401 and 403 stop the use case with nothing written; any other outcome (404, 5xx, timeout)
 * is left to the executor, which reports it per step. A plan naming no booking outright (a new booking) has
 * nothing to read: the executor's first call checks the token then.
 */
export function bookingReadTokenCheck(api: BookingApi, getBooking: CompiledAction | undefined): TokenCheck {
  return async (plan, token) => {
    const bookingId = firstBookingId(plan);
    if (!getBooking || bookingId === undefined) return;
    const outcome = await api.invoke({ action: getBooking, args: { booking_id: bookingId }, token });
    if (outcome.ok) return;
    if (outcome.status === 401) throw new AuthRequiredError();
    if (outcome.status === 403) throw new BookingAccessDeniedError(plan.plan_id);
  };
}
