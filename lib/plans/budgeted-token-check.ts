import {
  cappedDeadline,
  currentDeadline,
  DeadlineExceededError,
  withDeadline,
} from '../ports/deadline-scope.ts';
import type { TokenCheck } from './token-check.ts';

/**
 * The token/venue check of confirm and answer under its own short budget (issue 28; TOKEN_CHECK_BUDGET_MS, 3 s by
 * default), inside the invocation's deadline. The check's booking API read is budgeted from it (its timeout is
 * what is left), and the check is also raced against the budget, in case something in it is not budgeted. A check
 * that used its whole budget proved nothing: it becomes DeadlineExceededError (503 with Retry-After) before confirm
 * or answer writes or enqueues anything, instead of letting the plan through unchecked. The check only reads, so
 * abandoning one leaves nothing half-written.
 */
export function budgetedTokenCheck(check: TokenCheck, budgetMs: number): TokenCheck {
  return async function checkTokenWithinBudget(plan, token) {
    const deadline = cappedDeadline(currentDeadline(), budgetMs);
    const exceeded = () => new DeadlineExceededError('token check', budgetMs);
    const checking = withDeadline(deadline, () => check(plan, token));
    // Its outcome no longer matters once the budget won the race.
    checking.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(exceeded()), deadline.remainingMs());
    });
    try {
      await Promise.race([checking, expired]);
    } finally {
      clearTimeout(timer);
    }
    if (deadline.remainingMs() === 0) throw exceeded();
  };
}
