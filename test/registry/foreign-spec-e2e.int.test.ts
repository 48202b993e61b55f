import { join } from 'node:path';
import { fakeModel } from '@langchain/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { type LocalStack, startLocalStack } from '../../infra/local/local-stack.ts';
import { createDocumentClient } from '../../lib/adapters/dynamodb/document-client.ts';
import { DynamoPlanStore } from '../../lib/adapters/dynamodb/dynamo-plan-store.ts';
import { OfflineExecutorModel } from '../../lib/models/offline-executor-model.ts';
import { ActionRegistry } from '../../lib/registry/action-registry.ts';
import { build } from '../../lib/registry/compile/build-registry.ts';
import { type RunningPrism, startPrism } from '../support/prism.ts';

/**
 * End to end on a spec nobody here wrote (issue 17): Square's Bookings API, trimmed from its public repository,
 * plus our seed-001 overlays. Prism serves the spec over real HTTP and validates every request against it; the
 * local stack runs the real planner (scripted model), the HTTP API, dynalite, fauxqs and the executor. Nothing
 * in lib/ knows Square: the new actions are the spec and the overlays.
 */
const SQUARE = join(import.meta.dirname, '../fixtures/specs/square');
const SPEC = join(SQUARE, 'spec/api.json');
const TOKEN = 'demo-token-harbour';
const USER = 'user_ops_harbour';
/** Ids of the spec's own response examples, which Prism serves back. */
const BOOKING_ID = 'zkras0xv0xwswx';
const SEGMENT = {
  team_member_id: 'TMXUrsBWWcHTt79t',
  service_variation_id: 'RU3PBTZTK7DXZDQFCJHOK2MC',
  service_variation_version: 1599775456731,
  duration_minutes: 60,
};
const NEW_BOOKING = {
  start_at: '2026-11-27T10:00:00Z',
  location_id: 'LEQHH0YY8B42M',
  customer_id: 'EX2QSVGTZN4K1E5QE1CBFNVQ8M',
  appointment_segments: [SEGMENT],
};

/** The planner's scripted turn: one lookup, then a two-step plan whose values are JSON (lists and objects). */
function scriptedPlanner() {
  return fakeModel()
    .respondWithTools([{ name: 'RetrieveBooking', args: { booking_id: BOOKING_ID }, id: 'lookup-1' }])
    .respondWithTools([
      {
        name: 'propose_plan',
        id: 'plan-1',
        args: {
          intent_summary:
            'Book Jane with Sam on 27 November at 10:00 and note the window seat on her booking',
          steps: [
            {
              action_id: 'CreateBooking',
              parameters: [{ name: 'booking', value: JSON.stringify(NEW_BOOKING) }],
            },
            {
              action_id: 'UpdateBooking',
              parameters: [
                { name: 'booking_id', value: BOOKING_ID },
                { name: 'booking', value: JSON.stringify({ customer_note: 'Window seat please' }) },
              ],
            },
          ],
        },
      },
    ]);
}

let prism: RunningPrism;
let stack: LocalStack;
let plans: DynamoPlanStore;

beforeAll(async () => {
  prism = await startPrism(SPEC, { path: '/v2/locations', headers: { authorization: 'Bearer probe' } });
  const registry = new ActionRegistry((await build(SPEC, join(SQUARE, 'overlays'))).actions);
  stack = await startLocalStack({
    registry,
    bookingApiUrl: prism.url,
    modelProvider: (purpose) => (purpose === 'planner' ? scriptedPlanner() : new OfflineExecutorModel()),
  });
  plans = new DynamoPlanStore({
    client: createDocumentClient(stack.config),
    tableName: stack.config.PLANS_TABLE,
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await prism?.stop();
});

/** The part of the service's `{ plan }` answers this test reads (docs/api.md). */
const PlanAnswer = z.object({
  plan: z.object({
    plan_id: z.string(),
    status: z.string(),
    actions: z.array(z.object({ action_id: z.string(), parameters: z.record(z.string(), z.unknown()) })),
  }),
});

async function call(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${stack.url}${path}`, {
    method,
    headers: { 'x-user-token': TOKEN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

/** Polls the plan until the executor has finished with it (a condition, not a fixed wait). */
async function settled(planId: string, timeoutMs = 60_000): Promise<{ status: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { plan } = PlanAnswer.parse((await call('GET', `/v1/plans/${planId}?user_id=${USER}`)).body);
    if (['completed', 'failed', 'rolled_back'].includes(plan.status)) return plan;
    if (Date.now() > deadline) throw new Error(`plan still ${plan.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a foreign spec end to end: Square Bookings via Prism, spec + overlays only', () => {
  it('plans, confirms and executes a booking with a list of appointment segments and a nested update', async () => {
    // Act: plan over HTTP, confirm, and let the queue deliver the plan to the executor.
    const planned = await call('POST', '/v1/requests', {
      session_id: 'square-1',
      user_id: USER,
      message:
        'Book Jane with Sam on 27 Nov at 10am, and note she wants a window seat on booking zkras0xv0xwswx',
    });
    const { plan } = PlanAnswer.parse(planned.body);
    const planId = plan.plan_id;
    const confirmed = await call('POST', `/v1/plans/${planId}/confirm`, { user_id: USER });
    const done = await settled(planId);
    const stored = await plans.get(planId);

    // Assess: the plan holds typed, nested values; both steps ran against the spec-validating mock.
    expect(planned.status, JSON.stringify(planned.body)).toBe(200);
    expect(plan.actions.map((s) => s.action_id)).toEqual(['CreateBooking', 'UpdateBooking']);
    expect(plan.actions[0]?.parameters.booking).toEqual(NEW_BOOKING);
    expect(confirmed.status).toBe(200);
    expect(done.status, prism.output().slice(-2_000)).toBe('completed');
    const [create, update] = stored?.actions ?? [];
    expect(create?.result?.response_data).toMatchObject({ booking: { id: BOOKING_ID, status: 'ACCEPTED' } });
    // The pre-image read (RetrieveBooking) was kept nested, ready for {{before.booking}} on a rollback.
    expect(update?.before).toMatchObject({
      booking: { id: BOOKING_ID, appointment_segments: [expect.any(Object)] },
    });
    expect(update?.result?.success).toBe(true);
    // Prism validated every request against the spec (auth, path, body) and refused none.
    const log = prism.output();
    const received = log.match(/\[HTTP SERVER\] (get|post|put|delete) \S+/g) ?? [];
    expect(received).toEqual([
      '[HTTP SERVER] get /v2/locations',
      `[HTTP SERVER] get /v2/bookings/${BOOKING_ID}`,
      '[HTTP SERVER] post /v2/bookings',
      `[HTTP SERVER] get /v2/bookings/${BOOKING_ID}`,
      `[HTTP SERVER] put /v2/bookings/${BOOKING_ID}`,
    ]);
    expect(log.match(/The request passed the validation rules/g)).toHaveLength(received.length);
    expect(log).not.toMatch(/Request terminated with error/);
  });
});
