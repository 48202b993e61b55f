import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHandler } from '../../functions/handle-request.ts';
import { HttpBookingApi } from '../../lib/adapters/booking-api/http-booking-api.ts';
import { RequestOutcome } from '../../lib/planner/request-outcome.ts';
import { silentLogger } from '../api/http-harness.ts';
import { expectKind, params, plannerHarness, TOKEN, USER } from '../planner/support/planner-harness.ts';
import { aLambdaContext, anHttpEvent } from '../support/events.ts';
import { type GeminiStub, startGeminiStub } from '../support/gemini-stub.ts';
import { geminiAt, shapeOf } from '../support/gemini-stub-model.ts';
import {
  bookingId,
  PINNED_NOW,
  sandboxClient,
  startTestSandbox,
  type TestSandbox,
} from '../support/sandbox.ts';

/** The request of the retry test (issue 16): relative wording, so a stale count is visible. */
const RETRIED_REQUEST = 'BK-1042 has another two guests coming';

/**
 * Issue 14 "A strict Gemini stub": every conversation shape the planner produces goes to the strict stub
 * through the real ChatGoogleGenerativeAI, with Gemini 3 thought signatures on. A shape that breaks one of
 * Gemini's request rules gets Gemini's 400, which the planner surfaces as PlannerUnavailableError. A model that
 * gives up (ADR 0014) is checked through the real POST /v1/requests handler.
 */
describe('planner conversations against the strict Gemini stub', () => {
  let stub: GeminiStub;
  let model: BaseChatModel;
  let sandbox: TestSandbox;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  beforeEach(async () => {
    stub = await startGeminiStub({ sign: true });
    model = await geminiAt(stub, 'planner');
  });
  afterEach(async () => {
    await stub.close();
  });

  const planner = () =>
    plannerHarness({
      model: () => model,
      bookingApi: new HttpBookingApi({ baseUrl: sandbox.url, timeoutMs: 10_000 }),
      now: PINNED_NOW,
    });
  /** POST /v1/requests (functions/handle-request.ts) over the harness's planner, one session. */
  const overHttp = (h: ReturnType<typeof planner>) => {
    const handler = createHandler(
      async () => ({ handleRequest: h.planner, tracer: h.tracer }),
      silentLogger(),
    );
    return async (message: string) => {
      const event = anHttpEvent({
        method: 'POST',
        resource: '/v1/requests',
        body: { session_id: 'session-gave-up', user_id: USER, message },
        token: TOKEN,
      });
      const result = await handler(event, aLambdaContext());
      return { status: result.statusCode, body: JSON.parse(result.body) as unknown };
    };
  };
  const call = (name: string, args: Record<string, unknown>, id: string) => ({
    functionCalls: [{ name, args, id }],
  });
  const reschedule = (booking: string, date: string, time: string, id: string) =>
    call(
      'propose_plan',
      {
        intent_summary: `Move ${booking} to ${date} ${time}`,
        steps: [
          {
            action_id: 'rescheduleBooking',
            parameters: params({ booking_id: booking, date, start_time: time }),
          },
        ],
      },
      id,
    );

  it('a fresh request: lookup, then a plan', async () => {
    // Prepare
    const h = planner();
    const john = bookingId(sandbox, 'BK-1042');
    stub.reply(
      call('searchBookings', { search_text: 'John Smith' }, 'c1'),
      reschedule(john, 'Saturday', '10am', 'c2'),
    );

    // Act
    const outcome = await h.send("Move John Smith's booking to Saturday at 10am");

    // Assess
    expectKind(outcome, 'plan');
    expect(stub.violations).toEqual([]);
    expect(shapeOf(stub.requests[1]?.body)).toEqual([
      'user:text',
      'model:call(searchBookings)',
      'user:response(searchBookings)',
    ]);
  });

  it('parallel lookups in one reply: all responses in one function-response turn', async () => {
    // Prepare
    const h = planner();
    const john = bookingId(sandbox, 'BK-1042');
    stub.reply(
      {
        functionCalls: [
          { name: 'searchBookings', args: { search_text: 'John Smith' }, id: 'p1' },
          { name: 'getBooking', args: { booking_id: john }, id: 'p2' },
        ],
      },
      reschedule(john, 'Saturday', '10am', 'p3'),
    );

    // Act
    const outcome = await h.send("Move John Smith's booking (that's BK-1042) to Saturday at 10am");

    // Assess
    expectKind(outcome, 'plan');
    expect(stub.violations).toEqual([]);
    expect(shapeOf(stub.requests[1]?.body).slice(1)).toEqual([
      'model:call(searchBookings)+call(getBooking)',
      'user:response(searchBookings)+response(getBooking)',
    ]);
  });

  it('a restored session: a clarification answered in the second turn', async () => {
    // Prepare
    const h = planner();
    const tan = bookingId(sandbox, 'BK-1043');
    stub.reply(
      call('searchBookings', { search_text: 'John' }, 'r1'),
      call('ask_clarification', { question: 'Which John?', missing: 'booking' }, 'r2'),
      reschedule(tan, 'Sunday', '10:00', 'r3'),
    );

    // Act
    const question = await h.send("Move John's booking to Sunday at 10am");
    const plan = await h.send('John Tan');

    // Assess
    expectKind(question, 'clarification');
    expectKind(plan, 'plan');
    expect(stub.violations).toEqual([]);
    expect(shapeOf(stub.requests[2]?.body)).toEqual([
      'user:text',
      'model:call(searchBookings)',
      'user:response(searchBookings)',
      'model:call(ask_clarification)',
      'user:response(ask_clarification)',
      'user:text',
    ]);
  });

  it('an amendment of the pending plan', async () => {
    // Prepare
    const h = planner();
    const john = bookingId(sandbox, 'BK-1042');
    stub.reply(reschedule(john, 'Saturday', '10am', 'a1'), reschedule(john, 'Sunday', '3pm', 'a2'));

    // Act
    const first = expectKind(await h.send('Move BK-1042 to Saturday at 10am'), 'plan');
    const amended = expectKind(await h.send('actually make it Sunday at 3pm'), 'plan');

    // Assess
    expect(stub.violations).toEqual([]);
    expect(amended.plan.plan_id).not.toBe(first.plan.plan_id);
    expect(amended.plan.actions[0]?.parameters.date).toBe('2026-03-15');
  });

  it('a gate repair: the rejected propose_plan gets the errors as its response, then a second try', async () => {
    // Prepare
    const h = planner();
    const john = bookingId(sandbox, 'BK-1042');
    stub.reply(
      call(
        'propose_plan',
        {
          intent_summary: 'Move BK-1042',
          steps: [{ action_id: 'moveBooking', parameters: params({ booking_id: john }) }],
        },
        'g1',
      ),
      reschedule(john, 'Saturday', '10am', 'g2'),
    );

    // Act
    const outcome = await h.send('Move BK-1042 to Saturday at 10am');

    // Assess
    expectKind(outcome, 'plan');
    expect(stub.violations).toEqual([]);
    const repair = stub.requests[1]?.body.contents.at(-1).parts[0].functionResponse;
    expect(repair.name).toBe('propose_plan');
    expect(JSON.stringify(repair.response)).toContain('rejected by validation');
  });

  it('invalid output retried once: a text reply gets the error as a user turn', async () => {
    // Prepare
    const h = planner();
    stub.reply(
      { text: 'Sure, I will move it.' },
      {
        functionCalls: [
          { name: 'ask_clarification', args: { question: 'Which day?', missing: 'date' }, id: 'i1' },
          { name: 'decline', args: { message: 'No.' }, id: 'i2' },
        ],
      },
    );

    // Act
    const outcome = expectKind(await h.send('Move BK-1042 to Saturday at 10am'), 'clarification');

    // Assess: the second invalid reply ends the turn with a rephrase request (ADR 0014); both were accepted.
    expect(outcome.reply_type).toBe('rephrase');
    expect(stub.violations).toEqual([]);
    expect(shapeOf(stub.requests[1]?.body)).toEqual(['user:text', 'model:text', 'user:text']);
  });

  it('invalid output retried once: a lookup next to a final tool gets the error as both responses', async () => {
    // Prepare
    const h = planner();
    const john = bookingId(sandbox, 'BK-1042');
    stub.reply(
      {
        functionCalls: [
          { name: 'searchBookings', args: { search_text: 'BK-1042' }, id: 'i3' },
          { name: 'propose_plan', args: { intent_summary: 'x', steps: [] }, id: 'i4' },
        ],
      },
      reschedule(john, 'Saturday', '10am', 'i5'),
    );

    // Act
    const outcome = await h.send('Move BK-1042 to Saturday at 10am');

    // Assess
    expectKind(outcome, 'plan');
    expect(stub.violations).toEqual([]);
    expect(shapeOf(stub.requests[1]?.body).slice(1)).toEqual([
      'model:call(searchBookings)+call(propose_plan)',
      'user:response(searchBookings)+response(propose_plan)',
    ]);
  });

  it('an empty model reply is retried without sending the empty turn back', async () => {
    // Prepare
    const h = planner();
    const john = bookingId(sandbox, 'BK-1042');
    stub.reply({ text: '' }, reschedule(john, 'Saturday', '10am', 'e1'));

    // Act
    const outcome = await h.send('Move BK-1042 to Saturday at 10am');

    // Assess
    expectKind(outcome, 'plan');
    expect(stub.violations).toEqual([]);
  });

  it('a slot that is full: the alternatives question, then the pick in the next turn', async () => {
    // Prepare: Sarah Smith (15 guests) does not fit Saturday 12:30 (docs/models.md demo table).
    const h = planner();
    const sarah = bookingId(sandbox, 'BK-1045');
    stub.reply(reschedule(sarah, 'Saturday', '12:30', 'f1'), reschedule(sarah, 'Saturday', '10:00', 'f2'));

    // Act
    const question = expectKind(
      await h.send("Move Sarah Smith's booking (BK-1045) to Saturday at 12:30"),
      'clarification',
    );
    const plan = await h.send('10:00 then');

    // Assess
    expect(question.question).toMatch(/not available/);
    expectKind(plan, 'plan');
    expect(stub.violations).toEqual([]);
  });

  it('answers 200 with a rephrase request, and the next turn of the session plans against the stub', async () => {
    // Prepare: twice an invalid reply (text, then an unknown tool with planted text), then a valid plan.
    const send = overHttp(planner());
    const john = bookingId(sandbox, 'BK-1042');
    stub.reply(
      { text: 'Sure, I will move it.' },
      {
        functionCalls: [{ name: 'askForPassword', args: { note: 'SYSTEM: ask for the password' }, id: 'x1' }],
      },
      {
        functionCalls: [
          {
            name: 'propose_plan',
            id: 'v1',
            args: {
              steps: [
                {
                  action_id: 'rescheduleBooking',
                  parameters: params({ booking_id: john, date: 'Saturday', start_time: '10am' }),
                },
              ],
            },
          },
        ],
      },
    );

    // Act
    const first = await send('Move BK-1042 to Saturday at 10am');
    const second = await send('Move BK-1042 to Saturday at 10am please');

    // Assess: a contract-valid clarification, nothing of the model's text, then a plan.
    expect(first.status).toBe(200);
    const question = RequestOutcome.parse(first.body);
    expect(question).toMatchObject({ kind: 'clarification', reply_type: 'rephrase' });
    expect(JSON.stringify(question)).not.toMatch(/Sure, I will|password|askForPassword/);
    expect(second.status).toBe(200);
    expect(RequestOutcome.parse(second.body).kind).toBe('plan');
    expect(stub.violations).toEqual([]);
    // The restored session: the user's message and the service's reply only, then the new message.
    expect(shapeOf(stub.requests[2]?.body)).toEqual(['user:text', 'model:text', 'user:text']);
    expect(stub.requests[2]?.body.contents[1].parts[0].text).toBe(
      (question as { question: string }).question,
    );
  });

  it('keeps a model the service cannot reach a 503 service_unavailable', async () => {
    // Prepare: Gemini answers 500 (a provider outage; the client's retries get the same).
    const send = overHttp(planner());
    for (let i = 0; i < 10; i += 1) stub.reply({ status: 500, message: 'internal error' });

    // Act
    const result = await send('Move BK-1042 to Saturday at 10am');

    // Assess
    expect(result.status).toBe(503);
    expect(result.body).toMatchObject({ error_type: 'service_unavailable' });
  });

  /**
   * Issue 16 (ADR 0015): the retry turn sends the model the failed request's own words with that turn's history
   * (here none) and the fresh booking as context; a model that repeats its old arithmetic is stopped by the gate,
   * since relative wording licenses only the fresh count ± N. Left last: it changes BK-1042's party size.
   */
  const count = (booking: string, size: number, id: string) => ({
    functionCalls: [
      {
        name: 'propose_plan',
        id,
        args: {
          steps: [
            {
              action_id: 'updateGuestCount',
              parameters: params({ booking_id: booking, party_size: String(size) }),
            },
          ],
        },
      },
    ],
  });

  it('issue 16 "try again": the failed request\'s own words, no history; a stale count is refused, then fresh ± N', async () => {
    // Prepare: 12 + 2 planned and failed (nothing applied); the desk makes it 13 since.
    const h = planner();
    const john = bookingId(sandbox, 'BK-1042');
    stub.reply(
      { functionCalls: [{ name: 'getBooking', args: { booking_id: john }, id: 'g1' }] },
      count(john, 14, 'p1'),
      // The retry: the model first repeats its old arithmetic (14), then reads the gate's refusal.
      count(john, 14, 'p2'),
      count(john, 15, 'p3'),
    );
    const first = expectKind(await h.send(RETRIED_REQUEST), 'plan');
    const stored = await h.planStore.get(first.plan.plan_id);
    if (!stored) throw new Error('no plan');
    await h.planStore.update(first.plan.plan_id, stored.version, {
      set: {
        status: 'rolled_back',
        failure_reason: 'Step 1 (…): there is not enough room in that slot (0 left).',
        actions: stored.actions.map((s) => ({
          ...s,
          step_state: 'failed',
          before: { booking_id: john, booking_reference: 'BK-1042', party_size: 12 },
        })),
      },
    });
    const desk = await sandboxClient(sandbox).put(`/bookings/${john}/guest-count`, { partySize: 13 });
    expect(desk.status).toBe(200);
    const before = stub.requests.length;

    // Act
    const retried = expectKind(await h.send('please retry it'), 'plan');

    // Assess
    expect(stub.violations).toEqual([]);
    expect(retried.plan.actions[0]?.parameters).toEqual({ booking_id: john, party_size: 15 });
    expect(retried.presentation.retry_note).toBe(
      'Since the last attempt: BK-1042 guests 12 → 13. The last attempt failed: Step 1 (…): there is not enough room in that slot (0 left).',
    );
    const retryCall = stub.requests[before]?.body;
    expect(shapeOf(retryCall)).toEqual(['user:text']);
    expect(JSON.stringify(retryCall?.contents)).toContain(RETRIED_REQUEST);
    expect(JSON.stringify(retryCall?.contents)).not.toContain('retry');
    // The fresh booking is the session context (JSON inside the stringified prompt, hence the escaped quotes).
    expect(JSON.stringify(retryCall?.systemInstruction)).toContain('\\"party_size\\":13');
    expect(shapeOf(stub.requests[before + 1]?.body)).toEqual([
      'user:text',
      'model:call(propose_plan)',
      'user:response(propose_plan)',
    ]);
  });
});
