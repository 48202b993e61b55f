import { AIMessage, type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingDataJson } from '../../../../lib/contracts/booking-data-block.ts';
import { OfflineExecutorModel } from '../../../../lib/models/offline-executor-model.ts';
import { committedCalls, type ExecutorStack, freshWorld } from '../../../support/executor-harness.ts';
import { aConfirmedPlan, steps } from '../../../support/executor-plans.ts';

/**
 * The executor's behaviour: self-correction, plan-only tools, bounded loop, admission, registry drift, placeholders. One suite, run by guardrails.int.test.ts over DynamoDB (dynalite) and the
 * sandbox over HTTP, and by guardrails.test.ts over the in-memory adapters and the sandbox in process (the same store
 * contracts, the same sandbox pipeline), like a checkpointer conformance suite.
 */
/**
 * What the executor does with the model's own turns is the subject here, so the model takes every turn
 * (EXECUTOR_DIRECT_STEPS off); test/executor/graph/direct-step.test.ts covers the turns code takes itself (issue 32).
 */
const MODEL_TURNS = { directSteps: false };

export function guardrailsSuite(start: () => Promise<ExecutorStack>): void {
  let stack: ExecutorStack;
  beforeAll(async () => {
    stack = await start();
  });
  afterAll(async () => {
    await stack.stop();
  });

  const reschedule = { booking_id: 'bk_1042', date: '2026-12-12', start_time: '10:00' };

  function lastToolResult(messages: BaseMessage[]): Record<string, unknown> {
    const tool = messages.at(-1);
    if (!(tool instanceof ToolMessage)) throw new Error('expected the last message to be a tool result');
    return JSON.parse(bookingDataJson(String(tool.content)));
  }

  describe('executor: self-correction after a 400', () => {
    it('feeds the API field message back and succeeds on the corrected call', async () => {
      // Prepare
      const world = await freshWorld(stack, MODEL_TURNS);
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
      const model = fakeModel()
        .respondWithTools([{ name: 'rescheduleBooking', args: reschedule, id: 'c1' }])
        .respondWithTools([
          { name: 'rescheduleBooking', args: { ...reschedule, start_time: '10:00' }, id: 'c2' },
        ]);

      // Act
      await world.deliver(plan, model);

      // Assess
      expect((await world.reload(plan)).status).toBe('completed');
      expect(model.callCount).toBe(2);
      expect(lastToolResult(model.calls[1]?.messages ?? [])).toEqual({
        status: 'bad_request',
        step_number: 1,
        message: 'startTime must be a 24-hour time HH:MM',
        field: 'start_time',
        expected_format: 'HH:MM',
        corrections_left: 1,
      });
      const journal = stack.sandbox.admin.journal({ operation: 'rescheduleBooking' });
      expect(journal.map((e) => [e.status, e.committed, e.idempotencyKey])).toEqual([
        [400, false, `${plan.plan_id}:step-1`],
        [200, true, `${plan.plan_id}:step-1:attempt-2`],
      ]);
    });

    it('fails with the parameter issue once MAX_SELF_CORRECTIONS is spent', async () => {
      // Prepare
      const world = await freshWorld(stack, { maxSelfCorrections: 2, directSteps: false });
      const plan = await world.seed(aConfirmedPlan([steps.reschedule('2026-12-12', '10:00')]));
      stack.sandbox.admin.injectFault({
        operation: 'rescheduleBooking',
        kind: 'status',
        status: 400,
        times: 3,
        body: { message: 'date is not bookable', field: 'date' },
      });
      const model = fakeModel();
      for (const id of ['c1', 'c2', 'c3'])
        model.respondWithTools([{ name: 'rescheduleBooking', args: reschedule, id }]);

      // Act
      await world.deliver(plan, model);

      // Assess
      const failed = await world.reload(plan);
      expect(failed.status).toBe('failed');
      expect(failed.failure_reason).toContain('did not accept the value of date (date is not bookable)');
      expect(failed.rollback_report).toBeUndefined();
      expect(failed.actions[0]?.result).toMatchObject({ success: false, error_type: 'bad_request' });
      expect(model.callCount).toBe(3);
    });
  });

  describe('executor: the tools are only the plan actions', () => {
    it('refuses a call outside the plan: error observation, guardrail event, nothing sent', async () => {
      // Prepare
      const world = await freshWorld(stack, MODEL_TURNS);
      const plan = await world.seed(aConfirmedPlan([steps.reschedule('2026-12-12', '10:00')]));
      const model = fakeModel()
        .respondWithTools([
          { name: 'cancelBooking', args: { booking_id: 'bk_1042' }, id: 'c1' },
          { name: 'refundBooking', args: { booking_id: 'bk_1042', amount: 50 }, id: 'c2' },
        ])
        .respondWithTools([{ name: 'rescheduleBooking', args: reschedule, id: 'c3' }]);

      // Act
      await world.deliver(plan, model);

      // Assess
      expect((await world.reload(plan)).status).toBe('completed');
      const operations = stack.sandbox.admin.journal().map((e) => e.operation);
      expect(operations).not.toContain('cancelBooking');
      expect(operations).not.toContain('refundBooking');
      const observations = (model.calls[1]?.messages ?? [])
        .filter((m) => m instanceof ToolMessage)
        .map((m) => JSON.parse(bookingDataJson(String(m.content))));
      expect(observations.map((o) => o.status)).toEqual(['refused', 'refused']);
      expect(world.tracer.events('guardrail').map((e) => e.attrs?.metadata?.guardrail)).toEqual([
        'outside_plan',
        'blocked_action',
      ]);
    });

    it('refuses a change to a confirmed value and sends nothing for it', async () => {
      // Prepare
      const world = await freshWorld(stack, MODEL_TURNS);
      const plan = await world.seed(aConfirmedPlan([steps.reschedule('2026-12-12', '10:00')]));
      const model = fakeModel()
        .respondWithTools([
          { name: 'rescheduleBooking', args: { ...reschedule, start_time: '15:00' }, id: 'c1' },
        ])
        .respondWithTools([{ name: 'rescheduleBooking', args: reschedule, id: 'c2' }]);

      // Act
      await world.deliver(plan, model);

      // Assess
      expect(lastToolResult(model.calls[1]?.messages ?? [])).toMatchObject({
        status: 'refused',
        step_number: 1,
      });
      expect(committedCalls(stack.sandbox)).toEqual([`rescheduleBooking ${plan.plan_id}:step-1`]);
      expect(stack.sandbox.admin.booking('bk_1042')?.startTime).toBe('10:00');
    });

    it('fails the plan when the model stops before the last step, even after a reminder', async () => {
      // Prepare
      const world = await freshWorld(stack, MODEL_TURNS);
      const plan = await world.seed(aConfirmedPlan([steps.reschedule('2026-12-12', '10:00')]));
      const model = fakeModel()
        .respond(new AIMessage('I would rather not.'))
        .respond(new AIMessage('Still no.'));

      // Act
      await world.deliver(plan, model);

      // Assess
      const failed = await world.reload(plan);
      expect(failed.status).toBe('failed');
      expect(failed.failure_reason).toBe(
        'Step 1 (rescheduleBooking) could not be completed. Nothing more was changed; please try again.',
      );
      expect(stack.sandbox.admin.journal()).toEqual([]);
    });
  });

  describe('executor: bounded loop', () => {
    it('fails the plan once MAX_EXECUTOR_MODEL_CALLS is spent on refused calls', async () => {
      // Prepare
      const world = await freshWorld(stack, MODEL_TURNS);
      const plan = await world.seed(aConfirmedPlan([steps.reschedule('2026-12-12', '10:00')]));
      const model = fakeModel();
      for (let i = 0; i < 12; i += 1)
        model.respondWithTools([{ name: 'cancelBooking', args: { booking_id: 'bk_1042' }, id: `c${i}` }]);

      // Act
      await world.deliver(plan, model);

      // Assess
      const failed = await world.reload(plan);
      expect(failed.status).toBe('failed');
      expect(failed.failure_reason).toContain('could not be finished within 12 assistant steps');
      expect(model.callCount).toBe(12);
      expect(stack.sandbox.admin.journal()).toEqual([]);
    });
  });

  describe('executor: message admission', () => {
    it('retries a message that arrives before its plan reads confirmed', async () => {
      // Prepare
      const world = await freshWorld(stack);
      const plan = await world.seed(
        aConfirmedPlan([steps.guestCount(5)], { status: 'pending_confirmation', confirmed_at: undefined }),
      );

      // Act
      const delivery = world.deliver(plan, new OfflineExecutorModel());

      // Assess
      await expect(delivery).rejects.toMatchObject({ name: 'PlanNotReadyError', retryable: true });
      expect((await world.reload(plan)).status).toBe('pending_confirmation');
    });

    it('acknowledges a duplicate message for a finished plan without effect', async () => {
      // Prepare
      const world = await freshWorld(stack);
      const plan = await world.seed(aConfirmedPlan([steps.guestCount(5)]));
      await world.deliver(plan, new OfflineExecutorModel());
      const before = await world.reload(plan);
      const journalSize = stack.sandbox.admin.journal().length;

      // Act
      await world.deliver(plan, new OfflineExecutorModel());

      // Assess
      expect(await world.reload(plan)).toEqual(before);
      expect(stack.sandbox.admin.journal()).toHaveLength(journalSize);
    });

    it('acknowledges a message for an unknown plan', async () => {
      const world = await freshWorld(stack);
      const ghost = aConfirmedPlan([steps.guestCount(5)]);

      await expect(world.deliver(ghost, new OfflineExecutorModel())).resolves.toBeUndefined();
    });

    it('retries a model outage by redelivery, then fails the plan after a bounded number', async () => {
      // Prepare
      const world = await freshWorld(stack, MODEL_TURNS);
      const plan = await world.seed(aConfirmedPlan([steps.guestCount(5)]));
      const down = () => fakeModel().alwaysThrow(new Error('503 from the provider'));

      // Act
      const first = world.deliver(plan, down());
      await expect(first).rejects.toMatchObject({ name: 'ModelCallError' });
      await expect(world.deliver(plan, down())).rejects.toMatchObject({ name: 'ModelCallError' });
      await world.deliver(plan, down());

      // Assess
      const failed = await world.reload(plan);
      expect(failed.status).toBe('failed');
      expect(failed.failure_reason).toContain('The assistant is unavailable right now');
      expect(stack.sandbox.admin.journal()).toEqual([]);
    });
  });

  describe('executor: registry drift', () => {
    it('fails a plan whose action is no longer offered instead of retrying it forever', async () => {
      // Prepare: a plan step names an action the registry does not have (removed since planning).
      const world = await freshWorld(stack);
      const plan = await world.seed(
        aConfirmedPlan([{ action_id: 'retiredAction', parameters: { booking_id: 'bk_1042' } }]),
      );

      // Act
      await world.deliver(plan, new OfflineExecutorModel());

      // Assess
      const failed = await world.reload(plan);
      expect(failed.status).toBe('failed');
      expect(failed.failure_reason).toContain('can no longer be executed');
      expect(stack.sandbox.admin.journal()).toEqual([]);
    });
  });

  describe('executor: an unresolved {{step_N.field}} placeholder', () => {
    it('is not filled with a value from nowhere (another booking id): nothing is sent, the step fails', async () => {
      // Prepare: step 1's output (a note) has no booking_id, so step 2's placeholder cannot be resolved.
      const world = await freshWorld(stack, { maxSelfCorrections: 0 });
      const plan = await world.seed(
        aConfirmedPlan([
          steps.note('Cake at 9:45'),
          {
            action_id: 'updateGuestCount',
            parameters: { booking_id: '{{step_1.booking_id}}', party_size: 14 },
          },
        ]),
      );
      const model = fakeModel()
        .respondWithTools([
          { name: 'addBookingNote', args: { booking_id: 'bk_1042', text: 'Cake at 9:45' }, id: 'c1' },
        ])
        .respondWithTools([
          { name: 'updateGuestCount', args: { booking_id: 'bk_1043', party_size: 14 }, id: 'c2' },
        ]);

      // Act
      await world.deliver(plan, model);

      // Assess
      const done = await world.reload(plan);
      expect(done.actions[1]?.step_state).toBe('failed');
      expect(done.failure_reason).toContain(
        'the value offered (booking_id "bk_1043") is neither in that step\'s recorded output nor in the user\'s answer',
      );
      expect(stack.sandbox.admin.journal({ operation: 'updateGuestCount' })).toEqual([]);
      expect(stack.sandbox.admin.booking('bk_1043')?.partySize).not.toBe(14);
    });
  });
}
