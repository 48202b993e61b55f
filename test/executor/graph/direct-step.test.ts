import { type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import { bookingDataJson } from '../../../lib/contracts/booking-data-block.ts';
import { OfflineExecutorModel } from '../../../lib/models/offline-executor-model.ts';
import { answerPrompt, committedCalls, freshWorld } from '../../support/executor-harness.ts';
import { aConfirmedPlan, steps } from '../../support/executor-plans.ts';
import { useMemoryExecutorStack } from '../../support/use-memory-executor-stack.ts';

const stack = useMemoryExecutorStack();

const reschedule = { booking_id: 'bk_1042', date: '2026-12-12', start_time: '10:00' };

function lastToolResult(messages: readonly BaseMessage[]): Record<string, unknown> {
  const tool = messages.at(-1);
  if (!(tool instanceof ToolMessage)) throw new Error('expected the last message to be a tool result');
  return JSON.parse(bookingDataJson(String(tool.content)));
}

/** Issue 32: no model turn for a step the confirmed plan fully determines (EXECUTOR_DIRECT_STEPS). */
describe('executor: fully determined steps run without a model turn', () => {
  it('executes a single-step plan with no model call, once, under the step key', async () => {
    // Prepare: a model with nothing scripted fails the test if it is asked at all.
    const world = await freshWorld(stack);
    const plan = await world.seed(aConfirmedPlan([steps.reschedule('2026-12-12', '10:00')]));
    const model = fakeModel();

    // Act
    await world.deliver(plan, model);

    // Assess
    const done = await world.reload(plan);
    expect(model.callCount).toBe(0);
    expect(done.status).toBe('completed');
    expect(done.actions[0]?.resolved_parameters).toEqual(reschedule);
    expect(committedCalls(stack.sandbox)).toEqual([`rescheduleBooking ${plan.plan_id}:step-1`]);
    expect(stack.sandbox.admin.booking('bk_1042')?.startTime).toBe('10:00');
  });

  it('asks the model for every step when EXECUTOR_DIRECT_STEPS is off (the old design, for the bench)', async () => {
    // Prepare
    const world = await freshWorld(stack, { directSteps: false });
    const plan = await world.seed(aConfirmedPlan([steps.reschedule('2026-12-12', '10:00')]));
    const model = fakeModel().respondWithTools([{ name: 'rescheduleBooking', args: reschedule, id: 'c1' }]);

    // Act
    await world.deliver(plan, model);

    // Assess
    expect(model.callCount).toBe(1);
    expect((await world.reload(plan)).status).toBe('completed');
    expect(committedCalls(stack.sandbox)).toEqual([`rescheduleBooking ${plan.plan_id}:step-1`]);
  });

  it('resolves a placeholder from the earlier step and still needs no model call', async () => {
    // Prepare
    const world = await freshWorld(stack);
    const plan = await world.seed(
      aConfirmedPlan([
        { action_id: 'getBooking', parameters: { booking_id: 'bk_1042' } },
        { action_id: 'updateGuestCount', parameters: { booking_id: '{{step_1.booking_id}}', party_size: 9 } },
      ]),
    );
    const model = fakeModel();

    // Act
    await world.deliver(plan, model);

    // Assess
    const done = await world.reload(plan);
    expect(model.callCount).toBe(0);
    expect(done.status).toBe('completed');
    expect(done.actions[1]?.resolved_parameters).toEqual({ booking_id: 'bk_1042', party_size: 9 });
  });

  it('hands a 400 to the model, which self-corrects on the next attempt key', async () => {
    // Prepare: the first send (by code) gets a 400; only then is the model asked.
    const world = await freshWorld(stack);
    const plan = await world.seed(aConfirmedPlan([steps.reschedule('2026-12-12', '10:00')]));
    stack.sandbox.admin.injectFault({
      operation: 'rescheduleBooking',
      kind: 'status',
      status: 400,
      body: {
        message: 'startTime must be a 24-hour time HH:MM',
        field: 'startTime',
        expectedFormat: 'HH:MM',
      },
    });
    const model = fakeModel().respondWithTools([
      { name: 'rescheduleBooking', args: { ...reschedule, start_time: '10:00' }, id: 'c1' },
    ]);

    // Act
    await world.deliver(plan, model);

    // Assess
    expect(model.callCount).toBe(1);
    expect(lastToolResult(model.calls[0]?.messages ?? [])).toEqual({
      status: 'bad_request',
      step_number: 1,
      message: 'startTime must be a 24-hour time HH:MM',
      field: 'start_time',
      expected_format: 'HH:MM',
      corrections_left: 1,
    });
    expect((await world.reload(plan)).status).toBe('completed');
    const journal = stack.sandbox.admin.journal({ operation: 'rescheduleBooking' });
    expect(journal.map((e) => [e.status, e.committed, e.idempotencyKey])).toEqual([
      [400, false, `${plan.plan_id}:step-1`],
      [200, true, `${plan.plan_id}:step-1:attempt-2`],
    ]);
  });

  it('asks the model only for the step with a value the plan lacks, which raises a blocking prompt and reads the answer', async () => {
    // Prepare: step 1 is fully determined; step 2 leaves party_size open.
    const world = await freshWorld(stack);
    const plan = await world.seed(
      aConfirmedPlan([steps.reschedule('2026-12-12', '10:00'), steps.guestCount(null)]),
    );
    const model = fakeModel()
      .respondWithTools([
        { name: 'ask_user', args: { kind: 'missing_value', parameter: 'party_size' }, id: 'a1' },
      ])
      .respondWithTools([
        { name: 'updateGuestCount', args: { booking_id: 'bk_1042', party_size: 16 }, id: 'c2' },
      ]);

    // Act: the first delivery blocks on the question; the user answers; the resume finishes the plan.
    await world.deliver(plan, model);
    const blocked = await world.reload(plan);
    await answerPrompt(world, blocked, '16 guests');
    await world.deliver(plan, model, { kind: 'resume' });

    // Assess
    expect(blocked.status).toBe('executing');
    expect(blocked.actions.map((s) => s.step_state)).toEqual(['succeeded', 'pending']);
    expect(blocked.blocking_prompt).toContain('New number of guests');
    expect(model.callCount).toBe(2);
    const done = await world.reload(plan);
    expect(done.status).toBe('completed');
    expect(done.actions[1]?.resolved_parameters).toEqual({ booking_id: 'bk_1042', party_size: 16 });
    expect(committedCalls(stack.sandbox)).toEqual([
      `rescheduleBooking ${plan.plan_id}:step-1`,
      `updateGuestCount ${plan.plan_id}:step-2`,
    ]);
  });

  it('leaves a value only the model can reformat to the model (the offline model fixes "10am")', async () => {
    // Prepare: "10am" fails the registry schema, so code does not send it.
    const world = await freshWorld(stack);
    const plan = await world.seed(aConfirmedPlan([steps.reschedule('2026-12-12', '10am')]));

    // Act
    await world.deliver(plan, new OfflineExecutorModel());

    // Assess
    const done = await world.reload(plan);
    expect(done.status).toBe('completed');
    expect(done.actions[0]?.resolved_parameters).toMatchObject({ start_time: '10:00' });
    expect(stack.sandbox.admin.journal({ operation: 'rescheduleBooking' })).toHaveLength(1);
  });
});
