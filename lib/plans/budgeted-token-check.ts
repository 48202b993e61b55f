import {
  cappedDeadline,
  currentDeadline,
  DeadlineExceededError,
  withDeadline,
} from '../ports/deadline-scope.ts';
import type { TokenCheck } from './token-check.ts';
import type { IdentityCheck } from './user-binding.ts';

/**
 * Runs one read-only check under its own short budget (issue 28; TOKEN_CHECK_BUDGET_MS, 3 s by default), inside
 * the invocation's deadline. The check's booking API read is budgeted from it (its timeout is what is left), and
 * the check is also raced against the budget, in case something in it is not budgeted. A check that used its whole
 * budget proved nothing: it becomes DeadlineExceededError (503 with Retry-After) before anything is written or
 * enqueued, instead of letting the call through unchecked. The checks only read, so abandoning one leaves nothing
 * half-written.
 */
async function withinBudget(step: string, budgetMs: number, check: () => Promise<void>): Promise<void> {
  const deadline = cappedDeadline(currentDeadline(), budgetMs);
  const exceeded = () => new DeadlineExceededError(step, budgetMs);
  const checking = withDeadline(deadline, check);
  // Its outcome no longer matters once the budget won the race.
  checking.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(exceeded()), deadline.remainingMs());
  });
  try {
    await Promise.race([checking, expired]);
  } catch (error) {
    // A check that failed because its read ran out of budget (the booking API call timed out) is the budget's
    // failure: one error and one message for the condition, whichever check it was.
    if (deadline.remainingMs() === 0 && !(error instanceof DeadlineExceededError))
      throw new DeadlineExceededError(step, budgetMs, { cause: error });
    throw error;
  } finally {
    clearTimeout(timer);
  }
  if (deadline.remainingMs() === 0) throw exceeded();
}

/** The token/venue check of confirm, answer and status under its own budget (see withinBudget). */
export function budgetedTokenCheck(check: TokenCheck, budgetMs: number): TokenCheck {
  return async function checkTokenWithinBudget(plan, token) {
    await withinBudget('token check', budgetMs, () => check(plan, token));
  };
}

/** The token-user check of every operation (issue 27, ADR 0017) under the same budget (see withinBudget). */
export function budgetedIdentityCheck(check: IdentityCheck, budgetMs: number): IdentityCheck {
  return async function checkIdentityWithinBudget(userId, token) {
    await withinBudget('identity check', budgetMs, () => check(userId, token));
  };
}
