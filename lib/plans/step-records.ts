import type { ErrorType } from '../contracts/enums.ts';
import type { PlanStore } from '../ports/plan-store.ts';
import type { StoredPlan, StoredStep } from './stored-plan.ts';
import { applyTransition, onStep } from './transition.ts';

/**
 * Use cases "record step intent / result" (docs/executor.md §3, write-ahead): the executor's step log lives in the
 * plan item, and each record is one checked transition of one step, conditional on the plan's version and on
 * status executing. Each returns the plan as stored after the write.
 */
const EXECUTING = { expectStatus: ['executing'] } as const;

/** One step's record: a checked move of that step only. */
function recordStep(
  store: PlanStore,
  plan: StoredPlan,
  stepNumber: number,
  change: (step: StoredStep) => StoredStep,
): Promise<StoredPlan> {
  return applyTransition(store, plan, { steps: onStep(stepNumber, change) }, EXECUTING);
}

/** Write-ahead 1, before the call: the arguments that will be sent, the pre-image, and the attempt number. */
export function recordStepIntent(
  store: PlanStore,
  plan: StoredPlan,
  stepNumber: number,
  intent: { resolved_parameters: Record<string, unknown>; before?: Record<string, unknown> },
): Promise<StoredPlan> {
  return recordStep(store, plan, stepNumber, (s) => ({
    ...s,
    step_state: 'intent_recorded',
    resolved_parameters: intent.resolved_parameters,
    ...(intent.before ? { before: intent.before } : {}),
    attempts: (s.attempts ?? 0) + 1,
  }));
}

/** Write-ahead 2: the booking API applied the step (a redelivery never sends it again). */
export function recordStepSucceeded(
  store: PlanStore,
  plan: StoredPlan,
  stepNumber: number,
  responseData: Record<string, unknown>,
): Promise<StoredPlan> {
  return recordStep(store, plan, stepNumber, (s) => ({
    ...s,
    step_state: 'succeeded',
    executed: true,
    result: { success: true, response_data: responseData },
  }));
}

/** A correctable 400: the step is open again for a corrected attempt, with the API's message. */
export function recordStepRejected(
  store: PlanStore,
  plan: StoredPlan,
  stepNumber: number,
  message: string,
): Promise<StoredPlan> {
  return recordStep(store, plan, stepNumber, (s) => ({
    ...s,
    step_state: 'pending',
    result: { success: false, error_type: 'bad_request', error_message: message },
  }));
}

/** The step failed for good; `error_message` is the user-facing text (000 Error Classification). */
export function recordStepFailed(
  store: PlanStore,
  plan: StoredPlan,
  stepNumber: number,
  failure: { error_type?: ErrorType; error_message: string },
): Promise<StoredPlan> {
  return recordStep(store, plan, stepNumber, (s) => ({
    ...s,
    step_state: 'failed',
    result: {
      success: false,
      ...(failure.error_type ? { error_type: failure.error_type } : {}),
      error_message: failure.error_message,
    },
  }));
}

/** Rollback: the step's compensation was applied (compensated) or could not be (compensation_failed). */
export function recordCompensation(
  store: PlanStore,
  plan: StoredPlan,
  stepNumber: number,
  state: 'compensated' | 'compensation_failed',
): Promise<StoredPlan> {
  return recordStep(store, plan, stepNumber, (s) => ({ ...s, step_state: state }));
}
