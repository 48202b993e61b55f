import type { FixtureInput } from '../../devkit/sandbox/fixture-schema.ts';

/** The sandbox clock of the executor tests (dates below are absolute, so nothing depends on today). */
export const EXECUTOR_NOW = '2026-11-20T00:00:00.000Z';
export const TOKEN = 'exec-token-harbour-0001';
export const EXPIRED_TOKEN = 'exec-token-expired-0001';
/** A token of the second venue: valid, but for none of the bookings below (ADR 0010 venue checks). */
export const WESTSIDE_TOKEN = 'exec-token-westside-0001';

/**
 * A small venue for the executor tests: BK-1042 (bk_1042) is John Smith's party on 2026-12-12 15:00 for 12;
 * the 12:30 slot that day is full (20/20), so a reschedule there gets 409 with alternatives.
 */
export const executorFixture: FixtureInput = {
  venues: [
    {
      venueId: 'venue_harbour',
      name: 'Harbour Play Centre',
      timezone: 'Australia/Sydney',
      products: [
        {
          productId: 'prod_party_room',
          name: 'Birthday Party Room',
          sessionTimes: ['10:00', '12:30', '15:00'],
          capacityPerSession: 20,
        },
      ],
    },
    {
      venueId: 'venue_westside',
      name: 'Westside Trampoline Park',
      timezone: 'Australia/Sydney',
      products: [
        { productId: 'prod_jump', name: 'Jump Session', sessionTimes: ['10:00'], capacityPerSession: 30 },
      ],
    },
  ],
  tokens: [
    { token: TOKEN, userId: 'user_ops_harbour', venueId: 'venue_harbour' },
    { token: EXPIRED_TOKEN, userId: 'user_ops_harbour', venueId: 'venue_harbour', expiresAt: '-1d' },
    { token: WESTSIDE_TOKEN, userId: 'user_ops_westside', venueId: 'venue_westside' },
  ],
  bookings: [
    {
      bookingId: 'bk_1042',
      bookingReference: 'BK-1042',
      guestName: 'John Smith',
      email: 'john.smith@example.com',
      phone: '+61 412 555 019',
      date: '2026-12-12',
      startTime: '15:00',
      productId: 'prod_party_room',
      partySize: 12,
    },
    {
      bookingId: 'bk_1043',
      bookingReference: 'BK-1043',
      guestName: 'Sarah Smith',
      date: '2026-12-12',
      startTime: '12:30',
      productId: 'prod_party_room',
      partySize: 20,
    },
  ],
};
