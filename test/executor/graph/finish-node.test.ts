import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import { finishNode } from '../../../lib/executor/graph/finish-node.ts';
import type { RunContext } from '../../../lib/executor/run-context.ts';
import { freshWorld } from '../../support/executor-harness.ts';
import { aConfirmedPlan, steps } from '../../support/executor-plans.ts';
import { nodeContext } from '../../support/graph-context.ts';
import { aGraphState, planWithDone } from '../../support/graph-states.ts';
import { useMemoryExecutorStack } from '../../support/use-memory-executor-stack.ts';

const stack = useMemoryExecutorStack();

/** The model stopped with a step left open: no store is touched, so the node needs no deps here. */
const finish = finishNode({} as RunContext);

describe('executor graph: finish with a step left open', () => {
  it('fails with the step’s last booking-API error when it has one (corrections exhausted)', async () => {
    // Prepare
    const plan = planWithDone(1, 3, {
      step_state: 'failed',
      result: { success: false, error_type: 'bad_request', error_message: 'party_size must be at most 20' },
    });

    // Act
    const update = await finish(aGraphState({ plan }));

    // Assess
    expect(update).toEqual({
      outcome: {
        kind: 'failed',
        failure: {
          kind: 'corrections_exhausted',
          step_number: 2,
          error_type: 'bad_request',
          message:
            'Step 2 could not be completed: party_size must be at most 20. Please check the value and try again.',
        },
      },
    });
  });

  it('fails as "model stopped" naming the step and its action when the step has no error', async () => {
    for (const result of [undefined, { success: true, response_data: {} }]) {
      // Prepare
      const plan = planWithDone(0, 2, result ? { result } : {});

      // Act
      const update = await finish(aGraphState({ plan }));

      // Assess
      expect(update).toEqual({
        outcome: {
          kind: 'failed',
          failure: {
            kind: 'model_stopped',
            step_number: 1,
            message:
              'Step 1 (addBookingNote) could not be completed. Nothing more was changed; please try again.',
          },
        },
      });
    }
  });
});

describe('executor graph: finish when every step succeeded', () => {
  it('writes completed with each change’s before → after line, then frees the slot and deletes the log', async () => {
    // Prepare
    const world = await freshWorld(stack);
    const base = aConfirmedPlan([steps.guestCount(8)], { status: 'executing' });
    const plan = await world.seed({
      ...base,
      actions: base.actions.map((s) => ({
        ...s,
        step_state: 'succeeded' as const,
        executed: true,
        before: { party_size: 6 },
        resolved_parameters: { booking_id: 'bk_1042', party_size: 8 },
        result: { success: true, response_data: { booking_id: 'bk_1042', party_size: 8 } },
      })),
    });
    await world.sessions.claimBlockingSlot(plan.session_id, plan.plan_id);
    await world.log.put(
      {
        plan_id: plan.plan_id,
        seq: 1,
        messages: [],
        pending: [],
        model_calls: 1,
        model_errors: 0,
        corrections: {},
        nudges: 0,
        after_answer: false,
        compensation_failures: {},
        compensation_versions: {},
        updated_at: '2026-11-20T10:05:00.000Z',
        expires_at: 0,
      },
      undefined,
    );
    const { ctx } = nodeContext(world, plan, fakeModel());

    // Act
    const update = await finishNode(ctx)(aGraphState({ plan }));

    // Assess
    const stored = await world.reload(plan);
    expect(update).toEqual({ plan: stored, outcome: { kind: 'completed' } });
    expect(stored.status).toBe('completed');
    expect(stored.actions[0]?.result?.response_data?.change_summary).toBe(
      'Booking bk_1042: Update guest count: party size 6 → 8',
    );
    expect(await world.sessions.claimBlockingSlot(plan.session_id, 'another-plan')).toBe(true);
    expect(await world.log.get(plan.plan_id)).toBeUndefined();
  });
});
