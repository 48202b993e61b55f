import { describe, expect, it } from 'vitest';
import { confirmability } from '../../lib/plans/confirmability.ts';
import { newPendingPlan } from '../../lib/plans/create-pending-plan.ts';
import { enqueuePlanMessage } from '../../lib/plans/enqueue-plan-message.ts';
import { PlanAccessDeniedError, PlanEnqueueError, PlanServiceError } from '../../lib/plans/errors.ts';
import { loadOwnedPlan } from '../../lib/plans/load-owned-plan.ts';
import type { OpsLog } from '../../lib/plans/ops-log.ts';
import { recordConfirmationSpan } from '../../lib/plans/record-confirmation-span.ts';
import { toExecutionPlan } from '../../lib/plans/stored-plan.ts';
import type { PlanQueue } from '../../lib/ports/plan-queue.ts';
import type { PlanStore } from '../../lib/ports/plan-store.ts';
import type { Tracer } from '../../lib/ports/tracer.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { testTokenSealer } from '../support/token-sealer.ts';

/** A log recording every line and every appended key. */
function recordingLog() {
  const lines: { level: 'info' | 'warn'; message: string; attributes: Record<string, unknown> }[] = [];
  const keys: Record<string, unknown>[] = [];
  const log: OpsLog = {
    info: (message, attributes) => lines.push({ level: 'info', message, attributes }),
    warn: (message, attributes) => lines.push({ level: 'warn', message, attributes }),
    appendKeys: (k) => keys.push(k),
  };
  return { log, lines, keys };
}

/** A tracer recording the spans asked for; `fault` makes span() throw it. */
function recordingTracer(fault?: unknown) {
  const spans: { name: string; scope: unknown; options: unknown }[] = [];
  const tracer = {
    async span(name: string, scope: unknown, options: unknown, fn: () => Promise<unknown>) {
      if (fault !== undefined) throw fault;
      spans.push({ name, scope, options });
      return fn();
    },
  } as unknown as Tracer;
  return { tracer, spans };
}

const traced = () => aStoredPlan({ status: 'confirmed', trace_id: 'trace-1', trace_root_span_id: 'root-1' });

describe('recordConfirmationSpan (000 Trace Structure: user_confirmation)', () => {
  it("records the span under the plan's stored trace, scoped to its user, session and plan", async () => {
    // Prepare
    const { tracer, spans } = recordingTracer();
    const plan = traced();

    // Act
    await recordConfirmationSpan({ tracer, log: recordingLog().log }, plan, 1234);

    // Assess
    expect(spans).toEqual([
      {
        name: 'user_confirmation',
        scope: { userId: plan.user_id, sessionId: plan.session_id, planId: plan.plan_id },
        options: {
          parent: { traceId: 'trace-1', rootSpanId: 'root-1' },
          metadata: { plan_id: plan.plan_id, time_to_confirm_ms: 1234, outcome: 'confirmed' },
        },
      },
    ]);
  });

  it.each([
    ['no trace id', { trace_id: undefined }],
    ['no root span id', { trace_root_span_id: undefined }],
  ])('records nothing for a plan with %s (no trace to hang it under)', async (_name, overrides) => {
    // Prepare
    const { tracer, spans } = recordingTracer();

    // Act
    await recordConfirmationSpan({ tracer, log: recordingLog().log }, { ...traced(), ...overrides }, 1);

    // Assess
    expect(spans).toEqual([]);
  });

  it("logs a tracer fault that is not an Error as error_name 'unknown'", async () => {
    // Prepare
    const { tracer } = recordingTracer('boom');
    const { log, lines } = recordingLog();
    const plan = traced();

    // Act
    await recordConfirmationSpan({ tracer, log }, plan, 1);

    // Assess
    expect(lines).toEqual([
      {
        level: 'warn',
        message: `plan ${plan.plan_id} user_confirmation span not recorded`,
        attributes: { plan_id: plan.plan_id, error_name: 'unknown' },
      },
    ]);
  });
});

describe('enqueuePlanMessage (000: enqueue failure is 503)', () => {
  it('keeps the queue fault as the cause and logs a non-Error fault as unknown', async () => {
    // Prepare
    const fault = 'queue down';
    const queue: PlanQueue = {
      enqueue: async () => {
        throw fault;
      },
    };
    const { log, lines } = recordingLog();
    const plan = aStoredPlan();

    // Act
    const error = await enqueuePlanMessage(
      { queue, log, tokenSealer: testTokenSealer },
      plan,
      'start',
      1,
      'tok',
    ).catch((e: unknown) => e);

    // Assess
    expect(error).toBeInstanceOf(PlanEnqueueError);
    expect((error as PlanEnqueueError).cause).toBe(fault);
    expect((error as PlanEnqueueError).message).toBe(
      `start message of plan ${plan.plan_id} could not be enqueued`,
    );
    expect(lines[0]?.attributes).toEqual({
      plan_id: plan.plan_id,
      session_id: plan.session_id,
      status: 'pending_confirmation',
      error_name: 'unknown',
    });
  });
});

describe('loadOwnedPlan', () => {
  it("correlates the log with the plan's ids before refusing another user (the refusal line carries them)", async () => {
    // Prepare
    const plan = aStoredPlan({ trace_id: 'trace-9' });
    const plans = { get: async () => plan } as unknown as PlanStore;
    const { log, keys } = recordingLog();

    // Act
    const error = await loadOwnedPlan({ plans, log }, plan.plan_id, 'someone-else').catch((e: unknown) => e);

    // Assess
    expect(error).toBeInstanceOf(PlanAccessDeniedError);
    expect(keys).toEqual([{ plan_id: plan.plan_id, session_id: plan.session_id, trace_id: 'trace-9' }]);
  });
});

describe('plan errors', () => {
  it('name themselves and say what happened', () => {
    expect(new PlanServiceError('x').name).toBe('PlanServiceError');
    expect(new PlanAccessDeniedError('p-1').message).toBe(
      "plan p-1 belongs to another user: user_id does not match the plan's creator",
    );
  });
});

describe('confirmability', () => {
  it("says 'pending' for a pending plan that is still open", () => {
    const plan = aStoredPlan({ expires_at: Math.floor(Date.now() / 1000) + 3600 });

    expect(confirmability(plan, new Date())).toBe('pending');
  });
});

describe('newPendingPlan', () => {
  it('stores no description key for a step that has none', () => {
    // Act
    const plan = newPendingPlan({
      plan_id: 'p-1',
      session_id: 's-1',
      user_id: 'u-1',
      intent_summary: 'Look up BK-1',
      steps: [
        {
          step_number: 1,
          action_id: 'getBooking',
          parameters: { booking_id: 'BK-1' },
          safety_tier: 'normal',
        },
      ],
      now: new Date('2026-11-20T10:00:00.000Z'),
      ttlHours: 24,
      trace: { traceId: 't', rootSpanId: 'r' },
      clarification_count: 0,
    });

    // Assess
    expect(Object.keys(plan.actions[0] ?? {})).not.toContain('description');
  });
});

describe('toExecutionPlan (001 ExecutionPlan)', () => {
  it('carries every optional field the plan has', () => {
    // Prepare
    const rollback_report = { triggered_by_step: 2, actions_reversed: [1] };
    const plan = aStoredPlan({
      status: 'rolled_back',
      confirmed_at: '2026-11-20T10:01:00.000Z',
      completed_at: '2026-11-20T10:02:00.000Z',
      failure_reason: 'step 2 failed',
      rollback_report,
      blocking_prompt: 'Which booking?',
      venue_id: 'venue-1',
      booking_refs: ['BK-1042'],
      actions: [
        {
          step_number: 1,
          action_id: 'getBooking',
          parameters: { booking_id: 'BK-1042' },
          safety_tier: 'normal',
          executed: true,
          step_state: 'succeeded',
          result: { success: true, response_data: { booking_id: 'BK-1042' } },
        },
      ],
    });

    // Act
    const view = toExecutionPlan(plan);

    // Assess
    expect(view).toMatchObject({
      confirmed_at: '2026-11-20T10:01:00.000Z',
      failure_reason: 'step 2 failed',
      rollback_report,
      blocking_prompt: 'Which booking?',
      venue_id: 'venue-1',
      booking_refs: ['BK-1042'],
    });
    expect(view.actions[0]?.result).toEqual({ success: true, response_data: { booking_id: 'BK-1042' } });
  });
});
