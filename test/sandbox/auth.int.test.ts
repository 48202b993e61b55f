import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingId,
  DEMO,
  sandboxClient,
  startTestSandbox,
  type TestSandbox,
  TOKENS,
} from '../support/sandbox.ts';

describe('sandbox auth: bearer tokens from the fixture', () => {
  let sandbox: TestSandbox;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.close());

  it.each([
    ['no token', null],
    ['an unknown token', 'not-a-real-token'],
    ['an expired token', TOKENS.expired],
  ])('answers 401 for %s, without echoing it', async (_case, token) => {
    // Act
    const response = await sandboxClient(sandbox, token).get('/bookings?searchText=john');

    // Assess
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'unauthorized' });
    if (token) expect(JSON.stringify(response.body)).not.toContain(token);
  });

  it("answers 403 for another venue's booking, read or write", async () => {
    // Prepare
    const westside = bookingId(sandbox, DEMO.westside);
    const harbour = sandboxClient(sandbox, TOKENS.harbour);

    // Act
    const read = await harbour.get(`/bookings/${westside}`);
    const write = await harbour.put(`/bookings/${westside}/guest-count`, { partySize: 2 });

    // Assess
    expect(read.status).toBe(403);
    expect(write.status).toBe(403);
    expect(sandbox.admin.booking(westside)?.partySize).toBe(10);
  });

  it("scopes search to the token's venue", async () => {
    const harbour = await sandboxClient(sandbox, TOKENS.harbour).get('/bookings?searchText=marco');
    const westside = await sandboxClient(sandbox, TOKENS.westside).get('/bookings?searchText=marco');

    expect(harbour.body.bookings).toEqual([]);
    expect(westside.body.bookings).toMatchObject([{ guestName: 'Marco Rossi' }]);
  });

  it.each([
    ['harbour', TOKENS.harbour, { venueId: 'venue_harbour', name: 'Harbour Play Centre' }],
    ['westside', TOKENS.westside, { venueId: 'venue_westside', name: 'Westside Trampoline Park' }],
  ])('GET /venue names the venue the %s token is scoped to', async (_case, token, venue) => {
    // Act
    const response = await sandboxClient(sandbox, token).get('/venue');

    // Assess
    expect(response.status).toBe(200);
    // Issue 27: the locale too, so the service reads this venue's dates its way.
    expect(response.body).toEqual({
      ...venue,
      timezone: 'Australia/Sydney',
      locale: 'en-AU',
      country: 'AU',
      currency: 'AUD',
    });
  });

  it('GET /venue answers 401 for an expired token and changes nothing', async () => {
    // Act
    const response = await sandboxClient(sandbox, TOKENS.expired).get('/venue');

    // Assess
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'unauthorized' });
    expect(sandbox.admin.journal().at(-1)).toMatchObject({ status: 401, committed: false });
  });

  it.each([
    ['harbour', TOKENS.harbour, { userId: 'user_ops_harbour', venueId: 'venue_harbour' }],
    ['westside', TOKENS.westside, { userId: 'user_ops_westside', venueId: 'venue_westside' }],
  ])('GET /me names the user and venue the %s token was issued to', async (_case, token, user) => {
    // Act
    const response = await sandboxClient(sandbox, token).get('/me');

    // Assess
    expect(response).toMatchObject({ status: 200, body: user });
    expect(Object.keys(response.body as object).sort()).toEqual(['userId', 'venueId']);
  });

  it.each([
    ['an unknown token', 'not-a-real-token'],
    ['an expired token', TOKENS.expired],
  ])('GET /me answers 401 for %s and names nobody', async (_case, token) => {
    // Act
    const response = await sandboxClient(sandbox, token).get('/me');

    // Assess
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'unauthorized' });
    expect(JSON.stringify(response.body)).not.toContain('user_ops');
  });

  it('never writes a token into the journal', async () => {
    // Act
    await sandboxClient(sandbox, TOKENS.harbour).get('/bookings?searchText=john');

    // Assess
    const journal = JSON.stringify(sandbox.admin.journal());
    for (const token of Object.values(TOKENS)) expect(journal).not.toContain(token);
  });
});
