import { logTransition } from '../plans/ops-log.ts';
import type { StoredPlan } from '../plans/stored-plan.ts';
import type { PlanMessage } from '../ports/plan-queue.ts';
import type { ExecutorDeps } from './executor-deps.ts';
import { PlanNotReadyError } from './executor-errors.ts';

/** What to do with a message, decided from the plan as stored. */
export type Admission =
  | { kind: 'run'; plan: StoredPlan }
  /** Acknowledge without effect: unknown plan, terminal plan, or a plan waiting for the user's answer. */
  | { kind: 'ignore'; reason: string; plan?: StoredPlan };

/**
 * Admission of a queue message (issue 6 "Start"). confirmed → executing is one conditional write; losing that race
 * means another consumer took it, and the re-read decides. A plan that is already executing is continued (that
 * is how a redelivery after a crash completes it), unless it waits for an answer. A message that arrives before
 * its plan reads confirmed throws PlanNotReadyError so SQS retries it.
 */
export async function admit(deps: ExecutorDeps, msg: PlanMessage, attempt = 0): Promise<Admission> {
  const plan = await deps.planStore.get(msg.plan_id);
  if (!plan) return { kind: 'ignore', reason: 'plan not found' };
  switch (plan.status) {
    case 'pending_confirmation':
      throw new PlanNotReadyError(plan.plan_id, plan.status);
    case 'completed':
    case 'failed':
    case 'rolled_back':
      return { kind: 'ignore', reason: `plan already ${plan.status}`, plan };
    case 'executing':
      return plan.blocking_prompt !== undefined
        ? { kind: 'ignore', reason: 'plan is waiting for the user to answer', plan }
        : { kind: 'run', plan };
    case 'confirmed':
      try {
        const started = await deps.planStore.update(
          plan.plan_id,
          plan.version,
          { set: { status: 'executing' } },
          {
            expectStatus: ['confirmed'],
          },
        );
        logTransition(deps.logger, started, 'confirmed', 'executing', { message_kind: msg.kind });
        return { kind: 'run', plan: started };
      } catch (error) {
        if (error instanceof Error && error.name === 'StaleWriteError' && attempt === 0)
          return admit(deps, msg, 1);
        throw error;
      }
  }
}
