import { hasErrorName } from '../errors/has-error-name.ts';
import { closedReason } from './confirmability.ts';
import { enqueuePlanMessage } from './enqueue-plan-message.ts';
import { PlanConflictError } from './errors.ts';
import { loadOwnedPlan } from './load-owned-plan.ts';
import { MAX_WRITE_ATTEMPTS, type PlanUseCaseDeps } from './plan-use-case-deps.ts';
import type { StoredPlan } from './stored-plan.ts';
import { applyTransition } from './transition.ts';

/** Input of Submit Blocking Prompt Answer (000 Service Interface). */
export interface AnswerBlockingPromptInput {
  plan_id: string;
  user_id: string;
  user_message: string;
  token: string;
}

/**
 * 000 Submit Blocking Prompt Answer. Precondition: `executing` with blocking_prompt set. One conditional write
 * clears blocking_prompt and stores the answer as blocking_answer (version + 1); then a `resume` message tagged
 * with that new version (a fresh FIFO dedup id) wakes the executor, who consumes the answer and releases the
 * session's blocking slot.
 *
 * The write comes first so the executor can never receive the resume before the answer is readable (it
 * acknowledges a resume for a plan still showing its question). If the enqueue fails, the question is put back
 * (conditional on the version just written) and the call answers 503: iQ routes a message to /answer only while
 * blocking_prompt is set (000 routing note), so a plan left without its question would never resume. If even
 * that restore loses a race, the answer stays stored and the same answer again re-attempts the enqueue.
 */
export async function answerBlockingPrompt(
  deps: PlanUseCaseDeps,
  input: AnswerBlockingPromptInput,
): Promise<StoredPlan> {
  // Issue 27: the token's user first, before the plan is even read (403/401/503, nothing changed).
  await deps.checkIdentity?.(input.user_id, input.token);
  for (let attempt = 1; ; attempt += 1) {
    const plan = await loadOwnedPlan(deps, input.plan_id, input.user_id);
    if (isAnswerWaitingForExecutor(plan)) {
      if (plan.blocking_answer !== input.user_message)
        throw notAwaiting(plan, 'an earlier answer is being processed');
      await enqueuePlanMessage(deps, plan, 'resume', plan.version, input.token);
      return plan;
    }
    if (plan.status !== 'executing' || !plan.blocking_prompt) {
      const closed = closedReason(plan, deps.clock.now());
      throw notAwaiting(
        plan,
        closed ? `it was closed: ${closed.replaceAll('_', ' ')}` : 'no question pending',
      );
    }
    // Issue 14: a token the booking API refuses is a 401/403 here; the question stays.
    if (attempt === 1) await deps.checkToken?.(plan, input.token);
    let answered: StoredPlan;
    try {
      answered = await applyTransition(
        deps.plans,
        plan,
        { set: { blocking_answer: input.user_message }, remove: ['blocking_prompt'] },
        { expectStatus: ['executing'] },
      );
    } catch (error) {
      if (!hasErrorName(error, 'StaleWriteError')) throw error;
      if (attempt >= MAX_WRITE_ATTEMPTS) throw concurrentChange(plan, error);
      continue; // lost a race: re-read and decide again
    }
    deps.log.info(`plan ${plan.plan_id} blocking prompt answered; execution resuming`, {
      plan_id: plan.plan_id,
      session_id: plan.session_id,
      status: answered.status,
      version: answered.version,
    });
    try {
      await enqueuePlanMessage(deps, answered, 'resume', answered.version, input.token);
    } catch (error) {
      await restoreQuestion(deps, answered, plan.blocking_prompt);
      throw error;
    }
    return answered;
  }
}

/** Undoes the answer write after a failed enqueue, so the plan shows its question again. Best effort. */
async function restoreQuestion(deps: PlanUseCaseDeps, answered: StoredPlan, question: string): Promise<void> {
  try {
    await applyTransition(
      deps.plans,
      answered,
      { set: { blocking_prompt: question }, remove: ['blocking_answer'] },
      { expectStatus: ['executing'] },
    );
  } catch (error) {
    deps.log.warn(`plan ${answered.plan_id}: could not restore the question after a failed enqueue`, {
      plan_id: answered.plan_id,
      error_name: error instanceof Error ? error.name : 'unknown',
    });
  }
}

/** Answer stored, question cleared, executor not yet done with it. */
function isAnswerWaitingForExecutor(plan: StoredPlan): boolean {
  return plan.status === 'executing' && !plan.blocking_prompt && plan.blocking_answer !== undefined;
}

function notAwaiting(plan: StoredPlan, why: string): PlanConflictError {
  return new PlanConflictError(
    plan.plan_id,
    'not_awaiting_answer',
    `plan ${plan.plan_id} is not awaiting an answer (status ${plan.status}; ${why})`,
  );
}

function concurrentChange(plan: StoredPlan, cause: unknown): PlanConflictError {
  return new PlanConflictError(
    plan.plan_id,
    'concurrent_change',
    `plan ${plan.plan_id} changed concurrently; try again`,
    {
      cause,
    },
  );
}
