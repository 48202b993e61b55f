import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfflineExecutorModel } from '../../../../lib/models/offline-executor-model.ts';
import { committedCalls, type ExecutorStack, freshWorld } from '../../../support/executor-harness.ts';
import { aConfirmedPlan, steps } from '../../../support/executor-plans.ts';

/**
 * The executor's behaviour: a confirmed plan runs to completion; inputs and guardrails. One suite, run by execution.int.test.ts over DynamoDB (dynalite) and the
 * sandbox over HTTP, and by execution.test.ts over the in-memory adapters and the sandbox in process (the same store
 * contracts, the same sandbox pipeline), like a checkpointer conformance suite.
 */
export function executionSuite(start: () => Promise<ExecutorStack>): void {
  let stack: ExecutorStack;
  beforeAll(async () => {
    stack = await start();
  });
  afterAll(async () => {
    await stack.stop();
  });

  describe('executor: a confirmed plan runs to completion', () => {
    it('executes each step once through the ReAct graph and summarises before → after', async () => {
      // Prepare
      const world = await freshWorld(stack);
      const plan = await world.seed(
        aConfirmedPlan([steps.reschedule('2026-12-12', '10:00'), steps.guestCount(14)]),
      );

      // Act
      await world.deliver(plan, new OfflineExecutorModel());

      // Assess
      const done = await world.reload(plan);
      expect(done.status).toBe('completed');
      expect(done.completed_at).toBeDefined();
      expect(done.actions.map((s) => [s.step_state, s.executed])).toEqual([
        ['succeeded', true],
        ['succeeded', true],
      ]);
      expect(done.actions[0]?.result?.response_data?.change_summary).toBe(
        'Booking BK-1042: Reschedule booking: start time 15:00 → 10:00',
      );
      expect(done.actions[1]?.result?.response_data?.change_summary).toBe(
        'Booking BK-1042: Update guest count: party size 12 → 14',
      );
      expect(committedCalls(stack.sandbox)).toEqual([
        `rescheduleBooking ${plan.plan_id}:step-1`,
        `updateGuestCount ${plan.plan_id}:step-2`,
      ]);
      const booking = stack.sandbox.admin.booking('bk_1042');
      expect([booking?.startTime, booking?.partySize]).toEqual(['10:00', 14]);
    });
  });

  describe('executor: inputs and guardrails', () => {
    it('resolves {{step_N.field}} from the recorded output of an earlier step', async () => {
      // Prepare
      const world = await freshWorld(stack);
      const plan = await world.seed(
        aConfirmedPlan([
          { action_id: 'getBooking', parameters: { booking_id: 'bk_1042' } },
          {
            action_id: 'updateGuestCount',
            parameters: { booking_id: '{{step_1.booking_id}}', party_size: 9 },
          },
        ]),
      );

      // Act
      await world.deliver(plan, new OfflineExecutorModel());

      // Assess
      const done = await world.reload(plan);
      expect(done.status).toBe('completed');
      expect(done.actions[1]?.resolved_parameters).toEqual({ booking_id: 'bk_1042', party_size: 9 });
      expect(stack.sandbox.admin.booking('bk_1042')?.partySize).toBe(9);
    });

    it('masks guest contact details in the tool span at the source, before any exporter sees them', async () => {
      // Prepare
      const world = await freshWorld(stack);
      const plan = await world.seed(
        aConfirmedPlan([steps.contact({ email: 'priya.nair@example.com', phone: '+61 400 123 456' })]),
      );

      // Act
      await world.deliver(plan, new OfflineExecutorModel());

      // Assess
      const [span] = world.tracer.named('tool:updateContactDetails');
      expect((await world.reload(plan)).status).toBe('completed');
      expect(span?.input).toMatchObject({
        step_number: 1,
        purpose: 'step',
        parameters: { booking_id: 'bk_1042', email: 'p***@example.com', phone: '***56' },
      });
      expect(JSON.stringify(world.tracer.spans)).not.toContain('priya.nair@example.com');
      expect(JSON.stringify(world.tracer.spans)).not.toContain('123 456');
    });

    it('binds only the plan actions plus ask_user as tools', async () => {
      // Prepare: the model takes every turn (EXECUTOR_DIRECT_STEPS off), so its tools are bound each time.
      const world = await freshWorld(stack, { directSteps: false });
      const plan = await world.seed(
        aConfirmedPlan([steps.reschedule('2026-12-12', '10:00'), steps.guestCount(14)]),
      );
      const model = new OfflineExecutorModel();
      const bound: string[][] = [];
      const original = model.bindTools.bind(model);
      model.bindTools = (tools) => {
        bound.push(
          tools.map((t) =>
            'function' in t && typeof t.function === 'object' ? String(t.function.name) : '?',
          ),
        );
        return original(tools);
      };

      // Act
      await world.deliver(plan, model);

      // Assess
      expect(bound.length).toBeGreaterThan(0);
      for (const names of bound) expect(names).toEqual(['rescheduleBooking', 'updateGuestCount', 'ask_user']);
    });

    it('fixes a value format itself and sends nothing invalid (000: self-correct minor issues)', async () => {
      // Prepare: the plan carries "10am", which the registry schema rejects before any HTTP call.
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

    it('masks guest PII in the plan item once the plan is terminal', async () => {
      // Prepare
      const world = await freshWorld(stack);
      const plan = await world.seed(
        aConfirmedPlan([steps.contact({ email: 'new.address@example.org', phone: '+61 400 111 222' })]),
      );

      // Act
      await world.deliver(plan, new OfflineExecutorModel());

      // Assess
      const done = await world.reload(plan);
      expect(done.status).toBe('completed');
      expect(done.pii_masked).toBe(true);
      const item = JSON.stringify(done);
      for (const secret of [
        'new.address@example.org',
        '+61 400 111 222',
        'john.smith@example.com',
        '+61 412 555 019',
      ]) {
        expect(item).not.toContain(secret);
      }
      expect(done.actions[0]?.parameters.email).toBe('n***@example.org');
      expect(stack.sandbox.admin.booking('bk_1042')?.email).toBe('new.address@example.org');
    });

    it('continues the stored trace: execution span with one tool span per call, no token anywhere', async () => {
      // Prepare
      const world = await freshWorld(stack);
      const plan = await world.seed(aConfirmedPlan([steps.guestCount(13)]));

      // Act
      await world.deliver(plan, new OfflineExecutorModel());

      // Assess
      const [execution] = world.tracer.named('execution');
      expect(execution?.parentRef).toEqual({ traceId: 'trace-1', rootSpanId: 'root-span-1' });
      expect(world.tracer.named('tool:').map((s) => [s.name, s.parent])).toEqual([
        ['tool:getBooking', 'execution'],
        ['tool:updateGuestCount', 'execution'],
      ]);
      const tool = world.tracer.named('tool:updateGuestCount')[0];
      expect(tool?.input).toMatchObject({ parameters: { booking_id: 'bk_1042', party_size: 13 } });
      expect(tool?.updates[0]?.metadata).toMatchObject({ outcome: 'success', http_status: 200 });
      const everything = JSON.stringify([world.tracer.spans, world.logger.lines, await world.reload(plan)]);
      expect(everything).not.toContain('exec-token-harbour-0001');
    });
  });
}
