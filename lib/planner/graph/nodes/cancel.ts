import type { PlanningUpdate } from '../planning-state.ts';

/** The confirmation sent when the user cancels or changes their mind (seed 002: clear context, say so). */
export const CANCELLED_MESSAGE =
  "OK, I've cancelled that request and cleared this conversation. What would you like to do instead?";

/** The model called cancel_request: the use case clears the session and invalidates any pending plan. */
export function cancelNode() {
  return async function cancel(): Promise<PlanningUpdate> {
    return { result: { kind: 'cancelled', message: CANCELLED_MESSAGE } };
  };
}
