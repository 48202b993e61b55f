import { AsyncLocalStorage } from 'node:async_hooks';
import { type Deadline, lambdaDeadline, NO_DEADLINE } from './deadline.ts';

/**
 * The deadline of the invocation in progress, carried with the async context (issue 28: one deadline budget per
 * invocation). Adapters are built once per cold start but each call must be budgeted from the invocation it runs
 * in, and the local stack runs several invocations at once in one process: so the deadline travels with the call
 * chain (AsyncLocalStorage), set by the handler's entry (lib/http/create-http-handler.ts, functions/execute-plan.ts)
 * and read by the booking API and model adapters.
 */
const scope = new AsyncLocalStorage<Deadline>();

/** Runs `fn` with `deadline` as the deadline of every budgeted call it makes, however deep. */
export function withDeadline<T>(deadline: Deadline, fn: () => Promise<T>): Promise<T> {
  return scope.run(deadline, fn);
}

/** The deadline of the invocation in progress; {@link NO_DEADLINE} outside one (scripts, most tests). */
export function currentDeadline(): Deadline {
  return scope.getStore() ?? NO_DEADLINE;
}

/**
 * The deadline of a Lambda invocation: its remaining time minus `marginMs`. A context without
 * getRemainingTimeInMillis (a test's stand-in) has no deadline.
 */
export function invocationDeadline(context: unknown, marginMs: number): Deadline {
  if (typeof context !== 'object' || context === null || !('getRemainingTimeInMillis' in context))
    return NO_DEADLINE;
  const { getRemainingTimeInMillis } = context;
  if (typeof getRemainingTimeInMillis !== 'function') return NO_DEADLINE;
  return lambdaDeadline(
    { getRemainingTimeInMillis: () => Number(getRemainingTimeInMillis.call(context)) },
    marginMs,
  );
}

/** The earlier of `outer` and `budgetMs` from now: a step's own budget inside the invocation's. */
export function cappedDeadline(outer: Deadline, budgetMs: number, now: () => number = Date.now): Deadline {
  const until = now() + budgetMs;
  return { remainingMs: () => Math.min(outer.remainingMs(), Math.max(0, until - now())) };
}

/**
 * A step ran out of its deadline budget before it could finish (issue 28): the request is answered 503
 * service_unavailable with Retry-After (lib/http/error-mapping.ts), and the step wrote nothing.
 */
export class DeadlineExceededError extends Error {
  override readonly name = 'DeadlineExceededError';

  constructor(
    /** What ran out of time, for the logs ("token check"). */
    readonly step: string,
    readonly budgetMs: number,
    options?: ErrorOptions,
  ) {
    super(`${step} did not finish within its ${budgetMs} ms budget`, options);
  }
}
