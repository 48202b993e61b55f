import { describe, expect, it } from 'vitest';
import { consumeBlockingAnswer, raiseBlockingPrompt } from '../../lib/plans/block-for-answer.ts';
import {
  recordCompensation,
  recordStepFailed,
  recordStepIntent,
  recordStepRejected,
  recordStepSucceeded,
} from '../../lib/plans/step-records.ts';
import { recordingStore, storedIn } from './plan-fixtures.ts';

describe('step records (the write-ahead log in the plan item)', () => {
  it('records the intent before the call: arguments, pre-image and the attempt number', async () => {
    // Prepare
    const { plans } = recordingStore();
    const plan = await storedIn(plans, 'executing');

    // Act
    const first = await recordStepIntent(plans, plan, 2, {
      resolved_parameters: { booking_id: 'bk_1' },
      before: { version: 3 },
    });
    const rejected = await recordStepRejected(plans, first, 2, 'start_time: use HH:MM');
    const second = await recordStepIntent(plans, rejected, 2, {
      resolved_parameters: { booking_id: 'bk_1' },
    });

    // Assess
    expect(first.actions[1]).toMatchObject({
      step_state: 'intent_recorded',
      resolved_parameters: { booking_id: 'bk_1' },
      before: { version: 3 },
      attempts: 1,
    });
    expect(rejected.actions[1]).toMatchObject({
      step_state: 'pending',
      result: { success: false, error_type: 'bad_request', error_message: 'start_time: use HH:MM' },
    });
    expect(second.actions[1]).toMatchObject({
      step_state: 'intent_recorded',
      attempts: 2,
      before: { version: 3 },
    });
    expect(second.actions[0]).toEqual(plan.actions[0]);
  });

  it('records a result: succeeded with its data and executed, or failed with the user-facing text', async () => {
    // Prepare
    const { plans } = recordingStore();
    const plan = await storedIn(plans, 'executing', ['intent_recorded', 'intent_recorded']);

    // Act
    const done = await recordStepSucceeded(plans, plan, 1, { booking_id: 'bk_1', version: 4 });
    const failed = await recordStepFailed(plans, done, 2, {
      error_type: 'conflict',
      error_message: 'slot full',
    });
    const untyped = await recordStepFailed(
      plans,
      await storedIn(plans, 'executing', ['intent_recorded']),
      1,
      { error_message: 'no answer' },
    );

    // Assess
    expect(failed.actions[0]).toMatchObject({
      step_state: 'succeeded',
      executed: true,
      result: { success: true, response_data: { booking_id: 'bk_1', version: 4 } },
    });
    expect(failed.actions[1]).toMatchObject({
      step_state: 'failed',
      result: { success: false, error_type: 'conflict', error_message: 'slot full' },
    });
    expect(untyped.actions[0]?.result).toEqual({ success: false, error_message: 'no answer' });
  });

  it('records compensations on succeeded steps only, once', async () => {
    // Prepare
    const { plans } = recordingStore();
    const plan = await storedIn(plans, 'executing', ['succeeded', 'succeeded']);

    // Act
    const undone = await recordCompensation(plans, plan, 2, 'compensated');
    const notUndone = await recordCompensation(plans, undone, 1, 'compensation_failed');
    const again = recordCompensation(plans, notUndone, 2, 'compensation_failed');

    // Assess
    expect(notUndone.actions.map((s) => s.step_state)).toEqual(['compensation_failed', 'compensated']);
    await expect(again).rejects.toMatchObject({ name: 'IllegalTransitionError', from: 'compensated' });
  });

  it('refuses to send a succeeded step again or to record a result for a step never sent', async () => {
    // Prepare
    const { plans } = recordingStore();
    const plan = await storedIn(plans, 'executing', ['succeeded', 'pending']);

    // Act
    const resend = recordStepIntent(plans, plan, 1, { resolved_parameters: {} });
    const unsent = recordStepSucceeded(plans, plan, 2, {});

    // Assess
    await expect(resend).rejects.toMatchObject({ name: 'IllegalTransitionError', from: 'succeeded' });
    await expect(unsent).rejects.toMatchObject({ name: 'IllegalTransitionError', from: 'pending' });
  });

  it('writes only while the plan is executing', async () => {
    // Prepare
    const { plans } = recordingStore();
    const plan = await storedIn(plans, 'confirmed');

    // Act
    const early = recordStepIntent(plans, plan, 1, { resolved_parameters: {} });

    // Assess
    await expect(early).rejects.toMatchObject({ name: 'StaleWriteError' });
  });
});

describe('blocking prompt records', () => {
  it('raises the question once and consumes the stored answer', async () => {
    // Prepare
    const { plans, patches } = recordingStore();
    const plan = await storedIn(plans, 'executing', ['pending'], { blocking_answer: '16 guests' });

    // Act
    const asked = await raiseBlockingPrompt(plans, plan, 'How many guests?');
    const askedAgain = await raiseBlockingPrompt(plans, asked, 'How many guests?');
    const consumed = await consumeBlockingAnswer(plans, askedAgain);

    // Assess
    expect(asked.blocking_prompt).toBe('How many guests?');
    expect(askedAgain).toBe(asked);
    expect(consumed.blocking_answer).toBeUndefined();
    expect(consumed.status).toBe('executing');
    expect(patches).toEqual([
      { set: { blocking_prompt: 'How many guests?' } },
      { set: {}, remove: ['blocking_answer'] },
    ]);
  });
});
