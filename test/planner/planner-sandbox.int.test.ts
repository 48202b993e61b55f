import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { fakeModel } from '@langchain/core/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { venueDirectoryOf } from '../../lib/adapters/booking-api/booking-api-venue-directory.ts';
import { HttpBookingApi } from '../../lib/adapters/booking-api/http-booking-api.ts';
import { DynamoPlanStore } from '../../lib/adapters/dynamodb/dynamo-plan-store.ts';
import { DynamoSessionStore } from '../../lib/adapters/dynamodb/dynamo-session-store.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import { type Emulators, startEmulators } from '../support/local-stack.ts';
import {
  bookingId,
  NEXT_SATURDAY,
  PINNED_NOW,
  startTestSandbox,
  type TestSandbox,
  TOKENS,
} from '../support/sandbox.ts';
import { expectKind, params, plannerHarness, USER } from './support/planner-harness.ts';

/** Scripted models drive the real planner against the real sandbox over HTTP (and dynalite for the stores). */
describe('createPlanner against the sandbox booking API', () => {
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

  const api = () => new HttpBookingApi({ baseUrl: sandbox.url, timeoutMs: 10_000 });
  const reschedule = (id: string, booking: string, date: string, time: string) => ({
    name: 'propose_plan',
    id,
    args: {
      intent_summary: 'Move the booking',
      steps: [
        {
          action_id: 'rescheduleBooking',
          parameters: params({ booking_id: booking, date, start_time: time }),
        },
      ],
    },
  });

  it('finds a misspelt guest with the fuzzy search and plans on the match', async () => {
    // Prepare
    const johnSmith = bookingId(sandbox, 'BK-1042');
    const model = fakeModel()
      .respondWithTools([{ name: 'searchBookings', args: { search_text: 'Jon Smth' }, id: 'c1' }])
      .respondWithTools([reschedule('c2', johnSmith, 'Saturday', '10am')]);
    const h = plannerHarness({ model, bookingApi: api(), now: PINNED_NOW });

    // Act
    const outcome = expectKind(await h.send("Move Jon Smth's booking to Saturday at 10am"), 'plan');

    // Assess
    expect(outcome.plan.actions[0]?.parameters).toEqual({
      booking_id: johnSmith,
      date: NEXT_SATURDAY,
      start_time: '10:00',
    });
    expect((await h.sessionStore.get('session-1'))?.referenced_booking?.guest_name).toBe('John Smith');
  });

  it('lists the three Johns of the venue as candidates', async () => {
    // Prepare
    const model = fakeModel()
      .respondWithTools([{ name: 'searchBookings', args: { search_text: 'John' }, id: 'c1' }])
      .respondWithTools([
        { name: 'ask_clarification', id: 'c2', args: { question: 'Which John?', missing: 'booking' } },
      ]);
    const h = plannerHarness({ model, bookingApi: api(), now: PINNED_NOW });

    // Act
    const outcome = expectKind(await h.send("Move John's booking to Saturday"), 'clarification');

    // Assess
    expect(
      outcome.candidates?.map((c) => [c.guest_name, c.booking_date, c.booking_time, c.party_size, c.status]),
    ).toEqual([
      ['John Okafor', '2026-03-13', '11:00', 4, 'confirmed'],
      ['John Smith', NEXT_SATURDAY, '15:00', 12, 'confirmed'],
      ['John Tan', '2026-03-16', '13:00', 8, 'confirmed'],
    ]);
  });

  it('offers the day’s free slots when the target slot is full', async () => {
    // Prepare
    const model = fakeModel().respondWithTools([
      reschedule('c1', bookingId(sandbox, 'BK-1045'), 'Saturday', '12:30'),
    ]);
    const h = plannerHarness({ model, bookingApi: api(), now: PINNED_NOW });

    // Act
    const outcome = expectKind(
      await h.send('Move the Sarah Smith booking BK-1045 to Saturday 12:30'),
      'clarification',
    );

    // Assess
    expect(outcome.question).toBe(
      'Sat 14 Mar at 12:30 is not available for 15 guests. Available that day: 10:00. Which time would you like instead?',
    );
  });

  it('never plans a move into the past: it asks for another date and nothing is confirmable', async () => {
    // Prepare
    const model = fakeModel().respondWithTools([
      reschedule('c1', bookingId(sandbox, 'BK-1045'), 'yesterday', '10:00'),
    ]);
    const h = plannerHarness({ model, bookingApi: api(), now: PINNED_NOW });

    // Act
    const outcome = expectKind(await h.send('Move BK-1045 to yesterday at 10am'), 'clarification');

    // Assess
    expect(outcome.question).toBe('“yesterday” is in the past. Which date do you mean?');
  });

  it('answers AuthRequiredError when the booking API rejects the token (401)', async () => {
    // Prepare
    const model = fakeModel().respondWithTools([
      { name: 'searchBookings', args: { search_text: 'John' }, id: 'c1' },
    ]);
    const h = plannerHarness({ model, bookingApi: api(), now: PINNED_NOW });

    // Act
    const failure = h.planner({
      session_id: 's-401',
      user_id: USER,
      message: "Move John's booking",
      token: TOKENS.expired,
    });

    // Assess
    await expect(failure).rejects.toMatchObject({ name: 'AuthRequiredError', errorType: 'auth_required' });
  });

  it('answers BookingLookupUnavailableError with the retry delay when the booking API is rate limited', async () => {
    // Prepare
    sandbox.admin.injectFault({ kind: 'status', status: 429, operation: 'searchBookings' });
    const model = fakeModel().respondWithTools([
      { name: 'searchBookings', args: { search_text: 'John' }, id: 'c1' },
    ]);
    const h = plannerHarness({ model, bookingApi: api(), now: PINNED_NOW });

    // Act
    const failure = h.send("Move John's booking");

    // Assess
    await expect(failure).rejects.toMatchObject({
      name: 'BookingLookupUnavailableError',
      errorType: 'service_unavailable',
    });
    await expect(failure).rejects.toThrow(/retry in \d+ seconds/);
  });

  it('persists, amends and supersedes plans with the DynamoDB stores (dynalite)', async () => {
    // Prepare
    const tables = await emulators.freshTables();
    const client = emulators.documentClient;
    const planStore = new DynamoPlanStore({ client, tableName: tables.plans });
    const sessionStore = new DynamoSessionStore({ client, tableName: tables.sessions, slotTtlSeconds: 3600 });
    const johnSmith = bookingId(sandbox, 'BK-1042');
    const model = fakeModel()
      .respondWithTools([reschedule('c1', johnSmith, 'Saturday', '10am')])
      .respondWithTools([reschedule('c2', johnSmith, NEXT_SATURDAY, '12:30')]);
    const h = plannerHarness({ model, bookingApi: api(), now: PINNED_NOW, planStore, sessionStore });

    // Act
    const first = expectKind(await h.send('Move BK-1042 to Saturday at 10am'), 'plan');
    const second = expectKind(await h.send('actually make it 12:30'), 'clarification');
    const third = await h.send('never mind');

    // Assess
    expect(second.question).toMatch(/^Sat 14 Mar at 12:30 is not available for 12 guests/);
    expect(third.kind).toBe('clarification');
    expect(await planStore.get(first.plan.plan_id)).toMatchObject({
      status: 'cancelled',
      closed_reason: 'cancelled_by_user',
      invalidated_reason: 'cancelled_by_user',
      version: 2,
    });
    expect(await sessionStore.get('session-1')).toMatchObject({
      messages: [],
      clarification_count: 0,
      version: 3,
    });
  });

  /** ADR 0010: the planner stores the token's venue and the named bookings on each plan. */
  describe('planning records the venue and the bookings', () => {
    const guestCount = (booking: string, size: string) =>
      fakeModel().respondWithTools([
        {
          name: 'propose_plan',
          id: 'c1',
          args: {
            intent_summary: 'Change the party size',
            steps: [
              {
                action_id: 'updateGuestCount',
                parameters: params({ booking_id: booking, party_size: size }),
              },
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
});
