/**
 * How long the current invocation may still spend (issue 28: one deadline budget per invocation).
 * In a Lambda it is `context.getRemainingTimeInMillis()` minus a safety margin, so the handler can still answer
 * with its own ServiceError (and record what it did) before AWS kills it; outside a Lambda it is unbounded.
 * Every booking API and model call takes its timeout as `budgetFor(deadline, configuredMax)`.
 */
export interface Deadline {
  /** Milliseconds left before the invocation must have answered; never negative. */
  remainingMs(): number;
}

/** No invocation limit (scripts, tests that don't exercise deadlines). */
export const NO_DEADLINE: Deadline = { remainingMs: () => Number.POSITIVE_INFINITY };

/** A Lambda context's remaining time minus `marginMs` (what the handler keeps for answering and flushing). */
export function lambdaDeadline(context: { getRemainingTimeInMillis(): number }, marginMs: number): Deadline {
  return { remainingMs: () => Math.max(0, context.getRemainingTimeInMillis() - marginMs) };
}

/** The timeout one call may use: what is left of the invocation, capped by the configured maximum. */
export function budgetFor(deadline: Deadline, maxMs: number): number {
  return Math.max(0, Math.min(maxMs, deadline.remainingMs()));
}
