import type { ClosedReason } from '../contracts/enums.ts';
import { PlanConflictError } from './errors.ts';
import type { StoredPlan } from './stored-plan.ts';

const INVALIDATED_MESSAGE = {
  superseded: 'was superseded by a newer plan in this session; confirm the newer plan instead',
  cancelled_by_user: 'was cancelled; start a new request',
  expired: 'has expired; start a new request',
} as const;

/**
 * Why a plan is closed without executing, if it is (ADR 0008): its recorded reason, or `expired` for a pending
 * plan past its TTL, applied lazily on read because DynamoDB deletes expired items only eventually.
 */
export function closedReason(plan: StoredPlan, now: Date): ClosedReason | undefined {
  const recorded = plan.closed_reason ?? plan.invalidated_reason;
  if (recorded) return recorded;
  if (plan.status !== 'pending_confirmation' && plan.status !== 'cancelled') return undefined;
  // Stryker disable next-line ConditionalExpression: `n >= undefined` is false, so dropping the guard changes nothing (it is there for the type checker)
  const expired = plan.expires_at !== undefined && now.getTime() / 1000 >= plan.expires_at;
  return expired ? 'expired' : undefined;
}

/**
 * The plan as it stands now: a pending plan that is closed (invalidated before ADR 0008, or expired) reads as
 * `cancelled` with its `closed_reason` and `completed_at`, so GET never shows a dead plan as pending.
 */
export function closedView(plan: StoredPlan, now: Date): StoredPlan {
  if (plan.status !== 'pending_confirmation') return plan;
  const reason = closedReason(plan, now);
  if (!reason) return plan;
  const at =
    plan.invalidated_at ??
    (plan.expires_at !== undefined ? new Date(plan.expires_at * 1000).toISOString() : now.toISOString());
  return { ...plan, status: 'cancelled', closed_reason: reason, completed_at: plan.completed_at ?? at };
}

/**
 * What confirming this plan means now (000 Confirm Plan):
 * - 'already_confirmed': idempotent, return the current state;
 * - 'pending': enqueue, then transition;
 * - otherwise a PlanConflictError (409) saying why: started, finished, or no longer confirmable.
 * A pending plan past its TTL counts as expired even before DynamoDB deletes it (TTL deletion lags).
 */
export function confirmability(plan: StoredPlan, now: Date): 'already_confirmed' | 'pending' {
  const id = plan.plan_id;
  switch (plan.status) {
    case 'confirmed':
      return 'already_confirmed';
    case 'executing':
      throw new PlanConflictError(id, 'already_started', `plan ${id} is already executing`);
    case 'completed':
    case 'failed':
    case 'rolled_back':
      throw new PlanConflictError(id, 'finished', `plan ${id} has already finished (status ${plan.status})`);
    case 'cancelled':
    case 'pending_confirmation': {
      const reason = closedReason(plan, now);
      if (reason) throw new PlanConflictError(id, 'invalidated', `plan ${id} ${INVALIDATED_MESSAGE[reason]}`);
      return 'pending';
    }
  }
}
