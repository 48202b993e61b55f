import { StepState, type StoredPlan } from '../../lib/plans/stored-plan.ts';
import { aConfirmedPlan, steps } from './executor-plans.ts';

/** Every step state of the write-ahead log, for property tests over a plan's steps. */
export const STEP_STATES = StepState.options;

/** A confirmed plan of guest-count steps, one per given state (a write-ahead log at some point of a run). */
export function planInStates(states: readonly StepState[]): StoredPlan {
  const plan = aConfirmedPlan(states.map((_, i) => steps.guestCount(10 + i)));
  return { ...plan, actions: plan.actions.map((s, i) => ({ ...s, step_state: states[i] ?? 'pending' })) };
}
