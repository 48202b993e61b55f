import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FixtureInput } from '../../devkit/sandbox/fixture-schema.ts';
import {
  bookingId,
  DEMO,
  demoFixture,
  NEXT_SATURDAY,
  sandboxClient,
  startTestSandbox,
  type TestSandbox,
  TOKENS,
} from '../support/sandbox.ts';

/** The smallest useful fixture: one venue, one product, one token, two bookings. */
function customFixture(): FixtureInput {
  return {
    venues: [
      {
        venueId: 'venue_bowl',
        name: 'Bowl-o-rama',
        products: [
          {
            productId: 'prod_lane',
            name: 'Bowling Lane',
            sessionTimes: ['18:00', '20:00'],
            capacityPerSession: 6,
          },
        ],
      },
    ],
    tokens: [{ token: 'custom-token-0001', userId: 'user_bowl', venueId: 'venue_bowl' }],
    bookings: [
      {
        bookingId: 'bk_bowl1',
        bookingReference: 'BOWL-1',
        guestName: 'Dana Scully',
        email: 'dana@example.com',
        date: 'next:friday',
        startTime: '18:00',
        productId: 'prod_lane',
        partySize: 6,
      },
      { guestName: 'Fox Mulder', date: '+1d', startTime: '20:00', productId: 'prod_lane', partySize: 2 },
    ],
  };
}

describe('sandbox admin API', () => {
  let sandbox: TestSandbox;
  const admin = () => sandboxClient(sandbox, null);

  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  beforeEach(() => {
    // Explicitly the demo: a test may have made a custom fixture the one a plain reset reloads.
    sandbox.admin.reset(demoFixture());
  });
  afterAll(() => sandbox.close());

  it('loads a custom fixture over HTTP, resolving its relative dates against the sandbox clock', async () => {
    // Act
    const reset = await admin().post('/__admin/reset', customFixture());
    const search = await sandboxClient(sandbox, 'custom-token-0001').get('/bookings?searchText=scully');

    // Assess
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({
      venues: ['venue_bowl'],
      tokens: 1,
      bookings: [
        { bookingId: 'bk_bowl1', bookingReference: 'BOWL-1', date: '2026-03-13' },
        { bookingReference: 'BK-1002', guestName: 'Fox Mulder', date: '2026-03-12' },
      ],
    });
    expect(search.body.bookings).toMatchObject([{ bookingId: 'bk_bowl1', startTime: '18:00' }]);
    expect((await sandboxClient(sandbox, TOKENS.harbour).get('/products')).status).toBe(401);
  });

  it('keeps the loaded fixture for later resets until another one is loaded', async () => {
    // Prepare
    await admin().post('/__admin/reset', customFixture());
    await sandboxClient(sandbox, 'custom-token-0001').put('/bookings/bk_bowl1/guest-count', { partySize: 4 });

    // Act
    await admin().post('/__admin/reset');

    // Assess
    expect(sandbox.admin.booking('bk_bowl1')).toMatchObject({ partySize: 6, version: 1 });
    expect(sandbox.admin.bookings()).toHaveLength(2);
  });

  it('rejects an invalid fixture with 400 naming the bad path, and keeps the current state', async () => {
    // Prepare
    const bad = customFixture();
    bad.bookings[0]!.startTime = '19:00';

    // Act
    const reset = await admin().post('/__admin/reset', bad);

    // Assess
    expect(reset.status).toBe(400);
    expect(reset.body).toMatchObject({
      code: 'invalid_fixture',
      message: expect.stringContaining('bookings.0.startTime'),
    });
    expect(sandbox.admin.bookingByReference(DEMO.johnSmith)).toBeDefined();
  });

  it('reset clears state changes, the journal and faults', async () => {
    // Prepare
    const client = sandboxClient(sandbox);
    const id = bookingId(sandbox, DEMO.johnSmith);
    await client.put(`/bookings/${id}/guest-count`, { partySize: 14 });
    sandbox.admin.injectFault({ kind: 'status', status: 500, times: 'always' });

    // Act
    await admin().post('/__admin/reset');

    // Assess
    expect(sandbox.admin.booking(id)).toMatchObject({ partySize: 12, version: 1 });
    expect((await admin().get('/__admin/journal')).body).toEqual({ entries: [] });
    expect((await admin().get('/__admin/faults')).body).toEqual({ faults: [] });
  });

  it('reads a booking’s raw state, including fields the API does not return', async () => {
    // Prepare
    const id = bookingId(sandbox, DEMO.cancelled);

    // Act
    const raw = await admin().get(`/__admin/bookings/${id}`);
    const missing = await admin().get('/__admin/bookings/bk_nope');
    const byReference = await admin().get(`/__admin/bookings?reference=${DEMO.johnTan}`);

    // Assess
    expect(raw.body).toMatchObject({
      bookingId: id,
      venueId: 'venue_harbour',
      status: 'cancelled',
      version: 1,
    });
    expect(missing.status).toBe(404);
    expect(byReference.body.bookings).toMatchObject([{ guestName: 'John Tan' }]);
  });

  it('journals operation, params, idempotency key, status and commit, never the token', async () => {
    // Prepare
    const id = bookingId(sandbox, DEMO.johnSmith);

    // Act
    await sandboxClient(sandbox).post(
      `/bookings/${id}/reschedule`,
      { date: NEXT_SATURDAY, startTime: '10:00' },
      { 'idempotency-key': 'plan-7:step-2', 'if-match': '1' },
    );
    const journal = await admin().get('/__admin/journal?operation=rescheduleBooking');

    // Assess
    expect(journal.body.entries).toEqual([
      {
        seq: 1,
        at: '2026-03-11T01:00:00.000Z',
        operation: 'rescheduleBooking',
        params: { path: { bookingId: id }, query: {}, body: { date: NEXT_SATURDAY, startTime: '10:00' } },
        idempotencyKey: 'plan-7:step-2',
        ifMatch: '1',
        status: 200,
        committed: true,
        replayed: false,
      },
    ]);
    expect(JSON.stringify(journal.body)).not.toContain(TOKENS.harbour);
  });

  it('lists side effects that leave the booking unchanged (confirmations sent)', async () => {
    // Prepare
    const id = bookingId(sandbox, DEMO.sarahSmith);

    // Act
    await sandboxClient(sandbox).post(`/bookings/${id}/send-confirmation`, { channel: 'sms' });
    const effects = await admin().get('/__admin/side-effects');

    // Assess
    expect(effects.body.confirmations).toEqual([
      { bookingId: id, channel: 'sms', sentAt: '2026-03-11T01:00:00.000Z' },
    ]);
    expect(sandbox.admin.booking(id)?.version).toBe(1);
  });

  it('answers 404 for an unknown admin endpoint', async () => {
    expect((await admin().get('/__admin/nothing')).status).toBe(404);
  });
});
