import { type BaseMessage, isSystemMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_CLOSE, PLAN_OPEN } from '../../lib/executor/graph/prompt.ts';
import { type ExecutorStack, freshWorld, memoryExecutorStack } from '../support/executor-harness.ts';
import { aConfirmedPlan, steps } from '../support/executor-plans.ts';

let stack: ExecutorStack;
beforeAll(async () => {
  stack = await memoryExecutorStack();
});
afterAll(async () => {
  await stack.stop();
});

interface ShownStep {
  step_number: number;
  done: boolean;
  result?: Record<string, unknown>;
}

/** The confirmed plan as one model request showed it: the JSON between the markers of its system message. */
function shownPlan(messages: readonly BaseMessage[]): ShownStep[] {
  const system = messages.find((m) => isSystemMessage(m));
  const text = String(system?.content ?? '');
  const json = text.slice(text.lastIndexOf(PLAN_OPEN) + PLAN_OPEN.length, text.lastIndexOf(PLAN_CLOSE));
  return (JSON.parse(json) as { steps: ShownStep[] }).steps;
}

/** Issue 33: the executor's view of the confirmed plan marks each finished step with its result, every turn. */
describe('executor: the confirmed plan as the model sees it', () => {
  it('shows step 1 done with its masked result on the turn that asks for step 2', async () => {
    // Prepare: a two-step plan played by a scripted model, one step per turn.
    const world = await freshWorld(stack, { directSteps: false });
    const plan = await world.seed(
      aConfirmedPlan([steps.contact({ email: 'priya.nair@example.com' }), steps.guestCount(14)]),
    );
    const model = fakeModel()
      .respondWithTools([
        {
          name: 'updateContactDetails',
          args: { booking_id: 'bk_1042', email: 'priya.nair@example.com' },
          id: 'c1',
        },
      ])
      .respondWithTools([
        { name: 'updateGuestCount', args: { booking_id: 'bk_1042', party_size: 14 }, id: 'c2' },
      ]);

    // Act
    await world.deliver(plan, model);

    // Assess: turn 1 saw nothing done; turn 2 saw step 1 done with its result, the
    // guest's contact details masked there as in an observation.
    expect((await world.reload(plan)).status).toBe('completed');
    expect(model.callCount).toBe(2);
    const [first, second] = model.calls.map((c) => shownPlan(c.messages));
    expect(first?.map((s) => [s.step_number, s.done, s.result])).toEqual([
      [1, false, undefined],
      [2, false, undefined],
    ]);
    expect(second?.map((s) => [s.step_number, s.done])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(second?.[0]?.result).toMatchObject({ booking_id: 'bk_1042', email: 'p***@example.com' });
    expect(second?.[1]?.result).toBeUndefined();
  });
});
