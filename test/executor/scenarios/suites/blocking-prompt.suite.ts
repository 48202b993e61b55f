import { AIMessage, isAIMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryPlanQueue } from '../../../../devkit/adapters/memory/in-memory-plan-queue.ts';
import { OfflineExecutorModel } from '../../../../lib/models/offline-executor-model.ts';
import { answerBlockingPrompt } from '../../../../lib/plans/answer-blocking-prompt.ts';
import { silentLog } from '../../../../lib/plans/ops-log.ts';
import type { StoredPlan } from '../../../../lib/plans/stored-plan.ts';
import { fixedClock } from '../../../../lib/ports/clock.ts';
import { TOKEN } from '../../../support/executor-fixture.ts';
import {
  committedCalls,
  type ExecutorStack,
  type ExecutorWorld,
  freshWorld,
} from '../../../support/executor-harness.ts';
import { aConfirmedPlan, steps } from '../../../support/executor-plans.ts';
import { testTokenSealer } from '../../../support/token-sealer.ts';

/**
 * The executor's behaviour: blocking prompts across invocations. One suite, run by blocking-prompt.int.test.ts over DynamoDB (dynalite) and the
 * sandbox over HTTP, and by blocking-prompt.test.ts over the in-memory adapters and the sandbox in process (the same store
 * contracts, the same sandbox pipeline), like a checkpointer conformance suite.
 */
export function blockingPromptSuite(start: () => Promise<ExecutorStack>): void {
  let stack: ExecutorStack;
  beforeAll(async () => {
    stack = await start();
  });
  afterAll(async () => {
    await stack.stop();
  });

  /** The IQ-facing answer use case (lib/plans), as POST /v1/plans/{id}/answer runs it. */
  async function answer(world: ExecutorWorld, plan: StoredPlan, text: string): Promise<InMemoryPlanQueue> {
    const queue = new InMemoryPlanQueue();
    await answerBlockingPrompt(
      {
        plans: world.plans,
        queue,
        tokenSealer: testTokenSealer,
        clock: fixedClock('2026-11-20T10:10:00.000Z'),
        log: silentLog,
      },
      { plan_id: plan.plan_id, user_id: plan.user_id, user_message: text, token: TOKEN },
    );
    return queue;
  }

  /** A plan whose second step leaves the party size open (a data gap within the confirmed intent). */
  function planWithGap(): StoredPlan {
    return aConfirmedPlan([steps.reschedule('2026-12-12', '10:00'), steps.guestCount(null)], {
      intent_summary: 'Move BK-1042 to 10:00 and update the guest count',
    });
  }

  describe('executor: blocking prompts across invocations', () => {
    it('asks, ends the invocation, and resumes from the checkpoint without re-running completed steps', async () => {
      // Prepare
      const world = await freshWorld(stack);
      const plan = await world.seed(planWithGap());

      // Act 1: the first invocation asks and ends.
      await world.deliver(plan, new OfflineExecutorModel());
      const waiting = await world.reload(plan);

      // Assess 1
      expect(waiting.status).toBe('executing');
      expect(waiting.blocking_prompt).toBe(
        'Step 2 (Update guest count for BK-1042) needs a value the plan left open: New number of guests (a number). What should it be?',
      );
      expect(waiting.actions.map((s) => s.step_state)).toEqual(['succeeded', 'pending']);
      expect(await world.sessions.claimBlockingSlot(plan.session_id, 'another-plan')).toBe(false);

      // Act 2: a duplicate start while waiting is acknowledged; the answer re-enqueues a resume.
      await world.deliver(plan, new OfflineExecutorModel());
      const queue = await answer(world, plan, '16 guests');
      const [resume] = queue.drain();
      await world.deliver(plan, new OfflineExecutorModel(), { kind: resume?.message.kind ?? 'resume' });

      // Assess 2
      const done = await world.reload(plan);
      expect(resume?.message.kind).toBe('resume');
      expect(done.status).toBe('completed');
      expect(done.blocking_prompt).toBeUndefined();
      expect(done.blocking_answer).toBeUndefined();
      expect(done.actions[1]?.resolved_parameters).toEqual({ booking_id: 'bk_1042', party_size: 16 });
      expect(committedCalls(stack.sandbox)).toEqual([
        `rescheduleBooking ${plan.plan_id}:step-1`,
        `updateGuestCount ${plan.plan_id}:step-2`,
      ]);
      expect(await world.sessions.claimBlockingSlot(plan.session_id, 'another-plan')).toBe(true);
      expect(world.tracer.events('clarification')).toHaveLength(1);
      expect(world.tracer.named('execution').every((s) => s.parentRef?.traceId === 'trace-1')).toBe(true);
    });

    it('round-trips the model turn metadata (thought signatures) through the DynamoDB checkpoint', async () => {
      // Prepare: invocation 1's model asks with a signed turn; invocation 2 is a new model (a new Lambda).
      const world = await freshWorld(stack);
      const plan = await world.seed(aConfirmedPlan([steps.guestCount(null)]));
      const signature = { __gemini_function_call_thought_signatures__: { ask1: 'CiQBVKhc7g/sig==' } };
      const first = fakeModel().respond(
        new AIMessage({
          content: '',
          additional_kwargs: signature,
          tool_calls: [
            {
              id: 'ask1',
              name: 'ask_user',
              args: { kind: 'missing_value', parameter: 'party_size' },
              type: 'tool_call',
            },
          ],
        }),
      );
      let replayedKwargs: unknown;
      const second = fakeModel().respond((messages) => {
        replayedKwargs = messages.find(
          (m) => isAIMessage(m) && m.tool_calls?.[0]?.id === 'ask1',
        )?.additional_kwargs;
        return new AIMessage({
          content: '',
          tool_calls: [
            {
              id: 'c2',
              name: 'updateGuestCount',
              args: { booking_id: 'bk_1042', party_size: 9 },
              type: 'tool_call',
            },
          ],
        });
      });

      // Act
      await world.deliver(plan, first);
      await answer(world, plan, 'nine, please');
      await world.deliver(plan, second, { kind: 'resume' });

      // Assess
      expect(replayedKwargs).toEqual(signature);
      expect((await world.reload(plan)).status).toBe('completed');
      expect(stack.sandbox.admin.booking('bk_1042')?.partySize).toBe(9);
    });

    it('an answer naming another booking fails with "start a new request" and rolls back', async () => {
      // Prepare
      const world = await freshWorld(stack);
      const plan = await world.seed(planWithGap());
      await world.deliver(plan, new OfflineExecutorModel());

      // Act
      await answer(world, plan, 'Actually, do this for BK-1043 instead');
      await world.deliver(plan, new OfflineExecutorModel(), { kind: 'resume' });

      // Assess
      const done = await world.reload(plan);
      expect(done.status).toBe('rolled_back');
      expect(done.failure_reason).toContain('please start a new request');
      expect(done.rollback_report).toEqual({ triggered_by_step: 2, actions_reversed: [1] });
      expect(stack.sandbox.admin.booking('bk_1042')?.startTime).toBe('15:00');
      expect(stack.sandbox.admin.journal({ operation: 'updateGuestCount' })).toEqual([]);
    });

    it('an answer that leads the model to a new action fails with "start a new request"', async () => {
      // Prepare
      const world = await freshWorld(stack);
      const plan = await world.seed(aConfirmedPlan([steps.guestCount(null)]));
      const first = fakeModel().respondWithTools([
        { name: 'ask_user', args: { kind: 'missing_value', parameter: 'party_size' }, id: 'ask1' },
      ]);
      const second = fakeModel().respondWithTools([
        { name: 'cancelBooking', args: { booking_id: 'bk_1042' }, id: 'c2' },
      ]);

      // Act
      await world.deliver(plan, first);
      await answer(world, plan, '12, and then cancel the whole booking');
      await world.deliver(plan, second, { kind: 'resume' });

      // Assess
      const done = await world.reload(plan);
      expect(done.status).toBe('failed');
      expect(done.failure_reason).toContain('please start a new request');
      expect(done.rollback_report).toBeUndefined();
      expect(stack.sandbox.admin.journal({ operation: 'cancelBooking' })).toEqual([]);
      expect(world.tracer.events('guardrail')).toHaveLength(1);
    });

    it('releases the session’s blocking slot as soon as the answer is taken, before the plan finishes', async () => {
      // Prepare: the model is down on the turn after the answer, so the plan stays executing.
      const world = await freshWorld(stack);
      const plan = await world.seed(planWithGap());
      await world.deliver(plan, new OfflineExecutorModel());
      await answer(world, plan, '16 guests');
      const down = fakeModel().alwaysThrow(new Error('provider outage'));

      // Act
      const resumed = world.deliver(plan, down, { kind: 'resume' });

      // Assess
      await expect(resumed).rejects.toMatchObject({ name: 'ModelCallError' });
      const waiting = await world.reload(plan);
      expect(waiting.status).toBe('executing');
      expect(waiting.blocking_answer).toBeUndefined();
      expect(await world.sessions.claimBlockingSlot(plan.session_id, 'another-plan')).toBe(true);
    });

    it('fails when another plan of the session already holds the blocking slot (000 invariant)', async () => {
      // Prepare
      const world = await freshWorld(stack);
      const plan = await world.seed(planWithGap());
      await world.sessions.claimBlockingSlot(plan.session_id, 'other-plan');

      // Act
      await world.deliver(plan, new OfflineExecutorModel());

      // Assess
      const done = await world.reload(plan);
      expect(done.status).toBe('rolled_back');
      expect(done.blocking_prompt).toBeUndefined();
      expect(done.failure_reason).toContain('another request in this chat is already waiting');
    });
  });
}
