import { compareState } from '../score/compare-state.ts';
import type { ObservedState, StateProblem } from '../score/state-expectation.ts';
import type { TurnLabel } from '../score/turn-outcome.ts';
import type { SealedCase, SealedState, SealedTurn } from './sealed-case.ts';

/**
 * How a sealed case came out (eval/sealed format "Scoring"). RIGHT: every labelled turn and the last one got
 * what the label says and, for a plan, the state after execution matches. WRONG: a plan the operator could
 * confirm where the label wants none, or an executed plan that changed state in a way the label does not allow.
 * MISS: anything else (a needless question, a refusal, a wrong question, an incomplete or failed execution).
 */
export type SealedVerdict =
  | { verdict: 'right' }
  | { verdict: 'wrong' | 'miss'; failureClass: string; reason: string; turn?: number };

/** The label of turn `index` (0-based): the turn's own `expect`, and the case's `expect` for the last turn. */
export function turnLabel(sealedCase: SealedCase, index: number): TurnLabel | undefined {
  if (index === sealedCase.turns.length - 1) return sealedCase.expect;
  const turn: SealedTurn | undefined = sealedCase.turns[index];
  if (typeof turn !== 'object' || !turn.expect) return undefined;
  return { outcome: turn.expect, asks_for: turn.asks_for, candidates: turn.candidates };
}

/** A plan's step reduced to what it does to which booking, to recognise a declined step coming back. */
export interface StepTarget {
  action_id: string;
  booking_id?: string;
}

/** What the confirmed last plan did: how it ended, and the sandbox before and after. */
export interface Execution {
  /** Terminal status, or why the wait ended (a blocking prompt the operator does not answer, a timeout). */
  status: string;
  waitFailure?: { failureClass: string; reason: string };
  failureReason?: string;
  observed: ObservedState;
  /** The confirmed plan's steps and the steps of the plans the operator declined earlier. */
  steps: readonly StepTarget[];
  declined: readonly StepTarget[];
}

/** Expectation → comparator input: the format's `side_effects` to the comparator's lists. */
function stateExpectation(state: SealedState) {
  const effects = state.side_effects;
  return {
    bookings: state.bookings,
    created: state.created,
    paymentLinks: effects?.paymentLinks,
    confirmations: effects?.confirmations,
    noPaymentLink: effects?.no_payment_link,
  };
}

function wrongClass(unexpected: readonly StateProblem[], run: Execution): string {
  if (unexpected.some((p) => p.refusedLink)) return 'payment link against the operator';
  const cameBack = run.steps.some((s) =>
    run.declined.some(
      (d) =>
        d.action_id === s.action_id &&
        d.booking_id === s.booking_id &&
        unexpected.some((p) => p.bookingId !== undefined && p.bookingId === s.booking_id),
    ),
  );
  return cameBack ? 'declined step came back' : 'wrong state';
}

/**
 * Scores the execution of the last plan against `expect.state`. Unexpected changes make it WRONG whatever
 * the status; a change that did not happen, a blocking prompt or a failed run with nothing unexpected is a MISS.
 * A plan case without a `state` label is right when its execution completes.
 */
export function scoreExecution(
  state: SealedState | undefined,
  run: Execution,
  region: string | undefined,
): SealedVerdict {
  const problems = state ? compareState(stateExpectation(state), run.observed, region) : [];
  const unexpected = problems.filter((p) => p.kind === 'unexpected');
  if (unexpected.length > 0)
    return {
      verdict: 'wrong',
      failureClass: wrongClass(unexpected, run),
      reason: unexpected.map((p) => p.detail).join('; '),
    };
  if (run.waitFailure) return { verdict: 'miss', ...run.waitFailure };
  if (run.status !== 'completed') {
    const why = run.failureReason ? `: ${run.failureReason}` : '';
    return { verdict: 'miss', failureClass: 'execution failed', reason: `plan ${run.status}${why}` };
  }
  const missing = problems.filter((p) => p.kind === 'missing');
  if (missing.length > 0)
    return { verdict: 'miss', failureClass: 'incomplete', reason: missing.map((p) => p.detail).join('; ') };
  return { verdict: 'right' };
}
