/**
 * Idempotency-Key values (docs/design-facts.md "SQS semantics that bite": derived from plan id + step number, so a
 * redelivered message re-sends the same key and the booking API replays instead of applying twice).
 *
 * A self-correction after a 400 is a different request (corrected parameters) whose predecessor was rejected
 * without effect, so attempt k ≥ 2 of a step gets its own key; the attempt number is written to the step's
 * intent record before the call, so a redelivery still re-sends the exact key of the attempt in flight.
 */
export function stepIdempotencyKey(planId: string, stepNumber: number, attempt: number): string {
  const base = `${planId}:step-${stepNumber}`;
  return attempt <= 1 ? base : `${base}:attempt-${attempt}`;
}

/** The compensation of step N: plan id + step + 'compensate' (a rollback redelivered replays, never doubles). */
export function compensationIdempotencyKey(planId: string, stepNumber: number): string {
  return `${planId}:step-${stepNumber}:compensate`;
}
