import { fc, it as prop } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { PlanStatus } from '../../lib/contracts/enums.ts';
import {
  assertMove,
  canMove,
  canTransition,
  IllegalTransitionError,
  isTerminal,
  PLAN_MACHINE,
  STEP_MACHINE,
  type StateMachine,
} from '../../lib/plans/status-machine.ts';
import { StepState } from '../../lib/plans/stored-plan.ts';

/** The moves of docs/executor.md and 000 State Model, written out once more by hand. */
const PLAN_MOVES = new Set([
  'pending_confirmation→confirmed',
  'pending_confirmation→cancelled',
  'confirmed→executing',
  'confirmed→failed',
  'executing→completed',
  'executing→failed',
  'executing→rolled_back',
  'failed→rolled_back',
]);
const STEP_MOVES = new Set([
  'pending→intent_recorded',
  'pending→failed',
  'intent_recorded→succeeded',
  'intent_recorded→failed',
  'intent_recorded→pending',
  'succeeded→compensated',
  'succeeded→compensation_failed',
  'failed→succeeded',
]);

const planStatus = fc.constantFrom(...PlanStatus.options);
const stepState = fc.constantFrom(...StepState.options);

function refusal<S extends string>(machine: StateMachine<S>, from: S, to: S): unknown {
  try {
    assertMove(machine, from, to);
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('PLAN_MACHINE', () => {
  prop.prop([planStatus, planStatus])('allows exactly the moves of the state model', (from, to) => {
    // Prepare
    const expected = PLAN_MOVES.has(`${from}→${to}`);

    // Act
    const allowed = canMove(PLAN_MACHINE, from, to);

    // Assess
    expect(allowed).toBe(expected);
    expect(canTransition(from, to)).toBe(expected);
  });

  prop.prop([planStatus, planStatus])('refuses every other move with IllegalTransitionError', (from, to) => {
    fc.pre(!PLAN_MOVES.has(`${from}→${to}`));

    // Act
    const error = refusal(PLAN_MACHINE, from, to);

    // Assess
    expect(error).toBeInstanceOf(IllegalTransitionError);
    expect(error).toMatchObject({ name: 'IllegalTransitionError', machine: 'plan', from, to });
  });

  it('explains a refusal without context as the bare move', () => {
    // Act
    const error = refusal(PLAN_MACHINE, 'completed', 'executing');

    // Assess
    expect(error).toMatchObject({ message: 'illegal plan transition completed → executing', context: '' });
  });

  it('starts at pending_confirmation and ends only in the terminal statuses, which have no way out', () => {
    // Act
    const dead = PlanStatus.options.filter((s) => PLAN_MACHINE.moves[s].length === 0);

    // Assess
    expect(PLAN_MACHINE.initial).toBe('pending_confirmation');
    expect(dead).toEqual(['completed', 'rolled_back', 'cancelled']);
    expect(PLAN_MACHINE.moves.completed).toEqual([]);
    expect(PLAN_MACHINE.moves.rolled_back).toEqual([]);
    expect(PLAN_MACHINE.moves.cancelled).toEqual([]);
    expect(PlanStatus.options.filter(isTerminal)).toEqual([
      'completed',
      'failed',
      'rolled_back',
      'cancelled',
    ]);
  });
});

describe('STEP_MACHINE', () => {
  prop.prop([stepState, stepState])('allows exactly the write-ahead moves', (from, to) => {
    // Prepare
    const expected = STEP_MOVES.has(`${from}→${to}`);

    // Act
    const allowed = canMove(STEP_MACHINE, from, to);

    // Assess
    expect(allowed).toBe(expected);
  });

  prop.prop([stepState, stepState])(
    'refuses every other move, naming the machine and the context',
    (from, to) => {
      fc.pre(!STEP_MOVES.has(`${from}→${to}`));

      // Act
      let error: unknown;
      try {
        assertMove(STEP_MACHINE, from, to, 'plan p step 2');
      } catch (caught) {
        error = caught;
      }

      // Assess
      expect(error).toMatchObject({
        name: 'IllegalTransitionError',
        machine: 'step',
        message: `illegal step transition ${from} → ${to} (plan p step 2)`,
      });
    },
  );

  it('never moves a compensated step again, nor compensates one that did not succeed', () => {
    // Act
    const fromCompensated = StepState.options.filter((to) => canMove(STEP_MACHINE, 'compensated', to));
    const intoCompensated = StepState.options.filter((from) => canMove(STEP_MACHINE, from, 'compensated'));

    // Assess
    expect(STEP_MACHINE.initial).toBe('pending');
    expect(fromCompensated).toEqual([]);
    expect(STEP_MACHINE.moves.compensated).toEqual([]);
    expect(STEP_MACHINE.moves.compensation_failed).toEqual([]);
    expect(intoCompensated).toEqual(['succeeded']);
  });
});
