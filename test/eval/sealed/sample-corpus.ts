import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A two-venue corpus in the eval/sealed format (a US and an Australian venue; `now` is Wednesday afternoon in
 * Chicago and Thursday morning in Sydney), written to a fresh temporary directory. Tests only: the real
 * corpus is sealed and never read by tests.
 */
export const SAMPLE_VENUES = {
  venues: [
    {
      venueId: 'venue_lakeside',
      name: 'Lakeside Fun Center',
      timezone: 'America/Chicago',
      currency: 'USD',
      locale: 'en-US',
      products: [
        {
          productId: 'prod_arena',
          name: 'Laser Arena',
          sessionTimes: ['10:00', '12:00', '15:00'],
          capacityPerSession: 30,
          pricePerGuest: 20,
        },
      ],
    },
    {
      venueId: 'venue_harbour',
      name: 'Harbourlight Play',
      timezone: 'Australia/Sydney',
      currency: 'AUD',
      locale: 'en-AU',
      products: [
        {
          productId: 'prod_bounce',
          name: 'Bounce Hall',
          sessionTimes: ['09:00', '11:00', '14:00'],
          capacityPerSession: 30,
          pricePerGuest: 25,
        },
      ],
    },
  ],
  tokens: [
    { token: 'lakeside-ops-token-1', userId: 'user_lakeside_ops', venueId: 'venue_lakeside' },
    { token: 'harbour-ops-token-1', userId: 'user_harbour_ops', venueId: 'venue_harbour' },
  ],
  bookings: [
    {
      bookingId: 'bk_lee2',
      bookingReference: 'LK-1002',
      venueId: 'venue_lakeside',
      guestName: 'Tom Lee',
      date: '2026-12-05',
      startTime: '12:00',
      productId: 'prod_arena',
      partySize: 6,
    },
    {
      bookingId: 'bk_ngu3',
      bookingReference: 'HL-2001',
      venueId: 'venue_harbour',
      guestName: 'An Nguyen',
      date: '2026-12-04',
      startTime: '11:00',
      productId: 'prod_bounce',
      partySize: 10,
    },
  ],
};

export const SAMPLE_META = `now: "2026-12-02T22:30:00Z"
venues:
  venue_lakeside: { token: "lakeside-ops-token-1", user_id: "user_lakeside_ops", timezone: "America/Chicago", locale: "en-US" }
  venue_harbour: { token: "harbour-ops-token-1", user_id: "user_harbour_ops", timezone: "Australia/Sydney", locale: "en-AU" }
`;

export function writeSampleCorpus(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'sealed-sample-'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'venues.json'), JSON.stringify(SAMPLE_VENUES));
  writeFileSync(join(dir, 'meta.yaml'), SAMPLE_META);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}
