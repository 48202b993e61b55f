import { ToolMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { quoteBookingData } from '../../../lib/contracts/booking-data-block.ts';
import type { ExecutionState } from '../../../lib/executor/execution-state.ts';
import { takePreImage } from '../../../lib/executor/step/pre-image.ts';
import { runStep } from '../../../lib/executor/step/run-step.ts';
import { recordStepIntent } from '../../../lib/plans/step-records.ts';
import { steps } from '../../support/executor-plans.ts';
import { bookingRead, failed, type Script, stepRig } from '../../support/step-run-rig.ts';
import { useMemoryExecutorStack } from '../../support/use-memory-executor-stack.ts';

/**
 * runStep on its own (issue 6 write-ahead, 000 Execute Plan): what is sent, what is stored, and the observation
 * the model reads, for each way a step can end. The booking API is scripted per test.
 */
const stack = useMemoryExecutorStack();

/** getBooking reads party size 12 at version 3; updateGuestCount answers `write`. */
function guestCountApi(
  write: () => ReturnType<Script>,
  read: () => ReturnType<Script> = () => bookingRead(),
): Script {
  return (call) => (call.action.action_id === 'getBooking' ? read() : write());
}

const APPLIED = { booking_id: 'bk_1042', booking_reference: 'BK-1042', party_size: 14, version: 4 };
const applied = () => ({ ok: true as const, status: 200, data: APPLIED });

describe('runStep: a step that goes through', () => {
  it('reads the pre-image, records the intent, sends once under the step key with If-Match, records the result', async () => {
    // Prepare
    const rig = await stepRig(stack, [steps.guestCount(14)], guestCountApi(applied));
    // Act
    const run = await runStep(rig.ctx, rig.state, 1, { booking_id: 'bk_1042', party_size: 14 });
    // Assess
    expect(run.outcome).toEqual({
      kind: 'succeeded',
      observation: { status: 'succeeded', step_number: 1, data: APPLIED },
    });
    expect(rig.calls).toEqual([
      { action_id: 'getBooking', args: { booking_id: 'bk_1042' } },
      {
        action_id: 'updateGuestCount',
        args: { booking_id: 'bk_1042', party_size: 14 },
        idempotencyKey: `${rig.plan.plan_id}:step-1`,
        ifMatch: '3',
      },
    ]);
    const stored = await rig.world.reload(rig.plan);
    expect(stored.actions[0]).toMatchObject({
      step_state: 'succeeded',
      attempts: 1,
      resolved_parameters: { booking_id: 'bk_1042', party_size: 14 },
      before: { booking_id: 'bk_1042', party_size: 12, version: 3 },
      result: { success: true, response_data: APPLIED },
    });
    expect(run.state.plan).toEqual(stored);
  });

  it('drops an argument the plan did not set and tells the model which', async () => {
    // Prepare
    const rig = await stepRig(stack, [steps.guestCount(14)], guestCountApi(applied));
    // Act
    const run = await runStep(rig.ctx, rig.state, 1, {
      booking_id: 'bk_1042',
      party_size: 14,
      notify_guest: true,
    });
    // Assess
    expect(run.outcome.observation).toMatchObject({
      status: 'succeeded',
      ignored_arguments: ['notify_guest'],
    });
    expect(rig.calls[1]?.args).toEqual({ booking_id: 'bk_1042', party_size: 14 });
  });

  it('a step already succeeded is never sent again', async () => {
    // Prepare
    const rig = await stepRig(stack, [steps.guestCount(14)], guestCountApi(applied));
    const first = await runStep(rig.ctx, rig.state, 1, {});
    rig.calls.length = 0;
    // Act
    const again = await runStep(rig.ctx, first.state, 1, { party_size: 99 });
    // Assess
    expect(again.outcome).toEqual(first.outcome);
    expect(again.state).toBe(first.state);
    expect(rig.calls).toEqual([]);
  });

  it('a step left in intent_recorded is re-sent with its recorded arguments and attempt key, without a new pre-image', async () => {
    // Prepare: a crash after the intent of attempt 2 (the arguments the model proposes now are ignored).
    const rig = await stepRig(stack, [steps.guestCount(14)], guestCountApi(applied));
    const intent = { resolved_parameters: { booking_id: 'bk_1042', party_size: 14 } };
    const once = await recordStepIntent(rig.world.plans, rig.plan, 1, intent);
    const twice = await recordStepIntent(rig.world.plans, once, 1, intent);
    // Act
    const run = await runStep(rig.ctx, { ...rig.state, plan: twice }, 1, {
      booking_id: 'bk_1042',
      party_size: 99,
    });
    // Assess
    expect(rig.calls).toEqual([
      {
        action_id: 'updateGuestCount',
        args: { booking_id: 'bk_1042', party_size: 14 },
        idempotencyKey: `${rig.plan.plan_id}:step-1:attempt-2`,
      },
    ]);
    expect(run.outcome).toEqual({
      kind: 'succeeded',
      observation: { status: 'succeeded', step_number: 1, data: APPLIED },
    });
    expect((await rig.world.reload(rig.plan)).actions[0]?.step_state).toBe('succeeded');
  });
  it('a step recorded as succeeded without a response shows empty data, not an error', async () => {
    // Prepare
    const rig = await stepRig(stack, [steps.guestCount(14)], guestCountApi(applied));
    const [step] = rig.state.plan.actions;
    const plan = { ...rig.state.plan, actions: step ? [{ ...step, step_state: 'succeeded' as const }] : [] };
    // Act
    const run = await runStep(rig.ctx, { ...rig.state, plan }, 1, {});
    // Assess
    expect(run.outcome).toEqual({
      kind: 'succeeded',
      observation: { status: 'succeeded', step_number: 1, data: {} },
    });
  });
});

/** The state after the user answered the executor's blocking prompt with `text` (an ask_user result). */
function withAnswer(state: ExecutionState, text: string): ExecutionState {
  const answer = new ToolMessage({
    tool_call_id: 'ask-1',
    name: 'ask_user',
    content: quoteBookingData({ status: 'answered', answer: text }),
  });
  return { ...state, messages: [...state.messages, answer] };
}

describe('runStep: arguments the executor does not send', () => {
  it('a guest count nobody stated for a gap goes back with "ask the user", and nothing is sent', async () => {
    // Prepare
    const rig = await stepRig(stack, [steps.guestCount(null)], guestCountApi(applied));
    // Act: the model fills the open count with 1 before anyone answered.
    const run = await runStep(rig.ctx, rig.state, 1, { booking_id: 'bk_1042', party_size: 1 });
    // Assess
    expect(run.outcome.kind).toBe('correctable');
    expect((run.outcome.observation as { message: string }).message).toMatch(
      /leaves party_size open .*party_size 1.* not in the user's answer: ask the user/,
    );
    expect(rig.calls).toEqual([]);
  });

  it('the same count, once the user answered it, is sent', async () => {
    // Prepare
    const rig = await stepRig(stack, [steps.guestCount(null)], guestCountApi(applied));
    // Act
    const run = await runStep(rig.ctx, withAnswer(rig.state, 'just one'), 1, {
      booking_id: 'bk_1042',
      party_size: 1,
    });
    // Assess
    expect(run.outcome.kind).toBe('succeeded');
    expect(rig.calls.filter((c) => c.action_id === 'updateGuestCount').map((c) => c.args)).toEqual([
      { booking_id: 'bk_1042', party_size: 1 },
    ]);
  });

  it('a changed confirmed value is refused with the guardrail reason, and nothing is sent or stored', async () => {
    // Prepare
    const rig = await stepRig(stack, [steps.guestCount(14)], guestCountApi(applied));
    // Act
    const run = await runStep(rig.ctx, rig.state, 1, { booking_id: 'bk_1042', party_size: 15 });
    // Assess
    const reason =
      "Confirmed values can't change after confirmation (only their format): party_size was confirmed as 14; the call had 15.";
    expect(run.outcome).toEqual({
      kind: 'refused',
      reason,
      observation: { status: 'refused', step_number: 1, reason },
    });
    expect(run.state).toBe(rig.state);
    expect(rig.calls).toEqual([]);
  });

  /** Step 2 deletes the note step 1 adds: its note_id is step 1's output. */
  const NOTE_THEN_DELETE_IT = [
    steps.note('Cake'),
    {
      action_id: 'deleteBookingNote',
      parameters: { booking_id: 'bk_1042', note_id: '{{step_1.note_id}}' },
    },
  ];

  it('an unresolvable placeholder goes back to the model, counted but not recorded on the step', async () => {
    // Prepare: step 2 needs step 1's note id, and step 1 has not run.
    const rig = await stepRig(stack, NOTE_THEN_DELETE_IT, guestCountApi(applied));
    // Act
    const run = await runStep(rig.ctx, rig.state, 2, {});
    // Assess
    expect(run.outcome).toEqual({
      kind: 'correctable',
      observation: {
        status: 'invalid_arguments',
        step_number: 2,
        message:
          'cannot resolve note_id ({{step_1.note_id}}) from the recorded step outputs; provide the value',
        corrections_left: 1,
      },
    });
    expect(run.state.corrections).toEqual({ '2': 1 });
    expect(run.state.plan).toBe(rig.state.plan);
    expect(rig.calls).toEqual([]);
  });

  it('a value offered for it that nothing backs is named, with where a value may come from', async () => {
    // Prepare
    const rig = await stepRig(stack, NOTE_THEN_DELETE_IT, guestCountApi(applied));
    // Act
    const run = await runStep(rig.ctx, rig.state, 2, { note_id: 'note_77' });
    // Assess
    expect(run.outcome.observation).toMatchObject({
      status: 'invalid_arguments',
      message:
        'cannot resolve note_id ({{step_1.note_id}}) from the recorded step outputs; the value offered (note_id "note_77") is neither in that step\'s recorded output nor in the user\'s answer. Use a value from that output, or ask the user',
    });
  });

  it('arguments that fail the registry schema go back with every issue and the first field', async () => {
    // Prepare
    const rig = await stepRig(stack, [steps.guestCount(null)], guestCountApi(applied));
    // Act: the user answered "many" and the model passed it on.
    const run = await runStep(rig.ctx, withAnswer(rig.state, 'many'), 1, { party_size: 'many' });
    // Assess
    expect(run.outcome.kind).toBe('correctable');
    expect(run.outcome.observation).toMatchObject({
      status: 'invalid_arguments',
      step_number: 1,
      field: 'party_size',
      corrections_left: 1,
    });
    expect((run.outcome.observation as { message: string }).message).toMatch(/^party_size: /);
    expect(rig.calls).toEqual([]);
  });
});

describe('runStep: answers of the booking API', () => {
  it('a 400 goes back with the field and format, and re-opens the step with the API message', async () => {
    // Prepare
    const rig = await stepRig(
      stack,
      [steps.guestCount(14)],
      guestCountApi(() =>
        failed(400, 'bad_request', { field: 'party_size', expected_format: 'integer 1-20' }),
      ),
      { maxSelfCorrections: 3 },
    );
    // Act
    const run = await runStep(rig.ctx, rig.state, 1, {});
    // Assess
    expect(run.outcome).toEqual({
      kind: 'correctable',
      observation: {
        status: 'bad_request',
        step_number: 1,
        message: 'bad_request from the API',
        field: 'party_size',
        expected_format: 'integer 1-20',
        corrections_left: 2,
      },
    });
    expect(run.state.corrections).toEqual({ '1': 1 });
    const stored = await rig.world.reload(rig.plan);
    expect(stored.actions[0]).toMatchObject({
      step_state: 'pending',
      result: { success: false, error_type: 'bad_request', error_message: 'bad_request from the API' },
    });
  });

  it('counts down what is left of the step’s budget', async () => {
    // Prepare: one of three corrections already used on step 1, two on step 2.
    const rig = await stepRig(
      stack,
      [steps.guestCount(14)],
      guestCountApi(() => failed(400, 'bad_request')),
      {
        maxSelfCorrections: 3,
      },
    );
    // Act
    const run = await runStep(rig.ctx, { ...rig.state, corrections: { '1': 1, '2': 2 } }, 1, {});
    // Assess
    expect(run.outcome.observation).toMatchObject({ status: 'bad_request', corrections_left: 1 });
    expect(run.state.corrections).toEqual({ '1': 2, '2': 2 });
  });

  it('the last correction used: the plan fails with corrections_exhausted and the 400 text', async () => {
    // Prepare
    const rig = await stepRig(
      stack,
      [steps.guestCount(14)],
      guestCountApi(() => failed(400, 'bad_request')),
    );
    // Act
    const run = await runStep(rig.ctx, { ...rig.state, corrections: { '1': 2 } }, 1, {});
    // Assess
    expect(run.outcome).toMatchObject({
      kind: 'failed',
      failure: { kind: 'corrections_exhausted', step_number: 1, error_type: 'bad_request' },
    });
  });

  it('a 500 fails the step: the failure is logged before the step record, both with the user text', async () => {
    // Prepare
    const rig = await stepRig(
      stack,
      [steps.guestCount(14)],
      guestCountApi(() => failed(500, 'server_error')),
    );
    // Act
    const run = await runStep(rig.ctx, rig.state, 1, {});
    // Assess
    const message =
      'Step 1 (Update guest count on booking BK-1042) failed: the booking service is temporarily unavailable; nothing was changed by this step. You can ask again later.';
    const failure = { kind: 'step_failed', step_number: 1, error_type: 'server_error', message };
    expect(run.outcome).toEqual({
      kind: 'failed',
      failure,
      observation: { status: 'failed', step_number: 1, error_type: 'server_error', message },
    });
    expect(run.state.failure).toEqual(failure);
    expect((await rig.world.log.get(rig.plan.plan_id))?.failure).toEqual(failure);
    expect((await rig.world.reload(rig.plan)).actions[0]).toMatchObject({
      step_state: 'failed',
      result: { success: false, error_type: 'server_error', error_message: message },
    });
  });

  it('a failed pre-image read fails the step before any intent is recorded', async () => {
    // Prepare
    const rig = await stepRig(
      stack,
      [steps.guestCount(14)],
      guestCountApi(applied, () => failed(404, 'not_found')),
    );
    // Act
    const run = await runStep(rig.ctx, rig.state, 1, {});
    // Assess
    expect(run.outcome).toMatchObject({ kind: 'failed', failure: { error_type: 'not_found' } });
    expect(rig.calls.map((c) => c.action_id)).toEqual(['getBooking']);
    expect((await rig.world.reload(rig.plan)).actions[0]?.attempts).toBeUndefined();
  });
});

describe('runStep: a write whose answer was lost (ADR 0007)', () => {
  it('read back as applied: the step succeeded, with the data read', async () => {
    // Prepare: the 504 hid a change that landed.
    let reads = 0;
    const rig = await stepRig(
      stack,
      [steps.guestCount(14)],
      guestCountApi(
        () => failed(504, 'server_error'),
        () => (reads++ === 0 ? bookingRead() : bookingRead({ party_size: 14, version: 4 })),
      ),
    );
    // Act
    const run = await runStep(rig.ctx, rig.state, 1, { notify_guest: false });
    // Assess
    expect(run.outcome).toMatchObject({
      kind: 'succeeded',
      observation: {
        status: 'succeeded',
        data: { party_size: 14, version: 4 },
        ignored_arguments: ['notify_guest'],
      },
    });
    expect((await rig.world.reload(rig.plan)).actions[0]?.step_state).toBe('succeeded');
  });

  it('read back as not made after every re-send: a clean failure with the last answer', async () => {
    // Prepare
    const rig = await stepRig(
      stack,
      [steps.guestCount(14)],
      guestCountApi(() => failed(502, 'server_error')),
    );
    // Act
    const run = await runStep(rig.ctx, rig.state, 1, {});
    // Assess
    expect(run.outcome.kind).toBe('failed');
    const failure = (run.outcome as { failure: Record<string, unknown> }).failure;
    expect(failure).toMatchObject({ kind: 'step_failed', error_type: 'server_error' });
    expect(failure).not.toHaveProperty('in_doubt');
    expect(failure).not.toHaveProperty('in_flight');
    expect(rig.calls.filter((c) => c.action_id === 'updateGuestCount')).toHaveLength(3);
  });

  it('a timed-out write read back as not made may still arrive: in doubt, in flight, naming the values', async () => {
    // Prepare
    const rig = await stepRig(
      stack,
      [steps.guestCount(14)],
      guestCountApi(() => failed(undefined, 'timeout')),
    );
    // Act
    const run = await runStep(rig.ctx, rig.state, 1, {});
    // Assess
    expect(run.outcome).toMatchObject({
      kind: 'failed',
      failure: {
        kind: 'step_failed',
        in_doubt: true,
        in_flight: true,
        message:
          'Step 1 (Update guest count on booking BK-1042) may or may not have been applied: the booking service did not answer in time and the request may still arrive. Please check whether booking BK-1042 shows party size 14; if it does, the change was made.',
      },
    });
  });

  it('a lost answer that cannot be read back: in doubt, not in flight', async () => {
    // Prepare
    let reads = 0;
    const rig = await stepRig(
      stack,
      [steps.guestCount(14)],
      guestCountApi(
        () => failed(504, 'server_error'),
        () => (reads++ === 0 ? bookingRead() : failed(500, 'server_error')),
      ),
    );
    // Act
    const run = await runStep(rig.ctx, rig.state, 1, {});
    // Assess
    const failure = (run.outcome as { failure: Record<string, unknown> }).failure;
    expect(failure).toMatchObject({ in_doubt: true });
    expect(failure).not.toHaveProperty('in_flight');
    expect(failure.message).toContain('could not be read back');
  });

  it('a read whose answer was lost is not settled: it fails at once, and carries no Idempotency-Key', async () => {
    // Prepare
    const rig = await stepRig(
      stack,
      [{ action_id: 'getBooking', parameters: { booking_id: 'bk_1042' } }],
      () => failed(504, 'server_error'),
    );
    // Act
    const run = await runStep(rig.ctx, rig.state, 1, {});
    // Assess
    expect(run.outcome).toMatchObject({ kind: 'failed', failure: { error_type: 'server_error' } });
    expect(run.outcome.kind === 'failed' && 'in_doubt' in run.outcome.failure).toBe(false);
    expect(rig.calls).toEqual([{ action_id: 'getBooking', args: { booking_id: 'bk_1042' } }]);
  });
});

describe('takePreImage', () => {
  it('a request that does not name the booking cannot be read before the change: a 400-like failure naming what is missing', async () => {
    // Prepare
    const rig = await stepRig(stack, [steps.guestCount(14)], guestCountApi(applied));
    // Act
    const read = await takePreImage(rig.ctx, rig.ctx.deps.registry.require('updateGuestCount'), 1, {
      party_size: 14,
    });
    const none = await takePreImage(rig.ctx, rig.ctx.deps.registry.require('createBooking'), 1, {});
    // Assess
    expect(read).toEqual({
      ok: false,
      outcome: {
        ok: false,
        status: undefined,
        error_type: 'bad_request',
        message: 'cannot read the current booking before the change: booking_id missing',
      },
    });
    expect(none).toEqual({ ok: true });
    expect(rig.calls).toEqual([]);
  });
});
