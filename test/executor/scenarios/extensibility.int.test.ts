import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeModel } from '@langchain/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryPlanQueue } from '../../../devkit/adapters/memory/in-memory-plan-queue.ts';
import { HttpBookingApi } from '../../../lib/adapters/booking-api/http-booking-api.ts';
import { OfflineExecutorModel } from '../../../lib/models/offline-executor-model.ts';
import { createPlanner } from '../../../lib/planner/create-planner.ts';
import { confirmPlan } from '../../../lib/plans/confirm-plan.ts';
import { silentLog } from '../../../lib/plans/ops-log.ts';
import { fixedClock } from '../../../lib/ports/clock.ts';
import { ActionRegistry } from '../../../lib/registry/action-registry.ts';
import { build } from '../../../lib/registry/compile/build-registry.ts';
import { TOKEN } from '../../support/executor-fixture.ts';
import { type ExecutorStack, freshWorld, startExecutorStack } from '../../support/executor-harness.ts';
import { startVendorApi } from '../../support/executor-vendor-extension.ts';
import { testTokenSealer } from '../../support/token-sealer.ts';
import { extendedSpecIn } from '../../support/vendor-extension.ts';

const work = mkdtempSync(join(tmpdir(), 'executor-extensibility-'));
let stack: ExecutorStack;
beforeAll(async () => {
  stack = await startExecutorStack();
});
afterAll(async () => {
  await stack.stop();
  rmSync(work, { recursive: true, force: true });
});

const param = (values: Record<string, string>) =>
  Object.entries(values).map(([name, value]) => ({ name, value }));

describe('extensibility, end to end (000: spec + overlay, no code change)', () => {
  it('plans, confirms and executes a newly added operation', async () => {
    // Prepare: the vendor adds updateSpecialRequests; the operator adds its overlay and rebuilds the registry.
    const { specPath, overlaysDir } = extendedSpecIn(work);
    const registry = new ActionRegistry((await build(specPath, overlaysDir)).actions);
    const vendor = await startVendorApi(stack.sandbox.url);
    const world = await freshWorld(stack);
    const bookingApi = new HttpBookingApi({ baseUrl: vendor.url, timeoutMs: 30_000 });
    const clock = fixedClock('2026-11-20T10:00:00.000Z');
    const planner = createPlanner({
      registry,
      bookingApi,
      planStore: world.plans,
      sessionStore: world.sessions,
      model: fakeModel()
        .respondWithTools([{ name: 'searchBookings', args: { search_text: 'John Smith' }, id: 'p1' }])
        .respondWithTools([
          {
            name: 'propose_plan',
            id: 'p2',
            args: {
              intent_summary: "Add a high chair to John Smith's party",
              steps: [
                {
                  action_id: 'updateSpecialRequests',
                  parameters: param({ booking_id: 'bk_1042', special_requests: 'A high chair' }),
                },
              ],
            },
          },
        ]),
      clock,
      ids: { uuid: () => '6f1c2a53-8d7e-4b1a-9c3d-2e4f5a6b7c8d' },
      tracer: world.tracer,
      logger: { debug() {}, info() {}, warn() {}, error() {} },
      config: {
        VENUE_TIMEZONE: 'Australia/Sydney',
        MAX_CLARIFICATIONS: 3,
        TOOL_RETRIEVAL_K: 15,
        HISTORY_MAX_MESSAGES: 20,
        SESSION_TTL_HOURS: 24,
      },
    });
    const queue = new InMemoryPlanQueue();

    // Act: plan → confirm → the queued message executes.
    const outcome = await planner({
      session_id: 'sess-ext',
      user_id: 'user_ops_harbour',
      message: 'John Smith needs a high chair',
      token: TOKEN,
    });
    if (outcome.kind !== 'plan') throw new Error(`expected a plan, got ${JSON.stringify(outcome)}`);
    await confirmPlan(
      { plans: world.plans, queue, tokenSealer: testTokenSealer, clock, log: silentLog },
      { plan_id: outcome.plan.plan_id, user_id: 'user_ops_harbour', token: TOKEN },
    );
    const [queued] = queue.drain();
    if (!queued) throw new Error('nothing was enqueued');
    await world.deliver(outcome.plan, new OfflineExecutorModel(), {
      kind: queued.message.kind,
      deps: { registry, bookingApi },
    });

    // Assess
    const done = await world.plans.get(outcome.plan.plan_id);
    expect(done?.status).toBe('completed');
    expect(vendor.calls).toEqual([
      {
        bookingId: 'bk_1042',
        idempotencyKey: `${outcome.plan.plan_id}:step-1`,
        specialRequests: 'A high chair',
        replayed: false,
      },
    ]);
    expect(done?.actions[0]?.before).toMatchObject({ special_requests: '' });
    expect(done?.actions[0]?.result?.response_data?.change_summary).toBe(
      'Booking BK-1042: Update special requests: special requests (empty) → A high chair',
    );
    await vendor.close();
  });
});
