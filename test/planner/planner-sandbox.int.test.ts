import { fakeModel } from '@langchain/core/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpBookingApi } from '../../lib/adapters/booking-api/http-booking-api.ts';
import { DynamoPlanStore } from '../../lib/adapters/dynamodb/dynamo-plan-store.ts';
import { DynamoSessionStore } from '../../lib/adapters/dynamodb/dynamo-session-store.ts';
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
});
