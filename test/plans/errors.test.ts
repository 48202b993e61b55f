import { describe, expect, it } from 'vitest';
import {
  AuthRequiredError,
  BookingAccessDeniedError,
  PlanAccessDeniedError,
  PlanNotReadyError,
  PlanServiceError,
} from '../../lib/plans/errors.ts';

// These texts reach IQ (4xx bodies) or SQS retries: they are part of the contract, so they are pinned here.
describe('plan service errors', () => {
  it('a refused token is "refused" by default and says the booking system refused it', () => {
    // Act
    const error = new BookingAccessDeniedError('plan-1');

    // Assess
    expect(error).toMatchObject({
      reason: 'refused',
      message: 'the booking system refused your access to the bookings of plan plan-1',
    });
  });

  it('a token of another venue says which venue to sign in to, and that nothing changed', () => {
    // Act
    const error = new BookingAccessDeniedError('plan-1', 'other_venue');

    // Assess
    expect(error.message).toBe(
      "plan plan-1 belongs to another venue than the one you are signed in to; sign in to the plan's venue to go on. Nothing was changed.",
    );
  });

  it('auth_required asks the user to sign in again by default', () => {
    // Act
    const error = new AuthRequiredError();

    // Assess
    expect(error).toMatchObject({
      errorType: 'auth_required',
      message: 'Your session with the booking system has expired. Please sign in again.',
    });
  });

  it('a message early for its plan is retryable and names the status it found', () => {
    // Act
    const error = new PlanNotReadyError('plan-1', 'pending_confirmation');

    // Assess
    expect(error).toMatchObject({
      retryable: true,
      message: 'plan plan-1 is pending_confirmation, not confirmed yet; retry later',
    });
  });

  it('name themselves and say what happened', () => {
    expect(new PlanServiceError('x').name).toBe('PlanServiceError');
    expect(new PlanAccessDeniedError('p-1').message).toBe(
      "plan p-1 belongs to another user: user_id does not match the plan's creator",
    );
  });
});
