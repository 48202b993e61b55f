import { PlanNotFoundError } from '../ports/plan-store.ts';

export { PlanNotFoundError };

/**
 * Error family of the plan use cases (confirm, status, answer) and of the IQ boundary. Each maps to one row of
 * lib/http/error-mapping.ts. Every subclass sets a stable `name` (it survives minification) and forwards
 * `{ cause }`. Messages of the 4xx errors are shown to IQ: they name ids and states, never tokens or PII.
 */
export class PlanServiceError extends Error {
  override readonly name: string = 'PlanServiceError';
}

/** 000 "user mismatch (403)": user_id is not the plan's creator. */
export class PlanAccessDeniedError extends PlanServiceError {
  override readonly name = 'PlanAccessDeniedError';
  constructor(readonly planId: string) {
    super(`plan ${planId} belongs to another user: user_id does not match the plan's creator`);
  }
}

/**
 * Issue 27 (ADR 0017): the request's `user_id` is not the user X-User-Token belongs to (the booking API's identity
 * read). 403, checked before anything is read or written. The message names neither user.
 */
export class TokenUserMismatchError extends PlanServiceError {
  override readonly name = 'TokenUserMismatchError';
  constructor() {
    super(
      'user_id is not the user X-User-Token belongs to: a request may act only for the signed-in user. Nothing was changed.',
    );
  }
}

/**
 * Issue 14: the caller's token may not act on the plan's bookings (403). `refused`: the booking API said so;
 * `other_venue` (ADR 0010): the token belongs to another venue than the plan's `venue_id`.
 */
export class BookingAccessDeniedError extends PlanServiceError {
  override readonly name = 'BookingAccessDeniedError';
  constructor(
    readonly planId: string,
    readonly reason: 'refused' | 'other_venue' = 'refused',
  ) {
    super(
      reason === 'other_venue'
        ? `plan ${planId} belongs to another venue than the one you are signed in to; sign in to the plan's venue to go on. Nothing was changed.`
        : `the booking system refused your access to the bookings of plan ${planId}`,
    );
  }
}

/** Why a plan cannot take the requested step (409). */
export type PlanConflictReason =
  | 'already_started'
  | 'finished'
  | 'invalidated'
  | 'not_awaiting_answer'
  | 'concurrent_change'
  | 'session_conflict';

/** 000 "plan already executing/completed, or not awaiting an answer (409)". */
export class PlanConflictError extends PlanServiceError {
  override readonly name = 'PlanConflictError';
  constructor(
    readonly planId: string,
    readonly reason: PlanConflictReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * 000 "enqueue failure (503 / service_unavailable)". For `start` the plan stays pending_confirmation; for
 * `resume` the answer stays stored. Either way the user retries the same call.
 */
export class PlanEnqueueError extends PlanServiceError {
  override readonly name = 'PlanEnqueueError';
  constructor(
    readonly planId: string,
    readonly kind: 'start' | 'resume',
    options: { cause: unknown },
  ) {
    super(`${kind} message of plan ${planId} could not be enqueued`, options);
  }
}

/** 001 invalid_input (400): the request is malformed; `field` names the offending field. */
export class InvalidInputError extends PlanServiceError {
  override readonly name = 'InvalidInputError';
  constructor(
    readonly field: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * 001 auth_required (401): X-User-Token is missing or malformed (lib/http/user-token.ts), or the booking API
 * rejected it during a planning lookup (lib/planner/booking-lookups.ts). One error for the condition, wherever it
 * is detected; like the planner's errors it carries its 001 ServiceErrorType.
 */
export class AuthRequiredError extends PlanServiceError {
  override readonly name = 'AuthRequiredError';
  readonly errorType = 'auth_required' as const;
  constructor(
    message = 'Your session with the booking system has expired. Please sign in again.',
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * 001 service_unavailable (503) for a capability that cannot serve right now. `publicMessage` is written by our
 * code for IQ (never derived from a cause) and is the only text that leaves the service.
 */
export class ServiceUnavailableError extends PlanServiceError {
  override readonly name = 'ServiceUnavailableError';
  constructor(
    readonly publicMessage: string,
    options?: { cause?: unknown },
  ) {
    super(publicMessage, options);
  }
}

/**
 * A queue message arrived before its plan reads `confirmed` (the confirm use case enqueues first, then writes
 * the status: docs/adr/0002). Thrown so SQS redelivers the message later: never lost, never acted on early.
 */
export class PlanNotReadyError extends PlanServiceError {
  override readonly name = 'PlanNotReadyError';
  readonly retryable = true;
  constructor(
    readonly planId: string,
    readonly status: string,
  ) {
    super(`plan ${planId} is ${status}, not confirmed yet; retry later`);
  }
}
