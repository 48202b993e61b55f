import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemorySessionStore } from '../../devkit/adapters/memory/in-memory-session-store.ts';
import { HttpBookingApi } from '../../lib/adapters/booking-api/http-booking-api.ts';
import { DynamoSessionStore } from '../../lib/adapters/dynamodb/dynamo-session-store.ts';
import { bookingDataJson } from '../../lib/contracts/booking-data-block.ts';
import type { SessionStore } from '../../lib/ports/session-store.ts';
import { expectKind, plannerHarness } from '../planner/support/planner-harness.ts';
import { findForbiddenSchemaKeys, type GeminiStub, startGeminiStub } from '../support/gemini-stub.ts';
import { geminiAt } from '../support/gemini-stub-model.ts';
import { type Emulators, startEmulators } from '../support/local-stack.ts';
import { bookingId, PINNED_NOW, startTestSandbox, type TestSandbox } from '../support/sandbox.ts';

const SIGNATURES = '__gemini_function_call_thought_signatures__';

/** The real ChatGoogleGenerativeAI (via createChatModel) drives the real planner against the stub and the sandbox. */
describe('Gemini over the wire (local generateContent stub)', () => {
  let stub: GeminiStub;
  let sandbox: TestSandbox;
  let emulators: Emulators;
  let model: BaseChatModel;

  beforeAll(async () => {
    [stub, sandbox, emulators] = await Promise.all([startGeminiStub(), startTestSandbox(), startEmulators()]);
    model = await geminiAt(stub, 'planner');
  });
  afterAll(async () => {
    await Promise.all([stub?.close(), sandbox?.close(), emulators?.stop()]);
  });

  function geminiPlanner(sessionStore?: SessionStore) {
    return plannerHarness({
      model,
      bookingApi: new HttpBookingApi({ baseUrl: sandbox.url, timeoutMs: 10_000 }),
      now: PINNED_NOW,
      ...(sessionStore ? { sessionStore } : {}),
    });
  }

  it('declares only Gemini-accepted schemas and turns scripted function calls into the right plan', async () => {
    // Prepare
    const from = stub.requests.length;
    const johnSmith = bookingId(sandbox, 'BK-1042');
    stub.reply(
      { functionCalls: [{ name: 'searchBookings', args: { search_text: 'John Smith' }, id: 'fc-1' }] },
      {
        functionCalls: [
          {
            name: 'propose_plan',
            id: 'fc-2',
            args: {
              intent_summary: "Move John Smith's booking to Saturday at 10am",
              steps: [
                {
                  action_id: 'rescheduleBooking',
                  parameters: [
                    { name: 'booking_id', value: johnSmith },
                    { name: 'date', value: 'Saturday' },
                    { name: 'start_time', value: '10am' },
                  ],
                },
              ],
            },
          },
        ],
      },
    );
    const h = geminiPlanner();

    // Act
    const outcome = expectKind(await h.send("Move John Smith's booking to Saturday at 10am"), 'plan');

    // Assess
    expect(outcome.plan.actions).toEqual([
      {
        step_number: 1,
        action_id: 'rescheduleBooking',
        parameters: { booking_id: johnSmith, date: '2026-03-14', start_time: '10:00' },
        safety_tier: 'normal',
        executed: false,
      },
    ]);
    expect(outcome.presentation.steps[0]?.line).toBe(
      'Reschedule booking BK-1042 (John Smith) from Sat 14 Mar 15:00 → Sat 14 Mar 10:00',
    );
    const [first, second] = stub.requests.slice(from);
    expect(first?.model).toBe('gemini-2.5-flash');
    expect(first?.apiKey).toBe('test-key');
    const declarations = first?.body.tools[0].functionDeclarations;
    expect(declarations.map((d: { name: string }) => d.name)).toEqual([
      'getAvailability',
      'getBooking',
      'listProducts',
      'searchBookings',
      'propose_plan',
      'ask_clarification',
      'decline',
      'cancel_request',
    ]);
    expect(findForbiddenSchemaKeys(declarations)).toEqual([]);
    expect(first?.body.systemInstruction.parts[0].text).toContain('Actions for plan steps:');
    const answer = second?.body.contents.at(-1).parts[0].functionResponse;
    expect(answer.name).toBe('searchBookings');
    expect(JSON.parse(bookingDataJson(answer.response.result)).bookings[0].booking_reference).toBe('BK-1042');
  });

  it('surfaces a Gemini failure as PlannerUnavailableError, with no client-side retry', async () => {
    // Prepare
    const from = stub.requests.length;
    stub.reply({ status: 500, message: 'internal' });
    const h = geminiPlanner();

    // Act
    const failure = h.send('Move BK-1042 to Sunday at 10am');

    // Assess
    await expect(failure).rejects.toMatchObject({ name: 'PlannerUnavailableError' });
    expect(stub.requests.length - from).toBe(1);
  });

  describe.each([
    ['in memory', async (): Promise<SessionStore> => new InMemorySessionStore()],
    [
      'DynamoDB (dynalite)',
      async (): Promise<SessionStore> => {
        const tables = await emulators.freshTables();
        return new DynamoSessionStore({
          client: emulators.documentClient,
          tableName: tables.sessions,
          slotTtlSeconds: 3600,
        });
      },
    ],
  ])('provider metadata across turns, session store %s', (_label, makeStore) => {
    it('sends the thought signatures of the previous turn back to Gemini after the session is reloaded', async () => {
      // Prepare
      const from = stub.requests.length;
      const sessionStore = await makeStore();
      const h = geminiPlanner(sessionStore);
      const johnTan = bookingId(sandbox, 'BK-1043');
      stub.reply(
        {
          functionCalls: [
            {
              name: 'searchBookings',
              args: { search_text: 'John' },
              id: 'fc-s',
              thoughtSignature: 'sig-search',
            },
          ],
        },
        {
          functionCalls: [
            {
              name: 'ask_clarification',
              args: { question: 'Which John do you mean?', missing: 'booking' },
              id: 'fc-a',
              thoughtSignature: 'sig-ask',
            },
          ],
        },
        {
          functionCalls: [
            {
              name: 'propose_plan',
              id: 'fc-p',
              args: {
                intent_summary: 'Move John Tan to Sunday 10am',
                steps: [
                  {
                    action_id: 'rescheduleBooking',
                    parameters: [
                      { name: 'booking_id', value: johnTan },
                      { name: 'date', value: 'Sunday' },
                      { name: 'start_time', value: '10:00' },
                    ],
                  },
                ],
              },
            },
          ],
        },
      );

      // Act
      const question = expectKind(await h.send("Move John's booking to Sunday at 10am"), 'clarification');
      const stored = await sessionStore.get('session-1');
      const plan = expectKind(await h.send('John Tan, BK-1043'), 'plan');

      // Assess
      expect(question.candidates?.length).toBeGreaterThanOrEqual(3);
      expect(plan.plan.actions[0]?.parameters.booking_id).toBe(johnTan);
      const storedSignatures = stored?.messages
        .filter((m) => m.type === 'ai')
        .map((m) => (m.data.additional_kwargs as Record<string, unknown>)[SIGNATURES]);
      expect(storedSignatures).toEqual([{ 'fc-s': 'sig-search' }, { 'fc-a': 'sig-ask' }]);
      const secondTurn = stub.requests[from + 2]?.body.contents as {
        role: string;
        parts: Record<string, unknown>[];
      }[];
      const calls = secondTurn.flatMap((c) => c.parts).filter((p) => 'functionCall' in p);
      expect(calls.map((p) => [(p.functionCall as { name: string }).name, p.thoughtSignature])).toEqual([
        ['searchBookings', 'sig-search'],
        ['ask_clarification', 'sig-ask'],
      ]);
    });
  });
});
