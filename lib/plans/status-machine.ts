import type { PlanStatus } from '../contracts/enums.ts';
import type { StepState } from './stored-plan.ts';

/**
 * A finite state machine: the states it may move to from each state. Like Powertools' IdempotencyRecord keeps a
 * record's status behind one class, a plan's status and a step's state change only along these moves, checked
 * by `assertMove` in the one write path (transition.ts).
 */
export interface StateMachine<S extends string> {
  readonly name: 'plan' | 'step';
  readonly initial: S;
  readonly moves: Readonly<Record<S, readonly S[]>>;
}

/**
 * 000 State Model: forward-only. failed → rolled_back exists because the diagram shows "rollback attempted"
 * after failed; executing → rolled_back is the same move made in one write.
 */
export const PLAN_MACHINE: StateMachine<PlanStatus> = {
  name: 'plan',
  initial: 'pending_confirmation',
  moves: {
    // cancelled: superseded, cancelled by the user or expired before confirmation (ADR 0008).
    pending_confirmation: ['confirmed', 'cancelled'],
    // confirmed → failed: the watchdog, for a plan whose execution never started (ADR 0009).
    confirmed: ['executing', 'failed'],
    executing: ['completed', 'failed', 'rolled_back'],
    failed: ['rolled_back'],
    completed: [],
    rolled_back: [],
    cancelled: [],
  },
};

/**
 * The write-ahead protocol of one step (docs/executor.md §3): the intent is recorded before the call, the result
 * after it. A correctable 400 sends the step back to pending (a corrected attempt follows under its own key).
 * failed → succeeded is the settlement of a step left in doubt: the re-sent request, under the same
 * Idempotency-Key, proved the first attempt applied (docs/executor.md "A step left in doubt"). Only succeeded
 * steps are compensated, once.
 */
export const STEP_MACHINE: StateMachine<StepState> = {
  name: 'step',
  initial: 'pending',
  moves: {
    pending: ['intent_recorded', 'failed'],
    intent_recorded: ['succeeded', 'failed', 'pending'],
    succeeded: ['compensated', 'compensation_failed'],
    failed: ['succeeded'],
    compensated: [],
    compensation_failed: [],
  },
};

export const TERMINAL_STATUSES: readonly PlanStatus[] = ['completed', 'failed', 'rolled_back', 'cancelled'];

/** True when the machine allows `from → to`; staying in the same state is not a move. */
export function canMove<S extends string>(machine: StateMachine<S>, from: S, to: S): boolean {
  return machine.moves[from].includes(to);
}

/** Thrown when code asks for a move the state model forbids; a programming error, not user input. */
export class IllegalTransitionError extends Error {
  override readonly name = 'IllegalTransitionError';
  constructor(
    readonly machine: StateMachine<string>['name'],
    readonly from: string,
    readonly to: string,
    readonly context: string = '',
  ) {
    super(`illegal ${machine} transition ${from} → ${to}${context ? ` (${context})` : ''}`);
  }
}

/** Throws IllegalTransitionError unless the machine allows `from → to`. */
export function assertMove<S extends string>(
  machine: StateMachine<S>,
  from: S,
  to: S,
  context?: string,
): void {
  if (!canMove(machine, from, to)) throw new IllegalTransitionError(machine.name, from, to, context);
}

/** The plan-status check ops tools and the crash tests read: `canMove(PLAN_MACHINE, from, to)`. */
export function canTransition(from: PlanStatus, to: PlanStatus): boolean {
  return canMove(PLAN_MACHINE, from, to);
}

export function isTerminal(status: PlanStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}
