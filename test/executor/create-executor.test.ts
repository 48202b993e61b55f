import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decidedFailure, freshRecord } from '../../lib/executor/execution-record.ts';
import type { CrashPoint } from '../../lib/executor/executor-deps.ts';
import type { StepDeps } from '../../lib/executor/run-context.ts';
import { OfflineExecutorModel } from '../../lib/models/offline-executor-model.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import { fixedClock } from '../../lib/ports/clock.ts';
import type { ExecutionFailure, ExecutionLog, ExecutionRecord } from '../../lib/ports/execution-log.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import { answerPrompt, committedCalls, freshWorld } from '../support/executor-harness.ts';
import { aConfirmedPlan, steps } from '../support/executor-plans.ts';
import { planInStates, STEP_STATES } from '../support/top-plans.ts';
import { useMemoryExecutorStack } from '../support/use-memory-executor-stack.ts';

const registry = loadCompiledRegistry();

describe('executor checkpoint: a first invocation starts from a fresh record', () => {
  it('holds the opening conversation, zero counters, and a TTL of one week from now', () => {
    // Prepare
    const deps = { clock: fixedClock('2026-11-20T10:05:00.400Z'), registry } as unknown as StepDeps;
    const plan = aConfirmedPlan([steps.guestCount(14)]);

    // Act
    const record = freshRecord(deps, plan);

    // Assess
    const { messages, ...rest } = record;
    expect(rest).toEqual({
      plan_id: plan.plan_id,
      seq: 0,
      pending: [],
      model_calls: 0,
      model_errors: 0,
      corrections: {},
      nudges: 0,
      after_answer: false,
      compensation_failures: {},
      compensation_versions: {},
      updated_at: '2026-11-20T10:05:00.400Z',
      expires_at: Math.floor(Date.parse('2026-11-20T10:05:00.400Z') / 1000) + 7 * 24 * 3600,
    });
    expect(messages.map((m) => m.type)).toEqual(['system', 'human']);
  });
});

const _STATES = [
  'pending',
  'intent_recorded',
  'succeeded',
  'failed',
  'compensated',
  'compensation_failed',
] as const;
const ERROR_TYPES = [undefined, 'timeout', 'server_error', 'not_found', 'conflict'] as const;

describe('executor: a failure decided before a crash is not decided again', () => {
  it('the logged failure wins over any failed step', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...STEP_STATES), { minLength: 1, maxLength: 5 }), (states) => {
        // Prepare
        const plan = planInStates(states);
        const failure: ExecutionFailure = { kind: 'model_stopped', step_number: 1, message: 'stopped' };

        // Act / Assess
        expect(decidedFailure(plan, { failure } as ExecutionRecord)).toBe(failure);
      }),
    );
  });

  it('otherwise the first failed step, with its error type and message; in doubt only after a timeout', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...STEP_STATES), { minLength: 1, maxLength: 5 }),
        fc.constantFrom(...ERROR_TYPES),
        fc.option(fc.string({ minLength: 1, maxLength: 8 }), { nil: undefined }),
        (states, error_type, error_message) => {
          // Prepare
          const base = planInStates(states);
          const plan: StoredPlan = {
            ...base,
            actions: base.actions.map((s) =>
              s.step_state === 'failed'
                ? {
                    ...s,
                    result: {
                      success: false,
                      ...(error_type ? { error_type } : {}),
                      ...(error_message ? { error_message } : {}),
                    },
                  }
                : s,
            ),
          };

          // Act
          const decided = decidedFailure(plan, {} as ExecutionRecord);

          // Assess
          const index = states.indexOf('failed');
          if (index === -1) {
            expect(decided).toBeUndefined();
            return;
          }
          expect(decided).toStrictEqual({
            kind: 'step_failed',
            step_number: index + 1,
            ...(error_type ? { error_type } : {}),
            message: error_message ?? `Step ${index + 1} failed.`,
            ...(error_type === 'timeout' ? { in_doubt: true } : {}),
          });
        },
      ),
      { numRuns: 80 },
    );
  });

  it('a failed step recorded without any result still fails the plan, with a generic message', () => {
    // Prepare: a crash between the step's failed state and its result leaves no result on the step.
    const base = planInStates(['succeeded', 'failed']);
    const plan: StoredPlan = {
      ...base,
      actions: base.actions.map(({ result: _result, ...s }) => s),
    };

    // Act
    const decided = decidedFailure(plan, {} as ExecutionRecord);

    // Assess
    expect(decided).toStrictEqual({ kind: 'step_failed', step_number: 2, message: 'Step 2 failed.' });
  });
});

describe('executor use case (issue 6): admission, span and acknowledgement', () => {
  const stack = useMemoryExecutorStack();

  it('reports a completed plan on the execution span: input, status, summary, no error level', async () => {
    // Prepare
    const world = await freshWorld(stack);
    const plan = await world.seed(aConfirmedPlan([steps.guestCount(14)], { intent_summary: 'Make it 14' }));
    const crashes: CrashPoint[] = [];

    // Act
    await world.deliver(plan, new OfflineExecutorModel(), { deps: { crash: (p) => crashes.push(p) } });

    // Assess
    const [span] = world.tracer.named('execution');
    const [opened] = world.tracer.records.filter((r) => r.kind === 'span' && r.name === 'execution');
    expect(opened?.options).toMatchObject({ asType: 'agent' });
    expect(span?.asType).toBe('agent');
    expect(span?.scope).toEqual({ userId: plan.user_id, sessionId: plan.session_id, planId: plan.plan_id });
    expect(span?.input).toEqual({
      plan_id: plan.plan_id,
      message_kind: 'start',
      intent_summary: 'Make it 14',
      steps: 1,
    });
    expect(span?.updates.at(-1)).toStrictEqual({
      output: {
        status: 'completed',
        blocking: false,
        summary: expect.stringContaining('party size 12 → 14'),
      },
    });
    expect(crashes.at(-1)).toBe('before_sqs_delete');
  });

  it('starts its own trace when the plan stored none (no parent span)', async () => {
    // Prepare
    const world = await freshWorld(stack);
    const plan = await world.seed(
      aConfirmedPlan([steps.guestCount(14)], { trace_id: undefined, trace_root_span_id: undefined }),
    );

    // Act
    await world.deliver(plan, new OfflineExecutorModel());

    // Assess
    const [opened] = world.tracer.records.filter((r) => r.kind === 'span' && r.name === 'execution');
    expect(opened?.options).not.toHaveProperty('parent');
    expect((await world.reload(plan)).status).toBe('completed');
  });

  it('reports a failed plan at error level with its rollback report', async () => {
    // Prepare
    const world = await freshWorld(stack);
    const plan = await world.seed(aConfirmedPlan([steps.confirmation('sms'), steps.guestCount(15)]));
    stack.sandbox.admin.injectFault({ operation: 'updateGuestCount', kind: 'status', status: 500 });

    // Act
    await world.deliver(plan, new OfflineExecutorModel());

    // Assess
    const done = await world.reload(plan);
    const [span] = world.tracer.named('execution');
    expect(done.status).toBe('failed');
    expect(span?.updates.at(-1)).toStrictEqual({
      output: { status: 'failed', blocking: false, rollback_report: done.rollback_report },
      level: 'ERROR',
    });
  });

  it('reports a rolled-back plan with its report, not at error level', async () => {
    // Prepare
    const world = await freshWorld(stack);
    const plan = await world.seed(aConfirmedPlan([steps.guestCount(15), steps.note('late arrival')]));
    stack.sandbox.admin.injectFault({ operation: 'addBookingNote', kind: 'status', status: 500 });

    // Act
    await world.deliver(plan, new OfflineExecutorModel());

    // Assess
    const done = await world.reload(plan);
    const [span] = world.tracer.named('execution');
    expect(done.status).toBe('rolled_back');
    expect(span?.updates.at(-1)).toStrictEqual({
      output: { status: 'rolled_back', blocking: false, rollback_report: done.rollback_report },
    });
  });

  it('a plan waiting for an answer: reported blocking, its checkpoint kept a week, a duplicate acknowledged', async () => {
    // Prepare
    const world = await freshWorld(stack);
    const plan = await world.seed(aConfirmedPlan([steps.guestCount(null)]));
    const crashes: CrashPoint[] = [];

    // Act
    await world.deliver(plan, new OfflineExecutorModel());
    await world.deliver(plan, new OfflineExecutorModel(), {
      kind: 'resume',
      deps: { crash: (p) => crashes.push(p) },
    });

    // Assess
    const waiting = await world.reload(plan);
    const [span] = world.tracer.named('execution');
    expect(waiting.status).toBe('executing');
    expect(span?.updates.at(-1)).toStrictEqual({ output: { status: 'executing', blocking: true } });
    expect(world.tracer.named('execution')).toHaveLength(1);
    const record = await world.log.get(plan.plan_id);
    expect(record?.expires_at).toBe(Date.parse('2026-11-20T10:05:00.000Z') / 1000 + 7 * 24 * 3600);
    expect(world.logger.lines).toContainEqual({
      level: 'info',
      message: 'plan message acknowledged without effect',
      attributes: [
        { plan_id: plan.plan_id, kind: 'resume', reason: 'plan is waiting for the user to answer' },
      ],
    });
    expect(crashes).toEqual(['before_sqs_delete']);
    expect(await world.sessions.claimBlockingSlot(plan.session_id, 'another-plan')).toBe(false);
  });

  it('a redelivery after the terminal write releases the slot and drops the checkpoint', async () => {
    // Prepare: a crash between the terminal write and the slot release left both behind.
    const world = await freshWorld(stack);
    const plan = await world.seed(aConfirmedPlan([steps.guestCount(14)]));
    await world.deliver(plan, new OfflineExecutorModel());
    await world.sessions.claimBlockingSlot(plan.session_id, plan.plan_id);
    const leftover = freshRecord(world.deps(new OfflineExecutorModel()), plan);
    await world.log.put({ ...leftover, seq: 1 }, undefined);

    // Act
    await world.deliver(plan, new OfflineExecutorModel());

    // Assess
    expect(await world.log.get(plan.plan_id)).toBeUndefined();
    expect(await world.sessions.claimBlockingSlot(plan.session_id, 'another-plan')).toBe(true);
    expect(world.logger.lines.at(-1)).toEqual({
      level: 'info',
      message: 'plan message acknowledged without effect',
      attributes: [{ plan_id: plan.plan_id, kind: 'start', reason: 'plan already completed' }],
    });
    expect(committedCalls(stack.sandbox)).toEqual([`updateGuestCount ${plan.plan_id}:step-1`]);
  });

  it('a redelivery for another plan of the session leaves that plan’s slot alone', async () => {
    // Prepare
    const world = await freshWorld(stack);
    const plan = await world.seed(aConfirmedPlan([steps.guestCount(14)]));
    await world.deliver(plan, new OfflineExecutorModel());
    await world.sessions.claimBlockingSlot(plan.session_id, 'other-plan');

    // Act
    await world.deliver(plan, new OfflineExecutorModel());

    // Assess
    expect(await world.sessions.claimBlockingSlot(plan.session_id, 'third-plan')).toBe(false);
  });

  it('a message for an unknown plan is acknowledged without effect', async () => {
    // Prepare
    const world = await freshWorld(stack);
    const crashes: CrashPoint[] = [];

    // Act
    await world.deliver({ plan_id: 'no-such-plan', version: 1 }, new OfflineExecutorModel(), {
      deps: { crash: (p) => crashes.push(p) },
    });

    // Assess
    expect(world.logger.lines.at(-1)).toEqual({
      level: 'info',
      message: 'plan message acknowledged without effect',
      attributes: [{ plan_id: 'no-such-plan', kind: 'start', reason: 'plan not found' }],
    });
    expect(crashes).toEqual(['before_sqs_delete']);
    expect(world.tracer.spans).toEqual([]);
  });

  it('an answer logged but still on the plan after a crash is consumed once, and the plan completes', async () => {
    // Prepare: the first invocation asks; the user answers; the resume dies right after logging the answer.
    const world = await freshWorld(stack);
    const plan = await world.seed(aConfirmedPlan([steps.guestCount(null)]));
    await world.deliver(plan, new OfflineExecutorModel());
    await answerPrompt(world, plan, '16 guests');
    const dying: ExecutionLog = {
      get: (id) => world.log.get(id),
      delete: (id) => world.log.delete(id),
      async put(record, seq) {
        await world.log.put(record, seq);
        if (record.after_answer) throw new Error('crashed after logging the answer');
      },
    };
    await expect(
      world.deliver(plan, new OfflineExecutorModel(), { kind: 'resume', deps: { executionLog: dying } }),
    ).rejects.toThrow('crashed after logging the answer');
    expect((await world.reload(plan)).blocking_answer).toBe('16 guests');

    // Act: the redelivery.
    await world.deliver(plan, new OfflineExecutorModel(), { kind: 'resume' });

    // Assess
    const done = await world.reload(plan);
    expect(done.status).toBe('completed');
    expect(done.blocking_answer).toBeUndefined();
    expect(done.actions[0]?.resolved_parameters).toEqual({ booking_id: 'bk_1042', party_size: 16 });
  });

  it('a step whose action is no longer offered fails the plan before any call, naming step and action', async () => {
    // Prepare: updateGuestCount was blocked in the registry after planning.
    const world = await freshWorld(stack);
    const plan = await world.seed(
      aConfirmedPlan([steps.reschedule('2026-12-12', '10:00'), steps.guestCount(14)]),
    );
    const hidden = new Proxy(registry, {
      get(target, key) {
        if (key === 'isModelVisible')
          return (id: string) => id !== 'updateGuestCount' && target.isModelVisible(id);
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });

    // Act
    await world.deliver(plan, new OfflineExecutorModel(), { deps: { registry: hidden } });

    // Assess
    const done = await world.reload(plan);
    expect(done.status).toBe('failed');
    expect(done.failure_reason).toBe(
      'Step 2 (updateGuestCount) can no longer be executed: the action is not available. Nothing more was changed; please start a new request.',
    );
    expect(committedCalls(stack.sandbox)).toEqual([]);
  });
});
