import { hasErrorName } from '../errors/has-error-name.ts';
import type { Clock } from '../ports/clock.ts';
import type { PlanMessage } from '../ports/plan-queue.ts';
import type { PlanStore } from '../ports/plan-store.ts';
import { PlanNotReadyError } from './errors.ts';
import { correlate, logTransition, type OpsLog } from './ops-log.ts';
import type { StoredPlan } from './stored-plan.ts';
import { applyTransition } from './transition.ts';

/** What to do with a queue message, decided from the plan as stored. */
export type Admission =
  | { kind: 'run'; plan: StoredPlan }
  /** Acknowledge without effect: unknown plan, terminal plan, or a plan waiting for the user's answer. */
  | { kind: 'ignore'; reason: string; plan?: StoredPlan };

/** What admitToExecution needs. */
export interface AdmissionDeps {
  plans: PlanStore;
  clock: Clock;
  log: OpsLog;
  /** Waits between re-reads of a plan not yet confirmed. Default: a timer. */
  wait?: (ms: number) => Promise<void>;
}

/**
 * Confirm enqueues before it writes `confirmed` (seed 000: confirmed only after a successful enqueue), so the
 * consumer can read the plan a few milliseconds too early. Re-reading briefly avoids handing the message back to
 * SQS, whose visibility timeout (6× the function timeout) would delay the start by many minutes.
 */
const NOT_YET_CONFIRMED_BACKOFF_MS = [20, 40, 80, 160, 320] as const;

function timer(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Why a pending plan can never be confirmed, if so (same rule as confirmability.ts: expired at expires_at, epoch
 * seconds). Its message is acknowledged: handing it back to SQS would only retry it until the queue gives up.
 */
function neverConfirmable(now: Date, plan: StoredPlan): string | undefined {
  if (plan.invalidated_reason !== undefined) return `plan was invalidated (${plan.invalidated_reason})`;
  // Stryker disable next-line ConditionalExpression: `n >= undefined` is false, so dropping the guard changes nothing (it is there for the type checker)
  const expired = plan.expires_at !== undefined && now.getTime() / 1000 >= plan.expires_at;
  return expired ? 'plan expired before it was confirmed' : undefined;
}

/**
 * Use case "admit to execution" (issue 6 "Start"). confirmed → executing is one conditional write; losing that
 * race means another consumer took it, and one re-read decides. A plan that is already executing is continued
 * (that is how a redelivery after a crash completes it), unless it waits for an answer. A message that arrives
 * before its plan reads confirmed throws PlanNotReadyError so SQS retries it, unless the pending plan was
 * invalidated or has expired: it will never be confirmed, so the message is acknowledged.
 */
export async function admitToExecution(
  deps: AdmissionDeps,
  msg: PlanMessage,
  attempt = 0,
  raced = false,
): Promise<Admission> {
  const plan = await deps.plans.get(msg.plan_id);
  if (!plan) return { kind: 'ignore', reason: 'plan not found' };
  correlate(deps.log, plan);
  switch (plan.status) {
    case 'pending_confirmation': {
      const never = neverConfirmable(deps.clock.now(), plan);
      if (never) return { kind: 'ignore', reason: never, plan };
      const delay = NOT_YET_CONFIRMED_BACKOFF_MS[attempt];
      if (msg.kind !== 'start' || delay === undefined) throw new PlanNotReadyError(plan.plan_id, plan.status);
      await (deps.wait ?? timer)(delay);
      return admitToExecution(deps, msg, attempt + 1, raced);
    }
    case 'completed':
    case 'failed':
    case 'rolled_back':
    case 'cancelled':
      return { kind: 'ignore', reason: `plan already ${plan.status}`, plan };
    case 'executing':
      return plan.blocking_prompt !== undefined
        ? { kind: 'ignore', reason: 'plan is waiting for the user to answer', plan }
        : { kind: 'run', plan };
    case 'confirmed':
      try {
        const started = await applyTransition(
          deps.plans,
          plan,
          { status: 'executing' },
          { expectStatus: ['confirmed'] },
        );
        logTransition(deps.log, started, 'confirmed', 'executing', { message_kind: msg.kind });
        return { kind: 'run', plan: started };
      } catch (error) {
        // Lost the race to another consumer: one re-read decides (it is executing now, or finished).
        if (hasErrorName(error, 'StaleWriteError') && !raced)
          return admitToExecution(deps, msg, attempt, true);
        throw error;
      }
  }
}
