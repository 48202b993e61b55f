import { PlanConflictError } from './errors.ts';
import type { StoredPlan } from './stored-plan.ts';

const INVALIDATED_MESSAGE = {
  superseded: 'was superseded by a newer plan in this session; confirm the newer plan instead',
  cancelled_by_user: 'was cancelled; start a new request',
  expired: 'has expired; start a new request',
} as const;

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
    case 'pending_confirmation': {
      const expired = plan.expires_at !== undefined && now.getTime() / 1000 >= plan.expires_at;
      const reason = plan.invalidated_reason ?? (expired ? 'expired' : undefined);
      if (reason) throw new PlanConflictError(id, 'invalidated', `plan ${id} ${INVALIDATED_MESSAGE[reason]}`);
      return 'pending';
    }
  }
}
