import { END, START, StateGraph } from '@langchain/langgraph';
import { describe, expect, it } from 'vitest';
import { PROGRESS_FIELDS } from '../../../lib/executor/execution-state.ts';
import { ExecutorState, toUpdate } from '../../../lib/executor/graph/graph-state.ts';
import { ExecutionProgress } from '../../../lib/ports/execution-log.ts';
import { planInStates } from '../../support/top-plans.ts';

/** A one-node graph over the executor's state that runs `node` once and returns the final state. */
async function runOnce(input: Record<string, unknown>, node: () => Record<string, unknown>) {
  const graph = new StateGraph(ExecutorState)
    .addNode('n', node)
    .addEdge(START, 'n')
    .addEdge('n', END)
    .compile();
  return graph.invoke(input as never);
}

describe('executor graph state: derived from the execution record', () => {
  it('has one channel per progress field of the record, each defaulting to the record schema default', async () => {
    // Prepare
    const plan = planInStates(['pending']);

    // Act
    const state = await runOnce({ plan, log: { seq: undefined, expires_at: 1 } }, () => ({}));

    // Assess: the fields are those of ExecutionProgress, their defaults those of its schema
    expect(PROGRESS_FIELDS).toEqual([
      'pending',
      'model_calls',
      'model_errors',
      'corrections',
      'nudges',
      'after_answer',
      'failure',
      'compensation_failures',
      'compensation_versions',
    ]);
    expect(Object.keys(ExecutorState.spec)).toEqual(
      expect.arrayContaining(['messages', 'plan', 'log', 'outcome', ...PROGRESS_FIELDS]),
    );
    const progress = Object.fromEntries(PROGRESS_FIELDS.map((f) => [f, state[f]]));
    expect(progress).toEqual({ ...ExecutionProgress.parse({}), failure: undefined });
    expect(state.outcome).toEqual({ kind: 'running' });
  });

  it('replaces each progress channel with the value a node returns, failure included', async () => {
    // Prepare
    const plan = planInStates(['pending']);
    const failure = { kind: 'model_stopped' as const, step_number: 1, message: 'stopped' };
    const start = {
      plan,
      log: { seq: 3, expires_at: 1 },
      corrections: { '1': 1 },
      failure,
      model_calls: 2,
    };

    // Act
    const state = await runOnce(start, () => ({
      corrections: { '2': 1 },
      failure: undefined,
      model_calls: 5,
    }));

    // Assess
    expect(state.corrections).toEqual({ '2': 1 });
    expect(state.failure).toBeUndefined();
    expect(state.model_calls).toBe(5);
  });

  it('turns an execution state into an update of every progress channel and the added messages only', () => {
    // Prepare
    const plan = planInStates(['pending']);
    const progress = { ...ExecutionProgress.parse({ nudges: 1 }), failure: undefined };

    // Act
    const update = toUpdate({ ...progress, messages: [], plan, log: { seq: 1, expires_at: 2 } }, [], {
      kind: 'completed',
    });

    // Assess
    expect(update).toEqual({
      ...progress,
      plan,
      log: { seq: 1, expires_at: 2 },
      messages: [],
      outcome: { kind: 'completed' },
    });
  });
});
