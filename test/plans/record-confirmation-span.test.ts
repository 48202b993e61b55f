import { describe, expect, it } from 'vitest';
import { recordConfirmationSpan } from '../../lib/plans/record-confirmation-span.ts';
import type { Tracer } from '../../lib/ports/tracer.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { recordingLog } from './plan-fixtures.ts';

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
