import type { ActionOutcome } from '../../ports/booking-api.ts';

/**
 * A mutation answered with one of these may have been applied: a gateway timeout or bad gateway means the
 * upstream may have committed before the answer was lost (000 Failure Modes: network timeout).
 */
const UNCERTAIN_STATUSES: ReadonlySet<number> = new Set([502, 504]);

/**
 * True when a failed mutation's outcome says nothing definite about whether it was applied: no response at all
 * (timeout, dropped connection, commit-then-drop) or a gateway 502/504. Settled before rollback by
 * rollback/settle-in-doubt.ts.
 */
export function leavesMutationInDoubt(outcome: Extract<ActionOutcome, { ok: false }>): boolean {
  return outcome.status === undefined || UNCERTAIN_STATUSES.has(outcome.status);
}
