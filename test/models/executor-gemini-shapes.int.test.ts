import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CrashPoint } from '../../lib/executor/executor-deps.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import {
  answerPrompt,
  type ExecutorStack,
  type ExecutorWorld,
  freshWorld,
  startExecutorStack,
} from '../support/executor-harness.ts';
import { aConfirmedPlan, steps } from '../support/executor-plans.ts';
import { type GeminiStub, type StubReply, startGeminiStub } from '../support/gemini-stub.ts';
import { geminiAt, shapeOf } from '../support/gemini-stub-model.ts';

/**
 * Issue 14 "A strict Gemini stub", the executor's side: its loop, a resume after a blocking answer and a
 * redelivery after a crash send their message log to the strict stub through the real ChatGoogleGenerativeAI,
 * with Gemini 3 thought signatures on. Every checkpointed turn must come back in a shape Gemini accepts.
 */
describe('executor conversations against the strict Gemini stub', () => {
  let stack: ExecutorStack;
  let stub: GeminiStub;
  let world: ExecutorWorld;

  beforeAll(async () => {
    stack = await startExecutorStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });
  beforeEach(async () => {
    // These tests are about the model's own turns, so code takes none (EXECUTOR_DIRECT_STEPS off); the direct
    // steps' conversations are the next describe's.
    [stub, world] = await Promise.all([
      startGeminiStub({ sign: true }),
      freshWorld(stack, { directSteps: false }),
    ]);
  });
  afterEach(async () => {
    await stub.close();
  });

  const calls = (...list: Array<[string, Record<string, unknown>]>): StubReply => ({
    functionCalls: list.map(([name, args], i) => ({
      name,
      args,
      id: `${name}-${stub.requests.length}-${i}`,
    })),
  });
  const deliver = async (plan: StoredPlan, options: Parameters<ExecutorWorld['deliver']>[2] = {}) =>
    world.deliver(plan, await geminiAt(stub, 'executor'), options);
  const answer = (plan: StoredPlan, text: string) => answerPrompt(world, plan, text);

  const note: [string, Record<string, unknown>] = [
    'addBookingNote',
    { booking_id: 'bk_1042', text: 'Cake at 3' },
  ];
  const threeSteps = () =>
    aConfirmedPlan([steps.reschedule('2026-12-12', '10:00'), steps.guestCount(14), steps.note('Cake at 3')]);

  it('the loop: one step per turn until every step succeeded', async () => {
    // Prepare
    const plan = await world.seed(threeSteps());
    stub.reply(
      calls(['rescheduleBooking', { booking_id: 'bk_1042', date: '2026-12-12', start_time: '10:00' }]),
      calls(['updateGuestCount', { booking_id: 'bk_1042', party_size: 14 }]),
      calls(note),
    );

    // Act
    await deliver(plan);

    // Assess
    expect((await world.reload(plan)).status).toBe('completed');
    expect(stub.violations).toEqual([]);
    expect(stub.requests).toHaveLength(3);
    expect(shapeOf(stub.requests[2]?.body)).toEqual([
      'user:text',
      'model:call(rescheduleBooking)',
      'user:response(rescheduleBooking)',
      'model:call(updateGuestCount)',
      'user:response(updateGuestCount)',
    ]);
  });

  it('two steps called at once: both observations in one function-response turn', async () => {
    // Prepare
    const plan = await world.seed(threeSteps());
    stub.reply(
      calls(
        ['rescheduleBooking', { booking_id: 'bk_1042', date: '2026-12-12', start_time: '10:00' }],
        ['updateGuestCount', { booking_id: 'bk_1042', party_size: 14 }],
      ),
      calls(note),
    );

    // Act
    await deliver(plan);

    // Assess
    expect((await world.reload(plan)).status).toBe('completed');
    expect(stub.violations).toEqual([]);
    expect(shapeOf(stub.requests[1]?.body).slice(-1)).toEqual([
      'user:response(rescheduleBooking)+response(updateGuestCount)',
    ]);
  });

  it('a stop with steps left gets one reminder, then the call', async () => {
    // Prepare
    const plan = await world.seed(aConfirmedPlan([steps.guestCount(14)]));
    stub.reply(
      { text: 'I will update the guest count.' },
      calls(['updateGuestCount', { booking_id: 'bk_1042', party_size: 14 }]),
    );

    // Act
    await deliver(plan);

    // Assess
    expect((await world.reload(plan)).status).toBe('completed');
    expect(stub.violations).toEqual([]);
    expect(shapeOf(stub.requests[1]?.body)).toEqual(['user:text', 'model:text', 'user:text']);
  });

  it('a resume after a blocking answer: ask_user is answered by its function response', async () => {
    // Prepare
    const plan = await world.seed(
      aConfirmedPlan([steps.reschedule('2026-12-12', '10:00'), steps.guestCount(null)]),
    );
    stub.reply(
      calls(
        ['rescheduleBooking', { booking_id: 'bk_1042', date: '2026-12-12', start_time: '10:00' }],
        ['ask_user', { kind: 'missing_value', parameter: 'party_size' }],
      ),
      calls(['updateGuestCount', { booking_id: 'bk_1042', party_size: 9 }]),
    );

    // Act
    await deliver(plan);
    const waiting = await world.reload(plan);
    await answer(plan, 'nine');
    await deliver(plan, { kind: 'resume' });

    // Assess
    expect(waiting.blocking_prompt).toBe(
      'Step 2 (Update guest count for bk_1042) needs a value the plan left open: New number of guests (a number). What should it be?',
    );
    expect((await world.reload(plan)).status).toBe('completed');
    expect(stub.violations).toEqual([]);
    expect(shapeOf(stub.requests[1]?.body).slice(-2)).toEqual([
      'model:call(rescheduleBooking)+call(ask_user)',
      'user:response(rescheduleBooking)+response(ask_user)',
    ]);
  });

  it.each<CrashPoint>(['after_model_call', 'after_record'])(
    'a redelivery after a crash (%s) continues from the checkpoint',
    async (point) => {
      // Prepare
      const plan = await world.seed(threeSteps());
      const step1 = calls([
        'rescheduleBooking',
        { booking_id: 'bk_1042', date: '2026-12-12', start_time: '10:00' },
      ]);
      stub.reply(
        step1,
        ...(point === 'after_model_call' ? [step1] : []),
        calls(['updateGuestCount', { booking_id: 'bk_1042', party_size: 14 }]),
        calls(note),
      );
      let crashed = false;
      const crash = (at: CrashPoint) => {
        if (at !== point || crashed) return;
        crashed = true;
        throw new Error(`simulated crash at ${at}`);
      };

      // Act
      const first = await deliver(plan, { deps: { crash } }).catch((e: Error) => e);
      await deliver(plan);

      // Assess
      expect(first).toMatchObject({ message: `simulated crash at ${point}` });
      expect((await world.reload(plan)).status).toBe('completed');
      expect(stub.violations).toEqual([]);
      expect(
        stack.sandbox.admin.journal({ operation: 'rescheduleBooking' }).filter((e) => e.committed),
      ).toHaveLength(1);
    },
  );
});

/**
 * Issue 32's direct steps put calls the model never made into the executor's conversation. On a gemini-3 model
 * (where every call of the current turn needs a thought signature), the next request after such a call must still
 * be one Gemini accepts.
 */
describe('direct steps against the strict Gemini 3 stub', () => {
  let stack: ExecutorStack;
  let stub: GeminiStub;
  let world: ExecutorWorld;

  beforeAll(async () => {
    stack = await startExecutorStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });
  beforeEach(async () => {
    [stub, world] = await Promise.all([startGeminiStub({ sign: true }), freshWorld(stack)]);
  });
  afterEach(async () => {
    await stub.close();
  });

  it("code runs step 1, the model asks for step 2's missing value, and the resume is accepted", async () => {
    // Prepare: step 1 is fully determined (code calls it); step 2's guest count was left open (the model asks).
    const plan = await world.seed(
      aConfirmedPlan([steps.reschedule('2026-12-12', '10:00'), steps.guestCount(null)]),
    );
    stub.reply(
      {
        functionCalls: [
          { name: 'ask_user', args: { kind: 'missing_value', parameter: 'party_size' }, id: 'ask-1' },
        ],
      },
      {
        functionCalls: [
          { name: 'updateGuestCount', args: { booking_id: 'bk_1042', party_size: 9 }, id: 'gc-1' },
        ],
      },
    );
    const model = await geminiAt(stub, 'executor', 'gemini-3-flash-preview');

    // Act
    await world.deliver(plan, model);
    await answerPrompt(world, plan, 'nine');
    await world.deliver(plan, model, { kind: 'resume' });

    // Assess: two model calls, both after code's call of step 1, and no Gemini rule broken.
    expect((await world.reload(plan)).status).toBe('completed');
    expect(stub.violations).toEqual([]);
    expect(stub.requests).toHaveLength(2);
    expect(shapeOf(stub.requests[0]?.body).slice(-2)).toEqual([
      'model:call(rescheduleBooking)',
      'user:response(rescheduleBooking)',
    ]);
  });
});
