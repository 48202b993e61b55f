import { describe, expect, it } from 'vitest';
import { callAction } from '../../../lib/executor/step/call-action.ts';
import { runStep } from '../../../lib/executor/step/run-step.ts';
import { steps } from '../../support/executor-plans.ts';
import type { RecordingTracer } from '../../support/recording-tracer.ts';
import { bookingRead, failed, stepRig } from '../../support/step-run-rig.ts';
import { useMemoryExecutorStack } from '../../support/use-memory-executor-stack.ts';

/**
 * One booking API call in its tool span (issue 7: action id, masked parameters, response summary, latency,
 * outcome), the danger acknowledgement only for a confirmed high-risk forward step, and echoed PII masked.
 */
const stack = useMemoryExecutorStack();

const cancel = { action_id: 'cancelBooking', parameters: { booking_id: 'bk_1042', reason: 'ill' } };
const cancelled = () => ({
  ok: true as const,
  status: 200,
  data: { booking_id: 'bk_1042', status: 'cancelled' },
});

describe('callAction: the danger acknowledgement (X-Dangerous)', () => {
  it('is sent for a forward step the user confirmed as high risk, and only then', async () => {
    // Prepare
    const confirmed = await stepRig(stack, [{ ...cancel, safety_tier: 'high_risk' }], cancelled);
    const unconfirmed = await stepRig(stack, [cancel], cancelled);
    // Act
    await runStep(confirmed.ctx, confirmed.state, 1, {});
    await runStep(unconfirmed.ctx, unconfirmed.state, 1, {});
    const action = confirmed.ctx.deps.registry.require('cancelBooking');
    const args = { booking_id: 'bk_1042' };
    await callAction(confirmed.ctx, {
      action,
      args,
      stepNumber: 1,
      purpose: 'compensation',
      confirmedHighRisk: true,
    });
    await callAction(confirmed.ctx, {
      action: confirmed.ctx.deps.registry.require('updateGuestCount'),
      args: { booking_id: 'bk_1042', party_size: 3 },
      stepNumber: 1,
      purpose: 'step',
      confirmedHighRisk: true,
    });
    // Assess
    expect(confirmed.calls.map((c) => c.confirmedHighRisk ?? false)).toEqual([true, false, false]);
    expect(unconfirmed.calls.map((c) => c.confirmedHighRisk ?? false)).toEqual([false]);
  });
});

describe('callAction: the tool span', () => {
  it('a success: masked parameters in, key fields out (masked), outcome and status, default level', async () => {
    // Prepare
    const rig = await stepRig(stack, [steps.contact({ email: 'ana@example.com' })], (call) =>
      call.action.action_id === 'getBooking'
        ? bookingRead({ email: 'old@example.com' })
        : {
            ok: true,
            status: 201,
            data: { booking_id: 'bk_1042', version: 4, email: 'ana@example.com', status: 'ok' },
          },
    );
    // Act
    await runStep(rig.ctx, rig.state, 1, {});
    // Assess
    const [read, write] = (rig.world.tracer as RecordingTracer).named('tool:');
    expect(read).toMatchObject({
      name: 'tool:getBooking',
      asType: 'tool',
      scope: rig.ctx.scope,
      input: { step_number: 1, purpose: 'pre_image', parameters: { booking_id: 'bk_1042' } },
      metadata: { action_id: 'getBooking', plan_id: rig.plan.plan_id, idempotency_key: undefined },
    });
    expect(write).toMatchObject({
      name: 'tool:updateContactDetails',
      input: {
        step_number: 1,
        purpose: 'step',
        parameters: { booking_id: 'bk_1042', email: 'a***@example.com' },
      },
      metadata: {
        action_id: 'updateContactDetails',
        plan_id: rig.plan.plan_id,
        idempotency_key: `${rig.plan.plan_id}:step-1`,
      },
    });
    const [update] = write?.updates ?? [];
    expect(update).toEqual({
      output: { booking_id: 'bk_1042', status: 'ok', version: 4 },
      metadata: { latency_ms: expect.any(Number), outcome: 'success', http_status: 201 },
      level: 'DEFAULT',
    });
    expect(JSON.stringify(rig.world.tracer)).not.toContain('ana@example.com');
    expect(JSON.stringify(rig.world.tracer)).not.toContain(rig.ctx.token);
  });

  it('a failure: the error summary, its type as outcome and status message, error level; echoed PII masked', async () => {
    // Prepare: the API echoes the rejected e-mail in its message (issue 14, decision 6).
    const rig = await stepRig(stack, [steps.contact({ email: 'ana@example.com' })], (call) =>
      call.action.action_id === 'getBooking'
        ? bookingRead()
        : failed(422, 'bad_request', { message: 'email ana@example.com is not accepted', field: 'email' }),
    );
    // Act
    const run = await runStep(rig.ctx, rig.state, 1, {});
    // Assess
    const write = (rig.world.tracer as RecordingTracer).named('tool:updateContactDetails')[0];
    expect(write?.updates).toEqual([
      {
        output: { error_type: 'bad_request', status: 422, message: expect.any(String), field: 'email' },
        metadata: { latency_ms: expect.any(Number), outcome: 'bad_request', http_status: 422 },
        level: 'ERROR',
        statusMessage: 'bad_request',
      },
    ]);
    expect(JSON.stringify(write)).not.toContain('ana@example.com');
    expect(JSON.stringify(run.outcome)).not.toContain('ana@example.com');
    expect(JSON.stringify(run.outcome)).toContain('is not accepted');
  });
});
