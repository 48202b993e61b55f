import { AIMessage, type BaseMessage, HumanMessage } from '@langchain/core/messages';
import type {
  ExecutorStateUpdate,
  ExecutorStateValue,
  GraphOutcome,
} from '../../lib/executor/graph/graph-state.ts';
import type { StoredPlan, StoredStep } from '../../lib/plans/stored-plan.ts';
import type { PlannedCall } from '../../lib/ports/execution-log.ts';
import { aConfirmedPlan, steps } from './executor-plans.ts';

/** A node's update read as the channels it sets (the annotation's update type wraps each channel). */
export type NodeUpdate = Partial<ExecutorStateValue>;

/** A graph node whose update is read as plain channels. */
export function readable(
  node: (state: ExecutorStateValue) => Promise<ExecutorStateUpdate>,
): (state: ExecutorStateValue) => Promise<NodeUpdate> {
  return async (state) => (await node(state)) as NodeUpdate;
}

/**
 * Graph states built by hand for the routers and the nodes that read the state only (no store, no model): the
 * channels a router reads, the rest at their defaults.
 */
export function aGraphState(overrides: Partial<ExecutorStateValue> = {}): ExecutorStateValue {
  return {
    messages: [],
    plan: aConfirmedPlan([steps.guestCount(6), steps.note('hi')]),
    pending: [],
    model_calls: 0,
    model_errors: 0,
    corrections: {},
    nudges: 0,
    after_answer: false,
    failure: undefined,
    compensation_failures: {},
    compensation_versions: {},
    log: { seq: undefined, expires_at: 0 },
    outcome: { kind: 'running' },
    ...overrides,
  };
}

/** The plan with its first `done` steps succeeded (and `patch` applied to the first open one). */
export function planWithDone(done: number, total = 2, patch: Partial<StoredStep> = {}): StoredPlan {
  const plan = aConfirmedPlan(Array.from({ length: total }, (_, i) => steps.note(`n${i}`)));
  return {
    ...plan,
    actions: plan.actions.map((s, i) =>
      i < done ? { ...s, step_state: 'succeeded', executed: true } : i === done ? { ...s, ...patch } : s,
    ),
  };
}

export const calls = {
  step: (n = 1): PlannedCall => ({
    tool_call_id: `s${n}`,
    name: 'addBookingNote',
    kind: 'step',
    step_number: n,
  }),
  ask: (): PlannedCall => ({
    tool_call_id: 'a1',
    name: 'ask_user',
    kind: 'ask',
    question: 'What should it be?',
    ask_kind: 'missing_value',
    step_number: 1,
    re_asks: 0,
  }),
  refused: (): Extract<PlannedCall, { kind: 'refused' }> => ({
    tool_call_id: 'r1',
    name: 'cancelBooking',
    kind: 'refused',
    reason: 'not in the plan',
    guardrail: 'outside_plan',
  }),
  deferred: (): Extract<PlannedCall, { kind: 'deferred' }> => ({
    tool_call_id: 'd1',
    name: 'addBookingNote',
    kind: 'deferred',
    reason: 'later',
  }),
};

export const outcomes: Record<string, GraphOutcome> = {
  running: { kind: 'running' },
  completed: { kind: 'completed' },
  blocked: { kind: 'blocked' },
  failed: { kind: 'failed', failure: { kind: 'model_stopped', step_number: 1, message: 'stopped' } },
};

export const lastMessages: Record<string, BaseMessage[]> = {
  none: [],
  human: [new AIMessage('x'), new HumanMessage('Step 1 is not done yet.')],
  ai: [new HumanMessage('go'), new AIMessage('done')],
};
