import type { StoredPlan } from '../plans/stored-plan.ts';
import type { ExecutionFailure } from '../ports/execution-log.ts';
import type { VenueDirectory } from '../ports/venue-directory.ts';

/**
 * ADR 0010: before the plan's first write, the token must belong to the plan's venue. One read of the token's
 * venue; another venue, a refused token or a venue that cannot be read (no answer, 5xx) fail the plan with nothing
 * written — a check that cannot run must not pass. Skipped once a step has started (the token of a resume was
 * checked by the answer use case) and for plans without a venue (older, or an API without a venue read).
 */
export async function venueRefusal(
  venues: VenueDirectory | undefined,
  plan: StoredPlan,
  token: string,
): Promise<ExecutionFailure | undefined> {
  if (plan.venue_id === undefined || !venues) return undefined;
  if (plan.actions.some((s) => s.step_state !== 'pending')) return undefined;
  const found = await venues.venueOf(token);
  if (found.ok && found.venue.venue_id === plan.venue_id) return undefined;
  const refused = (message: string, unauthorized = false): ExecutionFailure => ({
    kind: 'venue_refused',
    step_number: 1,
    ...(unauthorized ? { error_type: 'unauthorized' as const } : {}),
    message: `Nothing was changed: ${message}`,
  });
  if (found.ok) {
    return refused(
      "this plan belongs to another venue than the one you are signed in to. Sign in to the plan's venue, then ask again.",
      true,
    );
  }
  if (found.status === 401 || found.status === 403) {
    return refused('your session has expired. Sign in again, then ask again.', true);
  }
  return refused(
    'the booking system could not confirm which venue you are signed in to, so no booking was touched. Ask again in a few minutes.',
  );
}
