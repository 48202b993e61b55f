import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { fakeModel } from '@langchain/core/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { venueDirectoryOf } from '../../lib/adapters/booking-api/booking-api-venue-directory.ts';
import { HttpBookingApi } from '../../lib/adapters/booking-api/http-booking-api.ts';
import { DynamoPlanStore } from '../../lib/adapters/dynamodb/dynamo-plan-store.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import { type Emulators, startEmulators } from '../support/local-stack.ts';
import { bookingId, PINNED_NOW, startTestSandbox, type TestSandbox, TOKENS } from '../support/sandbox.ts';
import { expectKind, params, plannerHarness, USER } from './support/planner-harness.ts';

/** ADR 0010: the planner stores the token's venue and the booked ids on each plan (sandbox over HTTP, dynalite). */
describe('planning records the venue and the bookings', () => {
  let sandbox: TestSandbox;
  let emulators: Emulators;

  beforeAll(async () => {
    [sandbox, emulators] = await Promise.all([startTestSandbox(), startEmulators()]);
  });
  afterEach(() => {
    sandbox.admin.clearFaults();
  });
  afterAll(async () => {
    await Promise.all([sandbox?.close(), emulators?.stop()]);
  });

  const guestCount = (booking: string, size: string) =>
    fakeModel().respondWithTools([
      {
        name: 'propose_plan',
        id: 'c1',
        args: {
          intent_summary: 'Change the party size',
          steps: [
            { action_id: 'updateGuestCount', parameters: params({ booking_id: booking, party_size: size }) },
          ],
        },
      },
    ]);

  async function harness(model: ReturnType<typeof fakeModel>) {
    const tables = await emulators.freshTables();
    const api = new HttpBookingApi({ baseUrl: sandbox.url, timeoutMs: 10_000 });
    const planStore = new DynamoPlanStore({ client: emulators.documentClient, tableName: tables.plans });
    const h = plannerHarness({
      model,
      bookingApi: api,
      planStore,
      now: PINNED_NOW,
      venues: venueDirectoryOf(api, loadCompiledRegistry()),
    });
    return { h, tables };
  }

  it('stores venue_id and booking_refs top-level on the item, with one venue read per plan', async () => {
    // Prepare
    const booking = bookingId(sandbox, 'BK-1042');
    const { h, tables } = await harness(guestCount(booking, '6'));
    const venueReads = () => sandbox.admin.journal({ operation: 'getVenue' }).length;
    const readsBefore = venueReads();

    // Act
    const outcome = expectKind(await h.send('Make BK-1042 a party of 6'), 'plan');

    // Assess
    expect(outcome.plan).toMatchObject({ venue_id: 'venue_harbour', booking_refs: [booking] });
    const item = await emulators.documentClient.send(
      new GetCommand({ TableName: tables.plans, Key: { plan_id: outcome.plan.plan_id } }),
    );
    expect(item.Item).toMatchObject({
      status: 'pending_confirmation',
      venue_id: 'venue_harbour',
      booking_refs: [booking],
      intent_summary: expect.any(String),
      created_at: expect.any(String),
    });
    expect(venueReads() - readsBefore).toBe(1);
  });

  it("records the westside token's venue for a westside plan", async () => {
    // Prepare
    const { h } = await harness(guestCount(bookingId(sandbox, 'BK-1077'), '4'));

    // Act
    const outcome = expectKind(
      await h.planner({
        session_id: 's-west',
        user_id: USER,
        message: 'BK-1077 for 4',
        token: TOKENS.westside,
      }),
      'plan',
    );

    // Assess
    expect(outcome.plan.venue_id).toBe('venue_westside');
  });

  it('answers 503 and writes nothing when the venue read fails: the pending plan stays confirmable', async () => {
    // Prepare
    const booking = bookingId(sandbox, 'BK-1042');
    const model = guestCount(booking, '6');
    const { h } = await harness(model);
    const first = expectKind(await h.send('Make BK-1042 a party of 6'), 'plan');
    sandbox.admin.injectFault({ kind: 'status', status: 503, operation: 'getVenue' });
    const again = plannerHarness({
      model: guestCount(booking, '7'),
      bookingApi: h.bookingApi,
      planStore: h.planStore,
      sessionStore: h.sessionStore,
      now: PINNED_NOW,
      venues: h.deps.venues,
    });

    // Act
    const failure = again.send('Actually make it 7');

    // Assess
    await expect(failure).rejects.toMatchObject({ errorType: 'service_unavailable' });
    expect((await h.planStore.get(first.plan.plan_id))?.status).toBe('pending_confirmation');
    expect((await h.sessionStore.get('session-1'))?.pending_plan_id).toBe(first.plan.plan_id);
  });

  it('answers auth_required when the venue read is refused (401)', async () => {
    // Prepare
    const { h } = await harness(guestCount(bookingId(sandbox, 'BK-1042'), '6'));
    sandbox.admin.injectFault({ kind: 'status', status: 401, operation: 'getVenue' });

    // Act
    const failure = h.send('Make BK-1042 a party of 6');

    // Assess
    await expect(failure).rejects.toMatchObject({ name: 'AuthRequiredError', errorType: 'auth_required' });
  });
});
