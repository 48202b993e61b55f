import { type BaseMessage, isSystemMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import { initialMessages, PLAN_CLOSE, PLAN_OPEN, promptSteps } from '../../../lib/executor/graph/prompt.ts';
import { toolDefinitions } from '../../../lib/executor/graph/tool-definitions.ts';
import { loadCompiledRegistry } from '../../../lib/registry/compiled-registry.ts';
import { freshWorld } from '../../support/executor-harness.ts';
import { aConfirmedPlan, steps } from '../../support/executor-plans.ts';
import { useMemoryExecutorStack } from '../../support/use-memory-executor-stack.ts';

const registry = loadCompiledRegistry();

/** What the model sees of the plan: each step, what it may still fill in, and which steps are done. */
describe('executor prompt: the plan as the model sees it', () => {
  it('lists each step with its action name, open required values, parameter types and whether it is done', () => {
    // Prepare
    const base = aConfirmedPlan([steps.guestCount(null), steps.note('hi')]);
    const plan = {
      ...base,
      actions: base.actions.map((s, i) => (i === 1 ? { ...s, step_state: 'succeeded' as const } : s)),
    };

    // Act
    const [first, second] = promptSteps(plan, registry);

    // Assess
    expect(first).toMatchObject({
      step_number: 1,
      action_id: 'updateGuestCount',
      parameters: { booking_id: 'bk_1042', party_size: null },
      missing_required: ['party_size'],
      done: false,
    });
    expect(first?.name).toBe(registry.require('updateGuestCount').name);
    expect(first?.name).not.toBe('updateGuestCount');
    expect(first?.parameter_types).toMatchObject({ booking_id: 'string', party_size: 'number' });
    expect(second).toMatchObject({ action_id: 'addBookingNote', missing_required: [], done: true });
  });

  it('shows an action gone from the registry by its id, with nothing to fill in', () => {
    // Prepare
    const plan = aConfirmedPlan([{ action_id: 'retiredAction', parameters: { a: 1 } }]);

    // Act
    const [step] = promptSteps(plan, registry);

    // Assess
    expect(step).toEqual({
      step_number: 1,
      action_id: 'retiredAction',
      name: 'retiredAction',
      parameters: { a: 1 },
      missing_required: [],
      parameter_types: {},
      done: false,
    });
  });

  it('quotes the plan between its markers as JSON the model can read back, and names the plan in the goal', () => {
    // Prepare
    const plan = aConfirmedPlan([steps.guestCount(6)]);

    // Act
    const [system, human] = initialMessages(plan, registry);

    // Assess
    const text = String(system.content);
    const quoted = text.slice(text.lastIndexOf(PLAN_OPEN) + PLAN_OPEN.length, text.lastIndexOf(PLAN_CLOSE));
    expect(JSON.parse(quoted)).toEqual({
      plan_id: plan.plan_id,
      intent_summary: plan.intent_summary,
      steps: promptSteps(plan, registry),
    });
    expect(text.endsWith(`\n${PLAN_CLOSE}`)).toBe(true);
    expect(String(human.content)).toBe(`Execute the confirmed plan ${plan.plan_id}, step by step.`);
  });

  it('declares a plan action once however often the plan uses it', () => {
    // Prepare
    const plan = aConfirmedPlan([steps.note('a'), steps.note('b')]);
    const askUser = { type: 'function' as const, function: { name: 'ask', description: '', parameters: {} } };

    // Act
    const tools = toolDefinitions(plan, registry, askUser);

    // Assess
    expect(tools.map((t) => t.function.name)).toEqual(['addBookingNote', 'ask']);
    expect(tools[0]?.function.description).toBe(registry.require('addBookingNote').description);
  });
});

const stack = useMemoryExecutorStack();

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
