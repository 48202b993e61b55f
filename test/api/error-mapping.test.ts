import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_AFTER_SECONDS, mapErrorToResponse } from '../../lib/http/error-mapping.ts';
import { BookingLookupUnavailableError } from '../../lib/planner/errors.ts';
import {
  AuthRequiredError,
  InvalidInputError,
  PlanAccessDeniedError,
  PlanConflictError,
  PlanEnqueueError,
  PlanNotFoundError,
  ServiceUnavailableError,
} from '../../lib/plans/errors.ts';
import { DeadlineExceededError } from '../../lib/ports/deadline-scope.ts';
import { QueueUnavailableError } from '../../lib/ports/plan-queue.ts';
import { PlanStoreError, StaleWriteError } from '../../lib/ports/plan-store.ts';

const ID = '3b0f6a52-4c1e-4d7a-9f0e-2a1b3c4d5e6f';

describe('mapErrorToResponse', () => {
  it.each([
    [new InvalidInputError('user_id', 'user_id is required'), 400, 'invalid_input', 'user_id is required'],
    [
      new AuthRequiredError('the X-User-Token header is required'),
      401,
      'auth_required',
      'the X-User-Token header is required',
    ],
    [
      new PlanAccessDeniedError(ID),
      403,
      'invalid_input',
      `plan ${ID} belongs to another user: user_id does not match the plan's creator`,
    ],
    [new PlanNotFoundError(ID), 404, 'invalid_input', `plan ${ID} not found`],
    [
      new PlanConflictError(ID, 'finished', `plan ${ID} has already finished`),
      409,
      'invalid_input',
      `plan ${ID} has already finished`,
    ],
    [new StaleWriteError(ID, 3), 409, 'invalid_input', 'The plan changed concurrently; try again.'],
  ])('maps %s to %i %s with its own message', (error, status, errorType, message) => {
    expect(mapErrorToResponse(error)).toEqual({ status, body: { error_type: errorType, message } });
  });

  it.each([
    [
      new PlanEnqueueError(ID, 'start', { cause: new Error('sqs: AccessDenied arn:aws:…') }),
      /still awaiting confirmation/,
    ],
    [new PlanEnqueueError(ID, 'resume', { cause: new Error('x') }), /answer was saved/],
    [new QueueUnavailableError('endpoint http://10.0.0.3 refused'), /temporarily unavailable/],
    [new PlanStoreError('ProvisionedThroughputExceeded on table prod-plans'), /temporarily unavailable/],
    [new ServiceUnavailableError('Planning is not available yet.'), /^Planning is not available yet\.$/],
  ])('maps %s to 503 service_unavailable with a fixed text, never the error message', (error, text) => {
    const { status, body } = mapErrorToResponse(error);

    expect(status).toBe(503);
    expect(body.error_type).toBe('service_unavailable');
    expect(body.message).toMatch(text);
    expect(body.message).not.toMatch(/arn:|10\.0\.0\.3|prod-plans/);
  });

  it.each([
    ['PlannerUnavailableError', 503, 'service_unavailable'],
    ['BookingLookupUnavailableError', 503, 'service_unavailable'],
    ['ConcurrentSessionUpdateError', 409, 'invalid_input'],
    ['SessionBusyError', 409, 'invalid_input'],
    ['InvalidPlanningRequestError', 400, 'invalid_input'],
  ])("maps the planner's %s to %i %s with the planner's public text", (name, status, errorType) => {
    const error = Object.assign(new Error('Nothing was changed; please try again.'), { name });

    expect(mapErrorToResponse(error)).toEqual({
      status,
      body: { error_type: errorType, message: 'Nothing was changed; please try again.' },
      ...(status === 503 ? { retryAfterSeconds: DEFAULT_RETRY_AFTER_SECONDS } : {}),
    });
  });

  describe('issue 28 deadlines and Retry-After', () => {
    it('maps a spent deadline budget to 503 service_unavailable saying nothing was changed, retry after 5 s', () => {
      // Act
      const mapped = mapErrorToResponse(new DeadlineExceededError('token check', 3_000));

      // Assess
      expect(mapped).toEqual({
        status: 503,
        body: {
          error_type: 'service_unavailable',
          message:
            'The request could not be completed in time. Nothing was changed; please try again shortly.',
        },
        retryAfterSeconds: 5,
      });
    });

    it("maps Middy's early-timeout TimeoutError to 503, not the generic 500", () => {
      // Prepare: what @middy/core's timeoutEarlyResponse throws.
      const error = Object.assign(new Error('[AbortError]: The operation was aborted.'), {
        name: 'TimeoutError',
      });

      // Act
      const { status, body, retryAfterSeconds } = mapErrorToResponse(error);

      // Assess
      expect(status).toBe(503);
      expect(body.error_type).toBe('service_unavailable');
      expect(body.message).not.toMatch(/Abort/);
      expect(retryAfterSeconds).toBe(5);
    });

    it("passes on a busy booking API's own Retry-After, and gives none to a 4xx or 500", () => {
      // Prepare
      const busy = new BookingLookupUnavailableError('searchBookings', 12);

      // Act / Assess
      expect(mapErrorToResponse(busy).retryAfterSeconds).toBe(12);
      expect(mapErrorToResponse(new PlanNotFoundError(ID)).retryAfterSeconds).toBeUndefined();
      expect(mapErrorToResponse(new TypeError('x')).retryAfterSeconds).toBeUndefined();
    });
  });

  it('turns an unknown error into a generic 500 that leaks nothing', () => {
    const { status, body } = mapErrorToResponse(
      new TypeError("Cannot read properties of undefined (reading 'x')"),
    );

    expect(status).toBe(500);
    expect(body).toEqual({
      error_type: 'service_unavailable',
      message: 'The service could not process the request. Please try again later.',
    });
  });

  it('turns the JSON body parser errors (415, 422) into 400 invalid_input', () => {
    const unsupported = Object.assign(new Error('Unsupported Media Type'), { statusCode: 415 });
    const malformed = Object.assign(new Error('Invalid or malformed JSON was provided'), { statusCode: 422 });

    expect(mapErrorToResponse(unsupported).status).toBe(400);
    expect(mapErrorToResponse(malformed).body).toEqual({
      error_type: 'invalid_input',
      message: 'request body must be valid JSON',
    });
  });

  it('caps a message at 500 characters (001 Service Error)', () => {
    const { body } = mapErrorToResponse(new InvalidInputError('x', 'y'.repeat(900)));

    expect(body.message).toHaveLength(500);
  });
});
