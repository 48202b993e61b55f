import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpBookingApi } from '../../lib/adapters/booking-api/http-booking-api.ts';
import { OfflinePlannerModel } from '../../lib/models/offline/offline-planner-model.ts';
import {
  DEMO,
  NEXT_SATURDAY,
  PINNED_NOW,
  sandboxClient,
  startTestSandbox,
  type TestSandbox,
} from '../support/sandbox.ts';
import { expectKind, plannerHarness } from './support/planner-harness.ts';

/**
 * Issue 14 decision 4: every action that needs room is checked against availability before a plan is shown. The
 * real planner and gate, with the offline model, against the sandbox over HTTP: BK-1042 is John Smith's party of
 * 12 in the Birthday Party Room (20 seats a session) next Saturday at 15:00.
 */
describe('capacity pre-check against the sandbox booking API', () => {
  let sandbox: TestSandbox;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  beforeEach(() => {
    sandbox.admin.reset();
  });
  afterAll(() => sandbox?.close());

  const harness = () =>
    plannerHarness({
      model: new OfflinePlannerModel(),
      bookingApi: new HttpBookingApi({ baseUrl: sandbox.url, timeoutMs: 10_000 }),
      now: PINNED_NOW,
    });
  /** The seats BK-1042 could hold in its own slot: what is free there plus its own party. */
  const seatsForJohn = async () => {
    const response = await sandboxClient(sandbox).get(
      `/products/prod_party_room/availability?date=${NEXT_SATURDAY}`,
    );
    const slots = (response.body as { slots: { startTime: string; remaining: number }[] }).slots;
    return (slots.find((s) => s.startTime === '15:00')?.remaining ?? 0) + 12;
  };
  const mutations = () => sandbox.admin.journal().filter((e) => e.operation !== 'searchBookings');

  it('asks about 22 guests in a 20-seat session before any plan, naming the seats left for the booking', async () => {
    // Prepare
    const h = harness();
    const seats = await seatsForJohn();

    // Act
    const outcome = expectKind(await h.send('Change BK-1042 to 22 guests'), 'clarification');

    // Assess
    expect(outcome.question).toContain('At most 20 guests fit in one session, so 22 guests won');
    expect(outcome.question).toContain(`has room for ${seats} guests on this booking`);
    expect(outcome.question).toMatch(/How many guests should it be\?$/);
    expect(await h.planStore.listBySession('session-1')).toEqual([]);
    expect(mutations().filter((e) => e.operation === 'updateGuestCount')).toEqual([]);
  });

  it('asks about an increase the booked session has no room for, with the seats left and the times with room', async () => {
    // Prepare: a party of 6 takes seats in John's session, so 12 → 16 no longer fits there.
    const created = await sandboxClient(sandbox).post('/bookings', {
      productId: 'prod_party_room',
      date: NEXT_SATURDAY,
      startTime: '15:00',
      partySize: 6,
      guestName: 'Walk-in Party',
      email: 'walkin@example.com',
    });
    expect(created.status).toBe(201);
    const h = harness();
    const seats = await seatsForJohn();

    // Act
    const outcome = expectKind(
      await h.send(`Change ${DEMO.johnSmith} to ${seats + 2} guests`),
      'clarification',
    );

    // Assess
    expect(outcome.question).toContain(`at 15:00 has room for ${seats} guests on this booking`);
    expect(outcome.question).toMatch(
      new RegExp(`Times that day with room for ${seats + 2} guests: [0-9:, ]+\\.`),
    );
    expect(outcome.question).not.toContain('15:00,');
  });

  it('plans an increase that fits', async () => {
    // Prepare
    const h = harness();
    const seats = await seatsForJohn();

    // Act
    const outcome = expectKind(await h.send(`Change ${DEMO.johnSmith} to ${seats} guests`), 'plan');

    // Assess
    expect(outcome.plan.actions.map((a) => [a.action_id, a.parameters.party_size])).toEqual([
      ['updateGuestCount', seats],
    ]);
  });
});
