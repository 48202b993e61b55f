import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import { askUserNode } from '../../../lib/executor/graph/ask-user-node.ts';
import { rollBackNode } from '../../../lib/executor/graph/roll-back-node.ts';
import type { StoredPlan } from '../../../lib/plans/stored-plan.ts';
import { freshWorld } from '../../support/executor-harness.ts';
import { aConfirmedPlan, steps } from '../../support/executor-plans.ts';
import { nodeContext } from '../../support/graph-context.ts';
import { aGraphState, calls, outcomes } from '../../support/graph-states.ts';
import { useMemoryExecutorStack } from '../../support/use-memory-executor-stack.ts';

const stack = useMemoryExecutorStack();

const executing = (done = 0): StoredPlan => {
  const plan = aConfirmedPlan([steps.note('a'), steps.guestCount(null)], { status: 'executing' });
  return {
    ...plan,
    actions: plan.actions.map((s, i) => (i < done ? { ...s, step_state: 'succeeded' as const } : s)),
  };
};

async function rig(plan: StoredPlan) {
  const world = await freshWorld(stack);
  await world.seed(plan);
  const { ctx, events } = nodeContext(world, plan, fakeModel());
  return { world, events, ask_user: askUserNode(ctx), roll_back: rollBackNode(ctx) };
}

/** Node 'ask_user': claims the session's one blocking slot and shows the rendered question. */
describe('executor graph: the ask_user node', () => {
  it('shows the question, reports it and ends the invocation blocked (status stays executing)', async () => {
    // Prepare
    const plan = executing(1);
    const { world, events, ask_user } = await rig(plan);
    const ask = { ...calls.ask(), parameter: 'party_size', step_number: 2 };

    // Act
    const update = await ask_user(aGraphState({ plan, pending: [calls.deferred(), ask] }));

    // Assess
    expect(update.outcome).toEqual({ kind: 'blocked' });
    const stored = await world.reload(plan);
    expect(update.plan).toEqual(stored);
    expect(stored.blocking_prompt).toBe('What should it be?');
    expect(stored.status).toBe('executing');
    expect(await world.sessions.claimBlockingSlot(plan.session_id, 'another-plan')).toBe(false);
    expect(events).toEqual([
      {
        name: 'clarification',
        attrs: {
          input: { parameter: 'party_size', step_number: 2 },
          output: { question: 'What should it be?' },
        },
      },
    ]);
    expect(world.logger.lines).toContainEqual({
      level: 'info',
      message: 'plan paused for a blocking prompt',
      attributes: [{ plan_id: plan.plan_id, session_id: plan.session_id }],
    });
  });

  it('fails the plan, changing nothing, when another request of the chat holds the slot', async () => {
    for (const [done, stepNumber] of [
      [1, 2],
      [2, 1],
    ] as const) {
      // Prepare
      const plan = executing(done);
      const { world, events, ask_user } = await rig(plan);
      await world.sessions.claimBlockingSlot(plan.session_id, 'another-plan');

      // Act
      const update = await ask_user(aGraphState({ plan, pending: [calls.ask()] }));

      // Assess
      expect(update).toEqual({
        outcome: {
          kind: 'failed',
          failure: {
            kind: 'blocking_slot_taken',
            step_number: stepNumber,
            message:
              'This change needs an answer from you, but another request in this chat is already waiting for one. Please answer that first, then start this request again.',
          },
        },
      });
      expect((await world.reload(plan)).blocking_prompt).toBeUndefined();
      expect(events).toEqual([]);
    }
  });

  it('does nothing without a pending question', async () => {
    // Prepare
    const plan = executing();
    const { world, ask_user } = await rig(plan);

    // Act
    const update = await ask_user(aGraphState({ plan, pending: [calls.deferred()] }));

    // Assess
    expect(update).toEqual({ outcome: { kind: 'running' } });
    expect(await world.sessions.claimBlockingSlot(plan.session_id, 'another-plan')).toBe(true);
  });
});

/** Node 'roll_back': runs only on a decided failure, and ends the plan with it. */
describe('executor graph: the roll_back node', () => {
  it('refuses to run without a decided failure', async () => {
    // Prepare
    const plan = executing();
    const { roll_back } = await rig(plan);

    // Act + Assess
    for (const outcome of [outcomes.running, outcomes.blocked, outcomes.completed]) {
      await expect(roll_back(aGraphState({ plan, outcome }))).rejects.toThrow(
        new TypeError('roll_back runs only after a failure'),
      );
    }
  });

  it('ends the plan failed with the failure’s text and keeps the outcome', async () => {
    // Prepare
    const plan = executing();
    const { world, roll_back } = await rig(plan);

    // Act
    const update = await roll_back(aGraphState({ plan, outcome: outcomes.failed }));

    // Assess
    expect(update.outcome).toEqual(outcomes.failed);
    expect(update.messages).toEqual([]);
    const stored = await world.reload(plan);
    expect(update.plan).toEqual(stored);
    expect(stored.status).toBe('failed');
    expect(stored.failure_reason).toContain('stopped');
  });
});
