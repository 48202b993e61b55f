import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, sandboxClient, startTestSandbox, type TestSandbox } from '../support/sandbox.ts';

describe('sandbox searchBookings over the demo venue', () => {
  let sandbox: TestSandbox;
  let client: ReturnType<typeof sandboxClient>;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    client = sandboxClient(sandbox);
  });
  afterAll(() => sandbox.close());

  async function references(query: string): Promise<string[]> {
    const response = await client.get(`/bookings?${query}`);
    expect(response.status).toBe(200);
    return response.body.bookings.map((b: { bookingReference: string }) => b.bookingReference);
  }

  it('finds the three Johns, soonest first', async () => {
    expect(await references('searchText=John')).toEqual([DEMO.johnOkafor, DEMO.johnSmith, DEMO.johnTan]);
  });

  it('finds the two Smiths', async () => {
    expect((await references('searchText=smith')).sort()).toEqual([DEMO.johnSmith, DEMO.sarahSmith]);
  });

  it('tolerates a typo and narrows with a second word', async () => {
    expect(await references('searchText=jonh%20smtih')).toEqual([DEMO.johnSmith]);
  });

  it('filters by date range', async () => {
    expect(await references('searchText=john&dateRangeStart=2026-03-14&dateRangeEnd=2026-03-14')).toEqual([
      DEMO.johnSmith,
    ]);
  });

  it('returns at most 10, or maxResults', async () => {
    expect(await references('searchText=example.com')).toHaveLength(10);
    expect(await references('searchText=example.com&maxResults=3')).toHaveLength(3);
  });

  it('leaves out bookings older than a year unless includeArchived', async () => {
    expect(await references('searchText=grace%20lee')).toEqual([]);
    expect(await references('searchText=grace%20lee&includeArchived=true')).toEqual([DEMO.archived]);
  });

  it('returns a label ready for a disambiguation list', async () => {
    const response = await client.get('/bookings?searchText=okafor');

    expect(response.body.bookings[0].displayLabel).toBe(
      'BK-1044 · John Okafor · Fri 13 Mar 2026 11:00 · Open Play · 4 guests · confirmed',
    );
  });
});
