import type { ServiceErrorType } from '../contracts/enums.ts';
import type { ServiceError } from '../contracts/service-error.ts';
import { ForbiddenBodyKeyError, middyForbiddenKey } from './forbidden-body-keys.ts';

/** One row of the table: the HTTP status and ServiceError an error becomes. */
interface ErrorRow {
  status: number;
  errorType: ServiceErrorType;
  /** For status < 500 the error's own message (written for IQ); for 5xx a fixed text, never the error's. */
  message: (error: Error) => string;
}

const own = (error: Error) => error.message;
const UNAVAILABLE = 'The service is temporarily unavailable. Please try again shortly.';

/**
 * THE mapping of domain errors to HTTP status + ServiceError (STYLE 3: one table), keyed by the errors' stable
 * `name`. 001's ServiceErrorType has only invalid_input / service_unavailable / auth_required, so 403, 404
 * and 409 use invalid_input with a specific message (documented in openapi/service.yaml).
 */
const TABLE: Readonly<Record<string, ErrorRow>> = {
  InvalidInputError: { status: 400, errorType: 'invalid_input', message: own },
  ForbiddenBodyKeyError: { status: 400, errorType: 'invalid_input', message: own },
  DuplicateBodyKeyError: { status: 400, errorType: 'invalid_input', message: own },
  MethodNotAllowedError: { status: 405, errorType: 'invalid_input', message: own },
  PayloadTooLargeError: { status: 413, errorType: 'invalid_input', message: own },
  AuthRequiredError: { status: 401, errorType: 'auth_required', message: own },
  PlanAccessDeniedError: { status: 403, errorType: 'invalid_input', message: own },
  BookingAccessDeniedError: { status: 403, errorType: 'invalid_input', message: own },
  TokenUserMismatchError: { status: 403, errorType: 'invalid_input', message: own },
  PlanNotFoundError: { status: 404, errorType: 'invalid_input', message: own },
  PlanConflictError: { status: 409, errorType: 'invalid_input', message: own },
  StaleWriteError: {
    status: 409,
    errorType: 'invalid_input',
    message: () => 'The plan changed concurrently; try again.',
  },
  StaleSessionError: {
    status: 409,
    errorType: 'invalid_input',
    message: () => 'The session changed concurrently; try again.',
  },
  PlanEnqueueError: {
    status: 503,
    errorType: 'service_unavailable',
    message: (e) =>
      'kind' in e && e.kind === 'resume'
        ? 'Your answer was saved but execution could not be resumed yet. Please send the same answer again shortly.'
        : 'The plan could not be queued for execution and is still awaiting confirmation. Please confirm again shortly.',
  },
  QueueUnavailableError: { status: 503, errorType: 'service_unavailable', message: () => UNAVAILABLE },
  ServiceUnavailableError: {
    status: 503,
    errorType: 'service_unavailable',
    // publicMessage is written by our code for IQ, never copied from a cause.
    message: (e) =>
      'publicMessage' in e && typeof e.publicMessage === 'string' ? e.publicMessage : UNAVAILABLE,
  },
  PlanStoreError: { status: 503, errorType: 'service_unavailable', message: () => UNAVAILABLE },
  // The planner's family (lib/planner/errors.ts): messages are fixed texts written for IQ by that module,
  // never copied from a cause, so even the 503s may show them.
  PlannerError: { status: 503, errorType: 'service_unavailable', message: () => UNAVAILABLE },
  PlannerUnavailableError: { status: 503, errorType: 'service_unavailable', message: own },
  BookingLookupUnavailableError: { status: 503, errorType: 'service_unavailable', message: own },
  // One request at a time per session (issue 13): a busy session is a 409 with a clear message, never a 503.
  ConcurrentSessionUpdateError: { status: 409, errorType: 'invalid_input', message: own },
  SessionBusyError: { status: 409, errorType: 'invalid_input', message: own },
  InvalidPlanningRequestError: { status: 400, errorType: 'invalid_input', message: own },
  SessionStoreUnavailableError: { status: 503, errorType: 'service_unavailable', message: () => UNAVAILABLE },
  // Issue 28 deadlines: a step ran out of its budget before writing anything (lib/ports/deadline-scope.ts) ...
  DeadlineExceededError: {
    status: 503,
    errorType: 'service_unavailable',
    message: () =>
      'The request could not be completed in time. Nothing was changed; please try again shortly.',
  },
  // ... or Middy's early-timeout backstop fired just before the Lambda's own timeout (create-http-handler.ts).
  TimeoutError: { status: 503, errorType: 'service_unavailable', message: () => UNAVAILABLE },
};

/**
 * Retry-After of a 503 when the error carries none of its own (the booking API's, on a busy lookup): long enough
 * for a hanging dependency or a cold start to pass, short enough for a chat user (RFC 9110 §10.2.3).
 */
export const DEFAULT_RETRY_AFTER_SECONDS = 5;

/** Errors raised by Middy's JSON body parser (they carry an HTTP statusCode, not one of our names). */
const BODY_PARSER_ERRORS: Readonly<Record<number, string>> = {
  413: 'request body is too large',
  415: 'request body must be JSON (Content-Type: application/json)',
  422: 'request body must be valid JSON',
};

const FALLBACK: ErrorRow = {
  status: 500,
  errorType: 'service_unavailable',
  message: () => 'The service could not process the request. Please try again later.',
};

/** What an error becomes: status, ServiceError body, for a 503 the Retry-After seconds, for a 405 the Allow value. */
export interface MappedError {
  status: number;
  body: ServiceError;
  /** Set exactly when status is 503 (openapi/service.yaml: every 503 carries Retry-After). */
  retryAfterSeconds?: number;
  /** Set when status is 405: the Allow header (RFC 9110 §15.5.6), the route's own method. */
  allow?: string;
}

/** The response an error becomes. Unknown errors are a generic 500: internals never leak. */
export function mapErrorToResponse(error: unknown): MappedError {
  const err = error instanceof Error ? error : new Error(String(error));
  const forbidden = middyForbiddenKey(err);
  if (forbidden)
    return {
      status: 400,
      body: { error_type: 'invalid_input', message: new ForbiddenBodyKeyError(forbidden).message },
    };
  const parserMessage =
    'statusCode' in err && typeof err.statusCode === 'number'
      ? BODY_PARSER_ERRORS[err.statusCode]
      : undefined;
  if (parserMessage) return { status: 400, body: { error_type: 'invalid_input', message: parserMessage } };
  const row = TABLE[err.name] ?? FALLBACK;
  const message = row.message(err).slice(0, 500) || FALLBACK.message(err);
  const body: ServiceError = { error_type: row.errorType, message };
  if (row.status === 405 && 'allow' in err && typeof err.allow === 'string')
    return { status: 405, body, allow: err.allow };
  if (row.status !== 503) return { status: row.status, body };
  return { status: 503, body, retryAfterSeconds: ownRetryAfter(err) ?? DEFAULT_RETRY_AFTER_SECONDS };
}

/** A Retry-After the error itself knows (BookingLookupUnavailableError passes on the booking API's). */
function ownRetryAfter(error: Error): number | undefined {
  return 'retryAfterSeconds' in error &&
    typeof error.retryAfterSeconds === 'number' &&
    Number.isInteger(error.retryAfterSeconds) &&
    error.retryAfterSeconds > 0
    ? error.retryAfterSeconds
    : undefined;
}
