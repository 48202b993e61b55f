import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { agentNode } from '../../../lib/executor/graph/agent-node.ts';
import { ASK_USER } from '../../../lib/executor/graph/ask-user-tool.ts';
import { planSystemMessage } from '../../../lib/executor/graph/prompt.ts';
import { type ExecutorWorld, freshWorld } from '../../support/executor-harness.ts';
import { nodeContext, scriptedModel } from '../../support/graph-context.ts';
import { aGraphState, planWithDone } from '../../support/graph-states.ts';
import { useMemoryExecutorStack } from '../../support/use-memory-executor-stack.ts';

const stack = useMemoryExecutorStack();

const noteCall = (id: string) =>
  new AIMessage({
    content: '',
    tool_calls: [
      { id, name: 'addBookingNote', args: { booking_id: 'bk_1042', text: 'n1' }, type: 'tool_call' },
    ],
  });

async function rig(reply: () => Promise<unknown>, plan = planWithDone(1, 2)) {
  // The model path: code takes no turn of its own here (direct-step.test.ts covers those, issue 32).
  const world: ExecutorWorld = await freshWorld(stack, { directSteps: false });
  const { model, seen } = scriptedModel(reply);
  const crashes: string[] = [];
  const { ctx } = nodeContext(world, plan, model, { crash: (p) => crashes.push(p) });
  return { world, agent: agentNode(ctx), seen, crashes, plan, ctx };
}

/** Node 'agent' (Reason): the model's turn, bounded and logged before any tool runs. */
describe('executor graph: the agent node', () => {
  it('stops at the model-call budget without asking the model, naming the budget and the open step', async () => {
    // Prepare
    const { agent, seen, plan } = await rig(async () => noteCall('c1'));

    // Act
    const update = await agent(aGraphState({ plan, model_calls: 12 }));

    // Assess
    expect(seen).toEqual([]);
    expect(update).toEqual({
      outcome: {
        kind: 'failed',
        failure: {
          kind: 'model_budget_exhausted',
          step_number: 2,
          message:
            'The change could not be finished within 12 assistant steps. Nothing more was changed; please try again.',
        },
      },
    });
  });

  it('asks the model one call below the budget, with the plan’s tools, the conversation and its run name', async () => {
    // Prepare
    const { agent, seen, crashes, world, plan, ctx } = await rig(async () => noteCall('c1'));
    const messages = [new HumanMessage('go')];

    // Act
    const update = await agent(aGraphState({ plan, model_calls: 11, messages }));

    // Assess
    expect(seen).toHaveLength(1);
    // Issue 33: the logged system message is replaced by the plan as it stands now.
    expect(seen[0]?.messages).toEqual([planSystemMessage(plan, ctx.deps.registry), ...messages]);
    expect(seen[0]?.options).toMatchObject({
      runName: 'executor_model',
      metadata: { plan_id: plan.plan_id },
    });
    expect(seen[0]?.options.callbacks).toEqual([]);
    const tools = (seen[0]?.tools ?? []) as { function: { name: string } }[];
    expect(tools.map((t) => t.function.name)).toEqual(['addBookingNote', ASK_USER]);
    expect(crashes).toEqual(['after_model_call']);
    expect(update.model_calls).toBe(12);
    expect(update.nudges).toBe(0);
    expect(update.messages).toEqual([noteCall('c1')]);
    expect(update.pending).toEqual([
      { tool_call_id: 'c1', name: 'addBookingNote', kind: 'step', step_number: 2 },
    ]);
    const logged = await world.log.get(plan.plan_id);
    expect(logged?.model_calls).toBe(12);
    expect(logged?.messages).toHaveLength(2);
    expect(logged?.pending).toEqual(update.pending);
  });

  it('reminds the model once when it stops with a step open; the second stop adds nothing', async () => {
    // Prepare
    const { agent, plan, world } = await rig(async () => new AIMessage('all done'));

    // Act
    const first = await agent(aGraphState({ plan }));
    const second = await agent(aGraphState({ plan, nudges: 1, log: { seq: 1, expires_at: 0 } }));

    // Assess
    expect(first.nudges).toBe(1);
    expect(first.messages).toEqual([
      new AIMessage('all done'),
      new HumanMessage(
        'Step 2 (addBookingNote) is not done yet. Call its tool now, or ask_user if a required value is missing.',
      ),
    ]);
    expect(first.pending).toEqual([]);
    expect(second.nudges).toBe(1);
    expect(second.messages).toEqual([new AIMessage('all done')]);
    expect((await world.log.get(plan.plan_id))?.nudges).toBe(1);
  });

  it('does not remind the model when every step is done', async () => {
    // Prepare
    const { agent } = await rig(async () => new AIMessage('finished'));

    // Act
    const update = await agent(aGraphState({ plan: planWithDone(2, 2) }));

    // Assess
    expect(update.nudges).toBe(0);
    expect(update.messages).toEqual([new AIMessage('finished')]);
  });

  it('counts a failed model call in the checkpoint and asks for a redelivery until the third', async () => {
    // Prepare
    const { agent, world, plan } = await rig(async () => {
      throw new Error('503 from the provider');
    });

    // Act
    const first = agent(aGraphState({ plan }));

    // Assess
    await expect(first).rejects.toMatchObject({ name: 'ModelCallError', planId: plan.plan_id });
    expect((await world.log.get(plan.plan_id))?.model_errors).toBe(1);
    expect(world.logger.lines).toContainEqual({
      level: 'warn',
      message: 'executor model call failed',
      attributes: [{ plan_id: plan.plan_id, model_errors: 1 }],
    });
    await expect(
      agent(aGraphState({ plan, model_errors: 1, log: { seq: 1, expires_at: 0 } })),
    ).rejects.toThrow(/.+/);
    const third = await agent(aGraphState({ plan, model_errors: 2, log: { seq: 2, expires_at: 0 } }));
    expect(third.model_errors).toBe(3);
    expect(third.outcome).toEqual({
      kind: 'failed',
      failure: {
        kind: 'model_unavailable',
        step_number: 2,
        message: 'The assistant is unavailable right now. Nothing more was changed; please try again later.',
      },
    });
    expect((await world.log.get(plan.plan_id))?.model_errors).toBe(3);
  });

  it('treats a reply that is not an AI message as a failed model call', async () => {
    // Prepare
    const { agent, world, plan } = await rig(async () => new HumanMessage('not a turn'));

    // Act + Assess
    await expect(agent(aGraphState({ plan }))).rejects.toMatchObject({
      name: 'ModelCallError',
      cause: { name: 'TypeError', message: 'the model did not answer with an AI message' },
    });
    expect((await world.log.get(plan.plan_id))?.model_errors).toBe(1);
  });

  it('refuses a model without tool calling at once, counting nothing', async () => {
    // Prepare
    const world = await freshWorld(stack, { directSteps: false });
    const plan = planWithDone(0, 1);
    const { ctx } = nodeContext(world, plan, {} as never);

    // Act
    const run = agentNode(ctx)(aGraphState({ plan, model_errors: 2 }));

    // Assess
    await expect(run).rejects.toMatchObject({
      name: 'ModelNotToolCapableError',
      message: 'the executor needs a chat model that supports tool calling',
    });
    expect(await world.log.get(plan.plan_id)).toBeUndefined();
  });

  it('names step 1 when no step is open, for the budget and for an unavailable model', async () => {
    // Prepare
    const plan = planWithDone(2, 2);
    const { agent } = await rig(async () => {
      throw new Error('503');
    }, plan);

    // Act
    const budget = await agent(aGraphState({ plan, model_calls: 12 }));
    const unavailable = await agent(aGraphState({ plan, model_errors: 2 }));

    // Assess
    expect(budget.outcome).toMatchObject({ failure: { kind: 'model_budget_exhausted', step_number: 1 } });
    expect(unavailable.outcome).toMatchObject({ failure: { kind: 'model_unavailable', step_number: 1 } });
  });

  it('reads a turn without a tool_calls list as no call (one reminder)', async () => {
    // Prepare
    const reply = new AIMessage('done');
    Object.assign(reply, { tool_calls: undefined });
    const { agent, plan } = await rig(async () => reply);

    // Act
    const update = await agent(aGraphState({ plan }));

    // Assess
    expect(update.pending).toEqual([]);
    expect(update.nudges).toBe(1);
  });

  it('takes a fully determined step itself (issue 32): no model call, the turn logged and mapped, nothing counted', async () => {
    // Prepare: step 2 (addBookingNote) has every value confirmed.
    const world = await freshWorld(stack);
    const plan = planWithDone(1, 2);
    const { model, seen } = scriptedModel(async () => noteCall('c1'));
    const { ctx } = nodeContext(world, plan, model);

    // Act
    const update = await agentNode(ctx)(aGraphState({ plan, model_calls: 3 }));

    // Assess
    expect(seen).toEqual([]);
    const step = plan.actions[1];
    expect(update.messages).toEqual([
      new AIMessage({
        content: '',
        tool_calls: [
          { id: 'direct_step-2', name: 'addBookingNote', args: step?.parameters ?? {}, type: 'tool_call' },
        ],
      }),
    ]);
    expect(update.pending).toEqual([
      { tool_call_id: 'direct_step-2', name: 'addBookingNote', kind: 'step', step_number: 2 },
    ]);
    expect(update.model_calls).toBe(3);
    const logged = await world.log.get(plan.plan_id);
    expect(logged?.pending).toEqual(update.pending);
    expect(logged?.model_calls).toBe(3);
  });
});
