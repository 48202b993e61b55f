import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpBookingApi } from '../../lib/adapters/booking-api/http-booking-api.ts';
import { expectKind, params, plannerHarness } from '../planner/support/planner-harness.ts';
import { type GeminiStub, startGeminiStub } from '../support/gemini-stub.ts';
import { geminiAt, shapeOf } from '../support/gemini-stub-model.ts';
import {
  bookingId,
  PINNED_NOW,
  sandboxClient,
  startTestSandbox,
  type TestSandbox,
} from '../support/sandbox.ts';

const REQUEST = 'BK-1042 has another two guests coming';

/**
 * Issue 16 "try again" with a real model's path: the real ChatGoogleGenerativeAI against the strict Gemini stub
 * (thought signatures on), the real planning graph and gate, the sandbox over HTTP. The retry turn sends the model
 * the failed request's own words with that turn's history (here none), and a model that copies the stale count
 * from its memory of the request is stopped by the gate: relative wording licenses only the fresh count ± N.
 */
describe('"try again" against the strict Gemini stub', () => {
  let stub: GeminiStub;
  let sandbox: TestSandbox;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  beforeEach(async () => {
    stub = await startGeminiStub({ sign: true });
  });
  afterEach(async () => {
    await stub.close();
  });

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

  it('re-plans the relative change on the fresh count; the stale value is refused and repaired', async () => {
    // Prepare: 12 + 2 planned and failed (nothing applied); the desk makes it 13 since.
    const h = plannerHarness({
      model: () => geminiAt(stub, 'planner'),
      bookingApi: new HttpBookingApi({ baseUrl: sandbox.url, timeoutMs: 10_000 }),
      now: PINNED_NOW,
    });
    const john = bookingId(sandbox, 'BK-1042');
    stub.reply(
      { functionCalls: [{ name: 'getBooking', args: { booking_id: john }, id: 'g1' }] },
      count(john, 14, 'p1'),
      // The retry: the model first repeats its old arithmetic (14), then reads the gate's refusal.
      count(john, 14, 'p2'),
      count(john, 15, 'p3'),
    );
    const first = expectKind(await h.send(REQUEST), 'plan');
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
    expect(JSON.stringify(retryCall?.contents)).toContain(REQUEST);
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
