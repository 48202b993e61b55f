import type { PlanStatus } from '../contracts/enums.ts';
import type { PlanPatch, PlanStore } from '../ports/plan-store.ts';
import { assertMove, PLAN_MACHINE, STEP_MACHINE } from './status-machine.ts';
import type { StoredPlan, StoredStep } from './stored-plan.ts';

/**
 * One change of a plan item: optionally its status and its steps, plus other attributes. Status and step
 * states change only here, so every write of them is checked against PLAN_MACHINE and STEP_MACHINE.
 */
export interface Transition {
  /** The new plan status. */
  status?: PlanStatus;
  /** Rewrites each step (return it unchanged to leave it); a changed step_state must be a STEP_MACHINE move. */
  steps?: (step: StoredStep) => StoredStep;
  /** Other attributes; status and actions go through the fields above. */
  set?: Omit<NonNullable<PlanPatch['set']>, 'status' | 'actions'>;
  remove?: ReadonlyArray<Exclude<keyof StoredPlan, 'status' | 'actions' | 'plan_id' | 'version'>>;
}

/** `steps` for a change to one step only. */
export function onStep(stepNumber: number, change: (step: StoredStep) => StoredStep): Transition['steps'] {
  return function changeOneStep(step) {
    return step.step_number === stepNumber ? change(structuredClone(step)) : step;
  };
}

/**
 * Pure: the patch a transition writes. Throws IllegalTransitionError for a move either machine forbids; the
 * store is never called then.
 */
export function transitionPatch(plan: StoredPlan, transition: Transition): PlanPatch {
  const set: NonNullable<PlanPatch['set']> = { ...transition.set };
  if (transition.status !== undefined) {
    assertMove(PLAN_MACHINE, plan.status, transition.status, `plan ${plan.plan_id}`);
    set.status = transition.status;
  }
  if (transition.steps) {
    const change = transition.steps;
    set.actions = plan.actions.map((step) => {
      const next = change(step);
      if (next.step_number !== step.step_number) throw new RangeError('a transition cannot renumber steps');
      if (next.step_state !== step.step_state) {
        assertMove(
          STEP_MACHINE,
          step.step_state,
          next.step_state,
          `plan ${plan.plan_id} step ${step.step_number}`,
        );
      }
      return next;
    });
  }
  return { set, ...(transition.remove ? { remove: transition.remove } : {}) };
}

/** Which stored statuses the write is conditional on (besides the version). */
export interface TransitionOptions {
  expectStatus: readonly PlanStatus[];
}

/**
 * THE write of a plan's lifecycle: the transition is checked (transitionPatch), then written as one
 * conditional update on the version read and the expected status (dynalite has no transactions: docs/design-facts.md).
 * A lost race throws StaleWriteError; callers re-read and decide.
 */
export async function applyTransition(
  store: PlanStore,
  plan: StoredPlan,
  transition: Transition,
  options: TransitionOptions,
): Promise<StoredPlan> {
  return await store.update(plan.plan_id, plan.version, transitionPatch(plan, transition), {
    expectStatus: options.expectStatus,
  });
}
