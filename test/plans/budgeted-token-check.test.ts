import { describe, expect, it } from 'vitest';
import { bookingApiUserDirectory } from '../../lib/adapters/booking-api/booking-api-user-directory.ts';
import { HttpBookingApi } from '../../lib/adapters/booking-api/http-booking-api.ts';
import { budgetedIdentityCheck, budgetedTokenCheck } from '../../lib/plans/budgeted-token-check.ts';
import { AuthRequiredError } from '../../lib/plans/errors.ts';
import { planTokenCheck } from '../../lib/plans/token-check.ts';
import { tokenUserCheck } from '../../lib/plans/user-binding.ts';
import { fixedClock } from '../../lib/ports/clock.ts';
import { DeadlineExceededError, withDeadline } from '../../lib/ports/deadline-scope.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import { actions } from '../booking-api/actions.ts';
import { aStoredPlan } from '../store/plan-factory.ts';

/** A booking API whose every call hangs until aborted, or answers `status` at once. */
function apiOver(answer: 'hang' | number) {
  const fetch: typeof globalThis.fetch = (_input, init) =>
    answer === 'hang'
      ? new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        )
      : Promise.resolve(new Response(JSON.stringify({ message: 'x' }), { status: answer }));
  return new HttpBookingApi({ baseUrl: 'http://booking.example', timeoutMs: 30_000, fetch });
}

/** The token check over {@link apiOver}. */
function checkOver(answer: 'hang' | number) {
  return planTokenCheck({ api: apiOver(answer), getBooking: actions.getBooking });
}

const plan = aStoredPlan();

describe('budgetedTokenCheck (issue 28)', () => {
  it('turns a check that used its whole budget into DeadlineExceededError, after the budget and not 30 s', async () => {
    // Prepare
    const check = budgetedTokenCheck(checkOver('hang'), 200);
    const started = Date.now();

    // Act
    const result = check(plan, 'tok');

    // Assess
    await expect(result).rejects.toBeInstanceOf(DeadlineExceededError);
    await expect(result).rejects.toMatchObject({ step: 'token check', budgetMs: 200 });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('is bounded by the invocation deadline when that is shorter than its budget', async () => {
    // Prepare
    const check = budgetedTokenCheck(checkOver('hang'), 60_000);
    const started = Date.now();

    // Act
    const result = withDeadline({ remainingMs: () => Math.max(0, started + 150 - Date.now()) }, () =>
      check(plan, 'tok'),
    );

    // Assess
    await expect(result).rejects.toBeInstanceOf(DeadlineExceededError);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("passes the check's own answers through: ok resolves, 401 stays AuthRequiredError", async () => {
    await expect(budgetedTokenCheck(checkOver(200), 3_000)(plan, 'tok')).resolves.toBeUndefined();
    await expect(budgetedTokenCheck(checkOver(401), 3_000)(plan, 'tok')).rejects.toBeInstanceOf(
      AuthRequiredError,
    );
  });
});

describe('budgetedIdentityCheck (issues 27 and 28)', () => {
  const identity = loadCompiledRegistry().serviceAction('identity');
  const identityCheckOver = (answer: 'hang' | number) =>
    tokenUserCheck(
      bookingApiUserDirectory(apiOver(answer), identity!, { clock: fixedClock('2026-11-27T12:00:00Z') }),
    );

  it('turns an identity read cut off by its budget into DeadlineExceededError naming the identity check', async () => {
    // Prepare: the read's own timeout is the budget, so it fails (503) just as the budget ends
    const check = budgetedIdentityCheck(identityCheckOver('hang'), 200);
    const started = Date.now();

    // Act
    const result = check('user-a', 'tok');

    // Assess
    await expect(result).rejects.toMatchObject({
      name: 'DeadlineExceededError',
      step: 'identity check',
      budgetMs: 200,
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("passes the check's own answers through: 401 stays AuthRequiredError", async () => {
    await expect(
      budgetedIdentityCheck(identityCheckOver(401), 3_000)('user-a', 'tok'),
    ).rejects.toBeInstanceOf(AuthRequiredError);
  });
});
