import { describe, expect, it } from 'vitest';
import { enqueuePlanMessage } from '../../lib/plans/enqueue-plan-message.ts';
import { PlanEnqueueError } from '../../lib/plans/errors.ts';
import type { PlanQueue } from '../../lib/ports/plan-queue.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { testTokenSealer } from '../support/token-sealer.ts';
import { recordingLog } from './plan-fixtures.ts';

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
