import type { ServiceErrorType } from '../contracts/enums.ts';

/**
 * Error family of the planner (STYLE 3). Each error carries the 001 ServiceErrorType the IQ boundary reports
 * and a message that is safe to show (no token, no prompt, no guest PII); the API maps it to a ServiceError.
 */
export class PlannerError extends Error {
  override readonly name: string = 'PlannerError';
  readonly errorType: ServiceErrorType;

  constructor(message: string, errorType: ServiceErrorType, options?: ErrorOptions) {
    super(message, options);
    this.errorType = errorType;
  }
}

/**
 * 000 "LLM Planner → Action Registry": registry or model unavailable → "service unavailable" (503). A model that
 * answers but never validly is not unavailable: that is a rephrase request (ADR 0014), never this error.
 */
export class PlannerUnavailableError extends PlannerError {
  override readonly name: string = 'PlannerUnavailableError';

  constructor(
    message = 'The booking assistant is temporarily unavailable. Please try again shortly.',
    options?: ErrorOptions,
  ) {
    super(message, 'service_unavailable', options);
  }
}

/** The booking API failed during a planning lookup (429, 5xx, timeout): nothing was changed. */
export class BookingLookupUnavailableError extends PlannerUnavailableError {
  override readonly name = 'BookingLookupUnavailableError';

  constructor(
    readonly actionId: string,
    readonly retryAfterSeconds: number | undefined,
    options?: ErrorOptions,
  ) {
    super(
      retryAfterSeconds === undefined
        ? 'The booking system is not responding right now. Nothing was changed; please try again shortly.'
        : `The booking system is busy. Nothing was changed; please retry in ${retryAfterSeconds} seconds.`,
      options,
    );
  }
}

/** A concurrent request changed this session first (optimistic concurrency on the session item). */
export class ConcurrentSessionUpdateError extends PlannerUnavailableError {
  override readonly name = 'ConcurrentSessionUpdateError';

  constructor(
    readonly sessionId: string,
    options?: ErrorOptions,
  ) {
    super('Another message of this conversation is being handled. Please send yours again.', options);
  }
}

/** The request itself cannot be handled (empty message, a session that belongs to another user). */
export class InvalidPlanningRequestError extends PlannerError {
  override readonly name = 'InvalidPlanningRequestError';

  constructor(message: string, options?: ErrorOptions) {
    super(message, 'invalid_input', options);
  }
}
