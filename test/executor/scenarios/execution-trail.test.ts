import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import { InMemoryPlanQueue } from '../../../devkit/adapters/memory/in-memory-plan-queue.ts';
import { OfflineExecutorModel } from '../../../lib/models/offline-executor-model.ts';
import { answerBlockingPrompt } from '../../../lib/plans/answer-blocking-prompt.ts';
import { silentLog } from '../../../lib/plans/ops-log.ts';
import { fixedClock } from '../../../lib/ports/clock.ts';
import { TOKEN } from '../../support/executor-fixture.ts';
import { freshWorld, withBeforeCall } from '../../support/executor-harness.ts';
import { aConfirmedPlan, steps } from '../../support/executor-plans.ts';
import { testTokenSealer } from '../../support/token-sealer.ts';
import { useMemoryExecutorStack } from '../../support/use-memory-executor-stack.ts';

/**
 * What one execution reports (issue 7 Observability, docs/executor.md §9): the `execution` span continuing the
 * plan's trace, one `tool:<action_id>` span per booking API call with masked parameters, a response summary and
 * its outcome, the `rollback` span with the compensations under it, the events (clarification, guardrail,
 * blocking_prompt_answered) and one ops log line per status transition. Asserted whole, because ops and IQ read
 * these as they are.
 */
const stack = useMemoryExecutorStack();

const success = (http_status = 200) => ({ latency_ms: expect.any(Number), outcome: 'success', http_status });

/** The trail of the model's own turns: the model takes every turn (EXECUTOR_DIRECT_STEPS off, issue 32). */
const MODEL_TURNS = { directSteps: false };

describe('executor trail: a mid-chain failure rolled back', () => {
  it('reports the execution, each call, the rollback and its compensation, and both transitions', async () => {
    // Prepare
    const world = await freshWorld(stack, MODEL_TURNS);
    const plan = await world.seed(
      aConfirmedPlan([steps.reschedule('2026-12-12', '10:00'), steps.guestCount(14)]),
    );
    stack.sandbox.admin.injectFault({ operation: 'updateGuestCount', kind: 'status', status: 500 });
    const scope = { userId: plan.user_id, sessionId: plan.session_id, planId: plan.plan_id };
    const booking = (start_time: string, version: number) => ({
      booking_id: 'bk_1042',
      booking_reference: 'BK-1042',
      date: '2026-12-12',
      start_time,
      party_size: 12,
      status: 'confirmed',
      version,
    });
    const tool = (
      action_id: string,
      parent: string,
      input: Record<string, unknown>,
      update: Record<string, unknown>,
      idempotency_key?: string,
    ) => ({
      name: `tool:${action_id}`,
      parent,
      parentRef: undefined,
      scope,
      asType: 'tool',
      input,
      metadata: { action_id, plan_id: plan.plan_id, idempotency_key },
      updates: [update],
      events: [],
    });

    // Act
    await world.deliver(plan, new OfflineExecutorModel());

    // Assess
    expect(world.tracer.spans).toEqual([
      {
        name: 'execution',
        parent: undefined,
        parentRef: { traceId: 'trace-1', rootSpanId: 'root-span-1' },
        scope,
        asType: 'agent',
        input: {
          plan_id: plan.plan_id,
          message_kind: 'start',
          intent_summary: 'Change booking BK-1042',
          steps: 2,
        },
        metadata: undefined,
        updates: [
          {
            output: {
              status: 'rolled_back',
              blocking: false,
              rollback_report: { triggered_by_step: 2, actions_reversed: [1] },
            },
          },
        ],
        events: [],
      },
      tool(
        'getBooking',
        'execution',
        { step_number: 1, purpose: 'pre_image', parameters: { booking_id: 'bk_1042' } },
        { output: booking('15:00', 1), metadata: success(), level: 'DEFAULT' },
      ),
      tool(
        'rescheduleBooking',
        'execution',
        {
          step_number: 1,
          purpose: 'step',
          parameters: { booking_id: 'bk_1042', date: '2026-12-12', start_time: '10:00' },
        },
        { output: booking('10:00', 2), metadata: success(), level: 'DEFAULT' },
        `${plan.plan_id}:step-1`,
      ),
      tool(
        'getBooking',
        'execution',
        { step_number: 2, purpose: 'pre_image', parameters: { booking_id: 'bk_1042' } },
        { output: booking('10:00', 2), metadata: success(), level: 'DEFAULT' },
      ),
      tool(
        'updateGuestCount',
        'execution',
        { step_number: 2, purpose: 'step', parameters: { booking_id: 'bk_1042', party_size: 14 } },
        {
          output: {
            error_type: 'server_error',
            status: 500,
            message: '(injected) internal error',
            field: undefined,
          },
          metadata: { latency_ms: expect.any(Number), outcome: 'server_error', http_status: 500 },
          level: 'ERROR',
          statusMessage: 'server_error',
        },
        `${plan.plan_id}:step-2`,
      ),
      {
        name: 'rollback',
        parent: 'execution',
        parentRef: undefined,
        scope,
        asType: undefined,
        input: { triggered_by_step: 2, error_type: 'server_error' },
        metadata: { plan_id: plan.plan_id },
        updates: [
          {
            output: {
              actions_reversed: [1],
              actions_failed_to_reverse: [],
              irreversible_actions_completed: [],
            },
            level: 'DEFAULT',
          },
        ],
        events: [],
      },
      tool(
        'rescheduleBooking',
        'rollback',
        {
          step_number: 1,
          purpose: 'compensation',
          parameters: { booking_id: 'bk_1042', date: '2026-12-12', start_time: '15:00' },
        },
        { output: booking('15:00', 3), metadata: success(), level: 'DEFAULT' },
        `${plan.plan_id}:step-1:compensate`,
      ),
    ]);
    expect(world.logger.lines.map((l) => [l.level, l.message, l.attributes])).toEqual([
      [
        'info',
        `plan ${plan.plan_id} confirmed → executing`,
        [
          {
            plan_id: plan.plan_id,
            session_id: plan.session_id,
            from: 'confirmed',
            to: 'executing',
            version: 3,
            message_kind: 'start',
          },
        ],
      ],
      [
        'info',
        `plan ${plan.plan_id} executing → rolled_back`,
        [
          {
            plan_id: plan.plan_id,
            session_id: plan.session_id,
            from: 'executing',
            to: 'rolled_back',
            version: 9,
            rollback: true,
            triggered_by_step: 2,
            not_reversed: 0,
          },
        ],
      ],
    ]);
    expect(world.logger.keys).toEqual({
      plan_id: plan.plan_id,
      session_id: plan.session_id,
      trace_id: 'trace-1',
    });
  });

  it('marks a failed plan’s execution span as an error and a failed reversal as a warning', async () => {
    // Prepare: step 2 fails, then step 1's compensation is refused too.
    const world = await freshWorld(stack);
    const plan = await world.seed(
      aConfirmedPlan([steps.reschedule('2026-12-12', '10:00'), steps.guestCount(14)]),
    );
    stack.sandbox.admin.injectFault({ operation: 'updateGuestCount', kind: 'status', status: 500 });
    const api = withBeforeCall(world.bookingApi, (call) => {
      if (call.idempotencyKey === `${plan.plan_id}:step-1:compensate`) {
        stack.sandbox.admin.injectFault({ operation: 'rescheduleBooking', kind: 'status', status: 503 });
      }
    });

    // Act
    await world.deliver(plan, new OfflineExecutorModel(), { deps: { bookingApi: api } });

    // Assess
    const [execution] = world.tracer.named('execution');
    const [rollback] = world.tracer.named('rollback');
    expect(execution?.updates.at(-1)).toMatchObject({ output: { status: 'failed' }, level: 'ERROR' });
    expect(rollback?.updates.at(-1)).toEqual({
      output: { actions_reversed: [], actions_failed_to_reverse: [1], irreversible_actions_completed: [] },
      level: 'WARNING',
    });
  });
});

describe('executor trail: a blocking prompt and its answer', () => {
  it('records the question as a clarification event, then the answer, and says so in the logs', async () => {
    // Prepare
    const world = await freshWorld(stack);
    const plan = await world.seed(aConfirmedPlan([steps.guestCount(null)]));
    const queue = new InMemoryPlanQueue();

    // Act
    await world.deliver(plan, new OfflineExecutorModel());
    const waiting = await world.reload(plan);
    const stored = await world.log.get(plan.plan_id);
    await answerBlockingPrompt(
      {
        plans: world.plans,
        queue,
        tokenSealer: testTokenSealer,
        clock: fixedClock('2026-11-20T10:10:00.000Z'),
        log: silentLog,
      },
      { plan_id: plan.plan_id, user_id: plan.user_id, user_message: '16', token: TOKEN },
    );
    await world.deliver(plan, new OfflineExecutorModel(), { kind: 'resume' });

    // Assess
    const [first, second] = world.tracer.named('execution');
    expect(first?.events).toEqual([
      {
        name: 'clarification',
        attrs: {
          input: { parameter: 'party_size', step_number: 1 },
          output: {
            question:
              'Step 1 (Update guest count for bk_1042) needs a value the plan left open: New number of guests (a number). What should it be?',
          },
        },
      },
    ]);
    expect(first?.updates).toEqual([{ output: { status: 'executing', blocking: true } }]);
    expect(second?.input).toMatchObject({ message_kind: 'resume' });
    expect(second?.events).toEqual([
      { name: 'blocking_prompt_answered', attrs: { metadata: { plan_id: plan.plan_id } } },
    ]);
    expect(world.logger.lines.map((l) => l.message)).toContain('plan paused for a blocking prompt');
    expect(
      world.logger.lines.find((l) => l.message === 'plan paused for a blocking prompt')?.attributes,
    ).toEqual([{ plan_id: plan.plan_id, session_id: plan.session_id }]);
    expect(waiting.blocking_prompt).toBe(
      'Step 1 (Update guest count for bk_1042) needs a value the plan left open: New number of guests (a number). What should it be?',
    );
    expect(stored?.pending).toEqual([
      {
        tool_call_id: 'offline_1_ask_user',
        name: 'ask_user',
        kind: 'ask',
        question:
          'Step 1 (Update guest count for bk_1042) needs a value the plan left open: New number of guests (a number). What should it be?',
        ask_kind: 'missing_value',
        step_number: 1,
        parameter: 'party_size',
        re_asks: 0,
      },
    ]);
    expect(stored?.expires_at).toBe(Date.parse('2026-11-20T10:05:00.000Z') / 1000 + 7 * 24 * 3600);
    expect(stored?.model_calls).toBe(1);
  });
});

describe('executor trail: refusals and outages', () => {
  it('reports a refused call as a guardrail event and a warning naming the tool and the guardrail', async () => {
    // Prepare
    const world = await freshWorld(stack, MODEL_TURNS);
    const plan = await world.seed(aConfirmedPlan([steps.guestCount(14)]));
    const model = fakeModel()
      .respondWithTools([{ name: 'cancelBooking', args: { booking_id: 'bk_1042' }, id: 'x1' }])
      .respondWithTools([
        { name: 'updateGuestCount', args: { booking_id: 'bk_1042', party_size: 14 }, id: 'c2' },
      ]);

    // Act
    await world.deliver(plan, model);

    // Assess
    expect(world.tracer.events('guardrail')).toEqual([
      {
        name: 'guardrail',
        attrs: {
          input: { tool: 'cancelBooking', tool_call_id: 'x1' },
          output: {
            refused: true,
            reason:
              'cancelBooking is not part of the confirmed plan; only the plan\u2019s steps can be executed'.replace(
                '\u2019',
                "'",
              ),
          },
          metadata: { guardrail: 'outside_plan', plan_id: plan.plan_id },
        },
      },
    ]);
    expect(world.logger.lines.filter((l) => l.level === 'warn')).toEqual([
      {
        level: 'warn',
        message: 'executor refused a tool call',
        attributes: [{ plan_id: plan.plan_id, tool: 'cancelBooking', guardrail: 'outside_plan' }],
      },
    ]);
    expect((await world.reload(plan)).status).toBe('completed');
  });

  it('logs each failed model call with the count, and hands the message back to SQS until the bound', async () => {
    // Prepare
    const world = await freshWorld(stack, MODEL_TURNS);
    const plan = await world.seed(aConfirmedPlan([steps.guestCount(14)]));
    const down = () => fakeModel().alwaysThrow(new Error('provider outage'));

    // Act
    const first = world.deliver(plan, down());
    await expect(first).rejects.toMatchObject({
      name: 'ModelCallError',
      retryable: true,
      message: `model call failed while executing plan ${plan.plan_id}`,
    });
    await expect(world.deliver(plan, down())).rejects.toMatchObject({ name: 'ModelCallError' });
    await world.deliver(plan, down());

    // Assess
    const done = await world.reload(plan);
    expect(world.logger.lines.filter((l) => l.level === 'warn')).toEqual(
      [1, 2, 3].map((n) => ({
        level: 'warn',
        message: 'executor model call failed',
        attributes: [{ plan_id: plan.plan_id, model_errors: n }],
      })),
    );
    expect(done.status).toBe('failed');
    expect(done.failure_reason).toBe(
      'The assistant is unavailable right now. Nothing more was changed; please try again later.',
    );
  });
});
