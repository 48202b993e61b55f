import { AIMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import { NEW_REQUEST_MESSAGE } from '../../../lib/executor/graph/scope-check.ts';
import { mapToolCalls } from '../../../lib/executor/graph/tool-call-mapping.ts';
import { toolsNode } from '../../../lib/executor/graph/tools-node.ts';
import { observationMessage } from '../../../lib/executor/step/observation.ts';
import type { StoredPlan } from '../../../lib/plans/stored-plan.ts';
import type { PlannedCall } from '../../../lib/ports/execution-log.ts';
import { type ExecutorWorld, freshWorld } from '../../support/executor-harness.ts';
import { aConfirmedPlan, steps } from '../../support/executor-plans.ts';
import { nodeContext } from '../../support/graph-context.ts';
import { aGraphState, calls, planWithDone, readable } from '../../support/graph-states.ts';
import { useMemoryExecutorStack } from '../../support/use-memory-executor-stack.ts';

const stack = useMemoryExecutorStack();

async function rig(plan: StoredPlan) {
  const world: ExecutorWorld = await freshWorld(stack);
  const { ctx, events } = nodeContext(world, plan, fakeModel());
  return { world, events, tools: readable(toolsNode(ctx)) };
}

const refused = calls.refused();
const deferred = calls.deferred();
const ask = calls.ask();
const refusedObservation = observationMessage(refused.tool_call_id, refused.name, {
  status: 'refused',
  reason: refused.reason,
});
const deferredObservation = observationMessage(deferred.tool_call_id, deferred.name, {
  status: 'not_run',
  reason: deferred.reason,
});

/** Node 'tools' (Act + Observe): the logged mapping of the last turn, run in order. */
describe('executor graph: the tools node', () => {
  it('answers a refused call with its reason, a guardrail event and a warning; nothing reaches the API', async () => {
    // Prepare
    const plan = planWithDone(1, 2);
    const { tools, world, events } = await rig(plan);

    // Act
    const update = await tools(aGraphState({ plan, pending: [refused, deferred] }));

    // Assess
    expect(update.messages).toEqual([refusedObservation, deferredObservation]);
    expect(update.pending).toEqual([]);
    expect(update.outcome).toEqual({ kind: 'running' });
    expect(update.failure).toBeUndefined();
    expect(events).toEqual([
      {
        name: 'guardrail',
        attrs: {
          input: { tool: 'cancelBooking', tool_call_id: 'r1' },
          output: { refused: true, reason: 'not in the plan' },
          metadata: { guardrail: 'outside_plan', plan_id: plan.plan_id },
        },
      },
    ]);
    expect(world.logger.lines).toContainEqual({
      level: 'warn',
      message: 'executor refused a tool call',
      attributes: [{ plan_id: plan.plan_id, tool: 'cancelBooking', guardrail: 'outside_plan' }],
    });
    const logged = await world.log.get(plan.plan_id);
    expect(logged?.messages).toHaveLength(2);
    expect(logged?.failure).toBeUndefined();
    expect(stack.sandbox.admin.journal()).toEqual([]);
  });

  it('after an answer, a refused call is a new request: the plan fails at the open step, later calls dropped', async () => {
    for (const [plan, stepNumber] of [
      [planWithDone(1, 2), 2],
      [planWithDone(2, 2), 1],
    ] as const) {
      // Prepare
      const { tools, world } = await rig(plan);

      // Act
      const update = await tools(
        aGraphState({
          plan,
          pending: [refused, deferred, ask],
          after_answer: true,
          log: { seq: undefined, expires_at: 9 },
        }),
      );

      // Assess
      const failure = { kind: 'scope_changed', step_number: stepNumber, message: NEW_REQUEST_MESSAGE };
      expect(update.messages).toEqual([refusedObservation]);
      expect(update.pending).toEqual([]);
      expect(update.after_answer).toBe(false);
      expect(update.failure).toEqual(failure);
      expect(update.outcome).toEqual({ kind: 'failed', failure });
      expect(update.log).toEqual({ seq: 1, expires_at: 9 });
      const logged = await world.log.get(plan.plan_id);
      expect(logged?.failure).toEqual(failure);
      expect(logged?.after_answer).toBe(false);
    }
  });

  it('leaves a question and every call after it pending for the ask_user node', async () => {
    // Prepare
    const plan = planWithDone(1, 2);
    const cases: [PlannedCall[], PlannedCall[], number][] = [
      [[ask, deferred], [ask, deferred], 0],
      [[ask, refused], [ask, refused], 0],
      [[refused, ask, deferred], [ask, deferred], 1],
      [[deferred, ask, refused], [ask, refused], 1],
    ];
    for (const [pending, left, observed] of cases) {
      const { tools, world, events } = await rig(plan);

      // Act
      const update = await tools(aGraphState({ plan, pending }));

      // Assess
      expect(update.pending).toEqual(left);
      expect(update.messages).toHaveLength(observed);
      expect(update.outcome).toEqual({ kind: 'running' });
      expect(events.length).toBeLessThanOrEqual(1);
      expect((await world.log.get(plan.plan_id))?.pending).toEqual(left);
    }
  });
});

/** The step calls of one turn: the first that does not succeed stops the turn. */
describe('executor graph: the tools node runs plan steps in order', () => {
  const stepCall = (n: number, name: string): PlannedCall => ({
    tool_call_id: `c${n}`,
    name,
    kind: 'step',
    step_number: n,
  });
  const turn = (args: { name: string; args: Record<string, unknown> }[]) => ({
    messages: [
      new AIMessage({
        content: '',
        tool_calls: args.map((a, i) => ({
          id: `c${i + 1}`,
          name: a.name,
          args: a.args,
          type: 'tool_call' as const,
        })),
      }),
    ],
  });

  async function runTurn(
    stepsIn: Parameters<typeof aConfirmedPlan>[0],
    args: { name: string; args: Record<string, unknown> }[],
    status?: 400 | 409,
    afterAnswer = false,
  ) {
    const plan = aConfirmedPlan(stepsIn, { status: 'executing' });
    const world = await freshWorld(stack);
    await world.seed(plan);
    if (status) stack.sandbox.admin.injectFault({ operation: 'updateGuestCount', kind: 'status', status });
    const { ctx, events } = nodeContext(world, plan, fakeModel());
    const update = await readable(toolsNode(ctx))(
      aGraphState({
        plan,
        pending: args.map((a, i) => stepCall(i + 1, a.name)),
        after_answer: afterAnswer,
        ...turn(args),
      }),
    );
    return { update, events, world, plan };
  }

  it('a refused change to a confirmed value blocks the later calls of the turn', async () => {
    // Act
    const { update, events } = await runTurn(
      [steps.guestCount(6), steps.note('hi')],
      [
        { name: 'updateGuestCount', args: { booking_id: 'bk_1042', party_size: 7 } },
        { name: 'addBookingNote', args: { booking_id: 'bk_1042', text: 'hi' } },
      ],
    );

    // Assess
    expect(update.outcome).toEqual({ kind: 'running' });
    expect(update.messages?.[1]).toEqual(
      observationMessage('c2', 'addBookingNote', {
        status: 'not_run',
        reason: 'not run: step 1 was refused',
      }),
    );
    expect(events.map((e) => e.attrs?.metadata?.guardrail)).toEqual(['changed_confirmed_value']);
    expect(stack.sandbox.admin.journal({ operation: 'addBookingNote' })).toEqual([]);
  });

  it('after an answer, a refused change to a confirmed value is a new request: the plan fails at that step', async () => {
    // Act
    const { update, world, plan } = await runTurn(
      [steps.guestCount(6), steps.note('hi')],
      [
        { name: 'updateGuestCount', args: { booking_id: 'bk_1042', party_size: 7 } },
        { name: 'addBookingNote', args: { booking_id: 'bk_1042', text: 'hi' } },
      ],
      undefined,
      true,
    );

    // Assess
    const failure = { kind: 'scope_changed', step_number: 1, message: NEW_REQUEST_MESSAGE };
    expect(update.failure).toEqual(failure);
    expect(update.outcome).toEqual({ kind: 'failed', failure });
    expect((await world.log.get(plan.plan_id))?.failure).toEqual(failure);
    expect(stack.sandbox.admin.journal({ operation: 'updateGuestCount' })).toEqual([]);
    expect(stack.sandbox.admin.journal({ operation: 'addBookingNote' })).toEqual([]);
  });

  it('a call the model sent without an id still runs with its own arguments: a changed value is refused', async () => {
    // Prepare: the mapping the agent node logs for an id-less turn, over the same calls.
    const plan = aConfirmedPlan([steps.guestCount(6)], { status: 'executing' });
    const world = await freshWorld(stack);
    await world.seed(plan);
    const { ctx, events } = nodeContext(world, plan, fakeModel());
    const idless = [
      {
        name: 'updateGuestCount',
        args: { booking_id: 'bk_1042', party_size: 7 },
        type: 'tool_call' as const,
      },
    ];

    // Act
    const update = await readable(toolsNode(ctx))(
      aGraphState({
        plan,
        pending: mapToolCalls(plan, ctx.deps.registry, idless),
        messages: [new AIMessage({ content: '', tool_calls: idless })],
      }),
    );

    // Assess: refused as the same call with an id is, not run with no arguments (the confirmed 6).
    expect(events.map((e) => e.attrs?.metadata?.guardrail)).toEqual(['changed_confirmed_value']);
    expect(update.messages?.[0]).toMatchObject({ tool_call_id: 'call_0' });
    expect(stack.sandbox.admin.journal({ operation: 'updateGuestCount' })).toEqual([]);
  });

  const twoSteps = [steps.guestCount(6), steps.note('hi')];
  const twoCalls = [
    { name: 'updateGuestCount', args: { booking_id: 'bk_1042', party_size: 6 } },
    { name: 'addBookingNote', args: { booking_id: 'bk_1042', text: 'hi' } },
  ];

  it('runs the calls of a turn one after another when each succeeds', async () => {
    // Act
    const { update } = await runTurn(twoSteps, twoCalls);

    // Assess
    expect(update.outcome).toEqual({ kind: 'running' });
    expect(update.messages).toHaveLength(2);
    expect(update.plan?.actions.map((a) => a.step_state)).toEqual(['succeeded', 'succeeded']);
    expect(stack.sandbox.admin.journal({ operation: 'addBookingNote' })).toHaveLength(1);
  });

  it('a correctable 400 goes back to the model and the later calls wait for it', async () => {
    // Act
    const { update } = await runTurn(twoSteps, twoCalls, 400);

    // Assess
    expect(update.outcome).toEqual({ kind: 'running' });
    expect(update.failure).toBeUndefined();
    expect(update.messages?.[1]).toEqual(
      observationMessage('c2', 'addBookingNote', {
        status: 'not_run',
        reason: 'not run: step 1 must succeed first',
      }),
    );
    expect(stack.sandbox.admin.journal({ operation: 'addBookingNote' })).toEqual([]);
  });

  it('a failed step fails the plan with its failure and ends the turn without observing the rest', async () => {
    // Act
    const { update, world, plan } = await runTurn(twoSteps, twoCalls, 409);

    // Assess
    expect(update.outcome).toEqual({ kind: 'failed', failure: update.failure });
    expect(update.failure).toMatchObject({ step_number: 1 });
    expect(update.pending).toEqual([]);
    expect(update.messages).toHaveLength(1);
    expect((await world.log.get(plan.plan_id))?.failure).toEqual(update.failure);
    expect(stack.sandbox.admin.journal({ operation: 'addBookingNote' })).toEqual([]);
  });
});
