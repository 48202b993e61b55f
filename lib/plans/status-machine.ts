import type { PlanStatus } from '../contracts/enums.ts';

/**
 * 000 State Model: forward-only transitions. failed → rolled_back exists because the diagram shows
 * "rollback attempted" after failed; executing → rolled_back is the same move made in one write.
 */
const ALLOWED: Readonly<Record<PlanStatus, readonly PlanStatus[]>> = {
  pending_confirmation: ['confirmed'],
  confirmed: ['executing'],
  executing: ['completed', 'failed', 'rolled_back'],
  failed: ['rolled_back'],
  completed: [],
  rolled_back: [],
};

export const TERMINAL_STATUSES: readonly PlanStatus[] = ['completed', 'failed', 'rolled_back'];

export function canTransition(from: PlanStatus, to: PlanStatus): boolean {
  return ALLOWED[from].includes(to);
}

export function isTerminal(status: PlanStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}

/** Thrown when code asks for a transition the state model forbids; a programming error, not user input. */
export class IllegalTransitionError extends Error {
  override readonly name = 'IllegalTransitionError';
  constructor(
    readonly from: PlanStatus,
    readonly to: PlanStatus,
  ) {
    super(`illegal plan transition ${from} → ${to}`);
  }
}

export function assertTransition(from: PlanStatus, to: PlanStatus): void {
  if (!canTransition(from, to)) throw new IllegalTransitionError(from, to);
}
