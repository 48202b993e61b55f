import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { ErrorType } from '../../../lib/contracts/enums.ts';
import {
  describeFailure,
  describeInDoubt,
  reversalReason,
  type StepLabel,
} from '../../../lib/executor/step/error-messages.ts';
import type { ActionOutcome } from '../../../lib/ports/booking-api.ts';

/** 000 Error Classification as the words the user reads in failure_reason, and the rollback report's reasons. */
type Failure = Extract<ActionOutcome, { ok: false }>;

const onBooking: StepLabel = { stepNumber: 2, actionName: 'Update guest count', booking: 'BK-1042' };
const newBooking: StepLabel = { stepNumber: 1, actionName: 'Create booking' };
const STEP = 'Step 2 (Update guest count on booking BK-1042)';

function failure(error_type: Failure['error_type'], extra: Partial<Failure> = {}): Failure {
  return { ok: false, status: undefined, error_type, message: 'the API said no', ...extra } as Failure;
}

describe('describeFailure', () => {
  it('a 400 names the field when the API gave one, else "a value"', () => {
    // Act / Assess
    expect(describeFailure(onBooking, failure('bad_request', { field: 'party_size' }), 30_000)).toBe(
      `${STEP} failed: the booking system did not accept the value of party_size (the API said no). You can ask again with a corrected value.`,
    );
    expect(describeFailure(newBooking, failure('bad_request'), 30_000)).toBe(
      'Step 1 (Create booking) failed: the booking system did not accept a value (the API said no). You can ask again with a corrected value.',
    );
  });

  it('a 403 is a missing permission on the booking; a 401 an expired session', () => {
    // Act / Assess
    expect(describeFailure(onBooking, failure('unauthorized', { status: 403 }), 30_000)).toBe(
      `${STEP} failed: your account is not allowed to change booking BK-1042. Sign in with an account for this venue, then ask again.`,
    );
    expect(describeFailure(newBooking, failure('unauthorized', { status: 403 }), 30_000)).toContain(
      'not allowed to change the booking.',
    );
    expect(describeFailure(onBooking, failure('unauthorized', { status: 401 }), 30_000)).toBe(
      `${STEP} failed: your session has expired. Sign in again, then ask again.`,
    );
  });

  it('a 404 without a booking names what the step referred to (issue 18)', () => {
    // Act / Assess
    expect(describeFailure(newBooking, failure('not_found', { field: 'product_id' }), 30_000)).toBe(
      'Step 1 (Create booking) failed: the booking system could not find the product_id given (the API said no). Check the details, then ask again.',
    );
    expect(describeFailure(newBooking, failure('not_found'), 30_000)).toBe(
      'Step 1 (Create booking) failed: the booking system could not find something this step refers to (the API said no). Check the details, then ask again.',
    );
  });

  it('a full slot lists the day’s times (start_time or startTime, with places left when known); never a concurrent change (issue 14)', () => {
    // Prepare
    const full = failure('conflict', {
      status: 409,
      alternatives: [
        { start_time: '10:00', remaining: 20 },
        { startTime: '11:00' },
        { remaining: 3 },
        { start_time: 9 },
      ],
    });
    // Act / Assess
    expect(describeFailure(onBooking, full, 30_000)).toBe(
      `${STEP} failed: there is not enough room in that slot; available times that day: 10:00 (20 left), 11:00. You can ask again for one of them or with fewer guests.`,
    );
    expect(
      describeFailure(
        onBooking,
        failure('conflict', { code: 'slot_full', slot_remaining: 0, alternatives: [] }),
        1,
      ),
    ).toBe(
      `${STEP} failed: there is not enough room in that slot (0 left); no other time that day has room. You can ask again for one of them or with fewer guests.`,
    );
  });

  it('any other 409 is someone else’s change, naming the booking to check', () => {
    // Act / Assess
    expect(describeFailure(onBooking, failure('conflict', { status: 409 }), 30_000)).toBe(
      `${STEP} failed: booking BK-1042 was changed by someone else in the meantime (the API said no). Check booking BK-1042, then ask again.`,
    );
    expect(
      describeFailure(newBooking, failure('conflict', { alternatives: [{ remaining: 1 }] }), 30_000),
    ).toBe(
      'Step 1 (Create booking) failed: the booking was changed by someone else in the meantime (the API said no). Check the booking, then ask again.',
    );
  });

  it('a 429 keeps Retry-After as information (60 s when the API gave none); a 5xx says nothing changed', () => {
    // Act / Assess
    expect(describeFailure(onBooking, failure('rate_limited', { retry_after_seconds: 33 }), 30_000)).toBe(
      `${STEP} failed: the booking system was busy; nothing was changed by this step. You can ask again in about 33 seconds.`,
    );
    expect(describeFailure(onBooking, failure('rate_limited'), 30_000)).toContain('in about 60 seconds.');
    expect(describeFailure(onBooking, failure('server_error', { status: 500 }), 30_000)).toBe(
      `${STEP} failed: the booking service is temporarily unavailable; nothing was changed by this step. You can ask again later.`,
    );
  });

  it('a timeout says how long it waited, in ms under a second and in whole seconds from one second', () => {
    // Act / Assess
    expect(describeFailure(onBooking, failure('timeout'), 30_000)).toBe(
      `${STEP} failed: the booking service did not answer within 30 s; nothing was changed by this step. You can ask again later.`,
    );
    expect(describeFailure(onBooking, failure('timeout'), 999)).toContain('within 999 ms;');
    expect(describeFailure(onBooking, failure('timeout'), 1000)).toContain('within 1 s;');
    expect(describeFailure(onBooking, failure('timeout'), 2500)).toContain('within 3 s;');
  });
});

describe('describeInDoubt (ADR 0007)', () => {
  it('says the change may or may not be made, why, and which values to look for on which booking', () => {
    // Act / Assess
    expect(describeInDoubt(onBooking, 'party size 14')).toBe(
      `${STEP} may or may not have been applied: the booking service did not answer and the booking could not be read back. Please check whether booking BK-1042 shows party size 14; if it does, the change was made.`,
    );
    expect(describeInDoubt(newBooking, undefined, 'in_flight')).toBe(
      'Step 1 (Create booking) may or may not have been applied: the booking service did not answer in time and the request may still arrive. Please check the booking; if it does, the change was made.',
    );
  });
});

describe('reversalReason', () => {
  const reasons: Record<ErrorType, string> = {
    bad_request: 'the booking system rejected the reversal',
    unauthorized: 'the session expired or lacks permission',
    not_found: 'the booking no longer exists',
    conflict: 'the booking was changed by someone else or the old slot is full',
    rate_limited: 'the booking system was rate limiting requests',
    server_error: 'the booking service was unavailable',
    timeout: 'the booking service did not answer',
  };

  test.prop([fc.constantFrom(...(Object.keys(reasons) as ErrorType[])), fc.string()])(
    'names the cause per error type, then the API’s message in brackets',
    (type, message) => {
      // Act / Assess
      expect(reversalReason(type, message)).toBe(`${reasons[type]} (${message})`);
    },
  );
});
