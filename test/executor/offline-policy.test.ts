import { AIMessage, type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { initialMessages } from '../../lib/executor/graph/prompt.ts';
import { offlineExecutorTurn } from '../../lib/models/offline/offline-executor-policy.ts';
import { OfflineExecutorModel } from '../../lib/models/offline-executor-model.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import { aConfirmedPlan, steps } from '../support/executor-plans.ts';

const registry = loadCompiledRegistry();

function turnAfter(messages: BaseMessage[], observation: Record<string, unknown>): BaseMessage[] {
  const last = messages.at(-1);
  const id = last instanceof AIMessage ? (last.tool_calls?.[0]?.id ?? '') : '';
  return [...messages, new ToolMessage({ tool_call_id: id, content: JSON.stringify(observation) })];
}

describe('offlineExecutorTurn', () => {
  it('calls the plan steps in order with their confirmed parameters, then stops', () => {
    // Prepare
    const plan = aConfirmedPlan([
      steps.reschedule('2026-12-12', '10:00'),
      { action_id: 'updateGuestCount', parameters: { booking_id: '{{step_1.booking_id}}', party_size: 9 } },
    ]);
    let messages: BaseMessage[] = initialMessages(plan, registry);

    // Act
    const first = offlineExecutorTurn(messages);
    messages = turnAfter([...messages, first], { status: 'succeeded', step_number: 1, data: {} });
    const second = offlineExecutorTurn(messages);
    messages = turnAfter([...messages, second], { status: 'succeeded', step_number: 2, data: {} });
    const last = offlineExecutorTurn(messages);

    // Assess
    expect(first.tool_calls?.[0]).toMatchObject({
      name: 'rescheduleBooking',
      args: plan.actions[0]?.parameters,
    });
    expect(second.tool_calls?.[0]).toMatchObject({
      name: 'updateGuestCount',
      args: { booking_id: '{{step_1.booking_id}}', party_size: 9 },
    });
    expect(last.tool_calls ?? []).toEqual([]);
    expect(last.content).toBe('All steps of the confirmed plan are done.');
  });

  it('asks for a missing required value and uses the answer', () => {
    // Prepare
    const plan = aConfirmedPlan([steps.guestCount(null)]);
    const messages: BaseMessage[] = initialMessages(plan, registry);

    // Act
    const ask = offlineExecutorTurn(messages);
    const next = offlineExecutorTurn(
      turnAfter([...messages, ask], { status: 'answered', answer: 'make it 16 guests' }),
    );

    // Assess
    expect(ask.tool_calls?.[0]).toMatchObject({ name: 'ask_user', args: { parameter: 'party_size' } });
    expect(next.tool_calls?.[0]).toMatchObject({
      name: 'updateGuestCount',
      args: { booking_id: 'bk_1042', party_size: 16 },
    });
  });

  it('fixes formats once after a rejected call, and gives up when nothing changes', () => {
    // Prepare
    const plan = aConfirmedPlan([steps.reschedule('2026-12-12', '3pm')]);
    const messages: BaseMessage[] = initialMessages(plan, registry);
    const first = offlineExecutorTurn(messages);
    const rejected = {
      status: 'invalid_arguments',
      step_number: 1,
      message: 'start_time: must be HH:MM',
      corrections_left: 1,
    };

    // Act
    const afterFirst = turnAfter([...messages, first], rejected);
    const fixed = offlineExecutorTurn(afterFirst);
    const givesUp = offlineExecutorTurn(turnAfter([...afterFirst, fixed], rejected));

    // Assess
    expect(fixed.tool_calls?.[0]?.args).toMatchObject({ start_time: '15:00' });
    expect(givesUp.tool_calls ?? []).toEqual([]);
  });

  it('is a chat model the executor can bind tools to', async () => {
    const model = new OfflineExecutorModel();

    const reply = await model
      .bindTools([])
      .invoke(initialMessages(aConfirmedPlan([steps.guestCount(5)]), registry));

    expect(reply.tool_calls?.[0]?.name).toBe('updateGuestCount');
  });
});
