import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../devkit/chat/service-client.ts';
import { waitForPlan } from '../../eval/lib/wait-for-plan.ts';
import { type LocalStack, startLocalStack } from '../../infra/local/local-stack.ts';
import { fixedClock } from '../../lib/ports/clock.ts';

/**
 * Just after midnight UTC: Monday 23 November 2026 11:30 in Sydney, but still Sunday 22 November 18:30 in Chicago,
 * so the two venues' "today" (and "tomorrow") differ by a day.
 */
const NOW = '2026-11-23T00:30:00Z';

const product = (productId: string) => ({
  productId,
  name: 'Laser Tag Arena',
  sessionTimes: ['10:00', '11:00', '14:00', '16:00'],
  capacityPerSession: 12,
});

/** One stack, two venues (issue 27): Sydney en-AU and Chicago en-US, each with one booking and one token. */
const TWO_VENUES = {
  venues: [
    {
      venueId: 'venue_sydney',
      name: 'Harbour Lasers',
      timezone: 'Australia/Sydney',
      locale: 'en-AU',
      currency: 'AUD',
      products: [product('prod_laser_syd')],
    },
    {
      venueId: 'venue_chicago',
      name: 'Lakeshore Lasers',
      timezone: 'America/Chicago',
      locale: 'en-US',
      currency: 'USD',
      products: [product('prod_laser_chi')],
    },
  ],
  tokens: [
    { token: 'token-sydney-ops', userId: 'user_syd', venueId: 'venue_sydney' },
    { token: 'token-chicago-ops', userId: 'user_chi', venueId: 'venue_chicago' },
  ],
  bookings: [
    {
      bookingId: 'bk_sam',
      bookingReference: 'BK-6101',
      venueId: 'venue_sydney',
      guestName: 'Sam Lee',
      date: '2026-11-27',
      startTime: '11:00',
      productId: 'prod_laser_syd',
      partySize: 4,
    },
    {
      bookingId: 'bk_cora',
      bookingReference: 'BK-7101',
      venueId: 'venue_chicago',
      guestName: 'Cora Diaz',
      date: '2026-11-27',
      startTime: '11:00',
      productId: 'prod_laser_chi',
      partySize: 4,
    },
  ],
};

/**
 * Issue 27 acceptance, through the real HTTP handlers of the local stack (dynalite, fauxqs, sandbox, gateway, SQS
 * poller, executor) with the offline model, started WITHOUT VENUE_TIMEZONE / VENUE_LOCALE: each request is read on
 * the clock and in the day/month order of its token's venue (GET /venue), not the deployment's.
 */
describe('two venues in one stack (offline model, local stack, no VENUE_TIMEZONE/VENUE_LOCALE)', () => {
  let stack: LocalStack;
  let sydney: ServiceClient;
  let chicago: ServiceClient;

  beforeAll(async () => {
    stack = await startLocalStack({
      clock: fixedClock(NOW),
      env: { LLM_PROVIDER: 'offline' },
      sandboxFixture: TWO_VENUES,
    });
    sydney = new ServiceClient({ baseUrl: stack.url, userId: 'user_syd', token: 'token-sydney-ops' });
    chicago = new ServiceClient({ baseUrl: stack.url, userId: 'user_chi', token: 'token-chicago-ops' });
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('reads "12/5" as December 5 for the Chicago (en-US) venue, shown the US way, and executes it', async () => {
    // Act
    const reply = await chicago.sendRequest('two-venues-1', 'Move BK-7101 to 12/5 at 2pm');

    // Assess
    if (reply.kind !== 'plan') throw new Error(`expected a plan, got ${JSON.stringify(reply)}`);
    expect(reply.plan.actions.map((a) => a.parameters)).toEqual([
      { booking_id: 'bk_cora', date: '2026-12-05', start_time: '14:00' },
    ]);
    expect(reply.plan).toMatchObject({
      venue_id: 'venue_chicago',
      venue_timezone: 'America/Chicago',
      venue_locale: 'en-US',
    });
    expect(reply.presentation.steps[0]?.line).toBe(
      'Reschedule booking BK-7101 (Cora Diaz) from Fri, Nov 27, 11:00 AM → Sat, Dec 5, 2:00 PM',
    );
    await chicago.confirm(reply.plan.plan_id);
    const done = await waitForPlan(chicago, reply.plan.plan_id, {
      answers: [],
      timeoutMs: 30_000,
      pollMs: 25,
    });
    expect(done).toMatchObject({ ok: true, plan: { status: 'completed' } });
    expect(stack.sandbox.admin.booking('bk_cora')).toMatchObject({ date: '2026-12-05', startTime: '14:00' });
  });

  it('reads "12/5" as 12 May (next year) for the Sydney (en-AU) venue, shown the Australian way', async () => {
    // Act
    const reply = await sydney.sendRequest('two-venues-2', 'Move BK-6101 to 12/5 at 2pm');

    // Assess
    if (reply.kind !== 'plan') throw new Error(`expected a plan, got ${JSON.stringify(reply)}`);
    expect(reply.plan.actions.map((a) => a.parameters)).toEqual([
      { booking_id: 'bk_sam', date: '2027-05-12', start_time: '14:00' },
    ]);
    expect(reply.plan).toMatchObject({
      venue_id: 'venue_sydney',
      venue_timezone: 'Australia/Sydney',
      venue_locale: 'en-AU',
    });
    expect(reply.presentation.steps[0]?.line).toBe(
      'Reschedule booking BK-6101 (Sam Lee) from Fri 27 Nov 11:00 → Wed 12 May 2027 14:00',
    );
  });

  it('reads "tomorrow" on each venue\'s own calendar: Tue 24 Nov in Sydney, Mon 23 Nov in Chicago', async () => {
    // Act
    const inSydney = await sydney.sendRequest('two-venues-3', 'Move BK-6101 to tomorrow at 4pm');
    const inChicago = await chicago.sendRequest('two-venues-4', 'Move BK-7101 to tomorrow at 4pm');

    // Assess
    if (inSydney.kind !== 'plan') throw new Error(`expected a plan, got ${JSON.stringify(inSydney)}`);
    if (inChicago.kind !== 'plan') throw new Error(`expected a plan, got ${JSON.stringify(inChicago)}`);
    expect(inSydney.plan.actions[0]?.parameters).toEqual({
      booking_id: 'bk_sam',
      date: '2026-11-24',
      start_time: '16:00',
    });
    expect(inChicago.plan.actions[0]?.parameters).toEqual({
      booking_id: 'bk_cora',
      date: '2026-11-23',
      start_time: '16:00',
    });
  });

  it('was started without VENUE_TIMEZONE / VENUE_LOCALE: the config holds only the fallback defaults', () => {
    // Assess
    expect(stack.config).toMatchObject({ VENUE_TIMEZONE: 'Australia/Sydney', VENUE_LOCALE: 'en-AU' });
  });
});
