import type { PlanStore } from '../ports/plan-store.ts';
import type { StoredPlan } from './stored-plan.ts';
import { applyTransition } from './transition.ts';

/**
 * Use case "block" (000 Execute Plan 4): the executor needs data within the confirmed intent. The plan stays
 * executing and shows `blocking_prompt` (IQ routes the user's next message to POST /answer while it is set).
 * Idempotent: a plan already showing this question is returned as it is.
 */
export async function raiseBlockingPrompt(
  store: PlanStore,
  plan: StoredPlan,
  question: string,
): Promise<StoredPlan> {
  if (plan.blocking_prompt === question) return plan;
  return applyTransition(
    store,
    plan,
    { set: { blocking_prompt: question } },
    { expectStatus: ['executing'] },
  );
}

/**
 * The executor took the stored answer into its checkpoint: it is removed from the plan so it is consumed exactly
 * once (the answer itself arrives through answerBlockingPrompt).
 */
export function consumeBlockingAnswer(store: PlanStore, plan: StoredPlan): Promise<StoredPlan> {
  return applyTransition(store, plan, { remove: ['blocking_answer'] }, { expectStatus: ['executing'] });
}

/**
 * The stored answer did not answer the question (issue 14: a bad answer re-asks instead of being used). One write
 * drops the answer and shows the question again, prefixed with what was wrong, so the user can answer again.
 */
export function reAskBlockingPrompt(
  store: PlanStore,
  plan: StoredPlan,
  question: string,
): Promise<StoredPlan> {
  return applyTransition(
    store,
    plan,
    { set: { blocking_prompt: question }, remove: ['blocking_answer'] },
    { expectStatus: ['executing'] },
  );
}
