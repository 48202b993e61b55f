import { describe, expect, it } from 'vitest';
import { parseFixture } from '../../devkit/sandbox/load-fixture.ts';
import { startBanner } from '../../infra/local/start-banner.ts';
import type { StartVenue } from '../../infra/local/start-options.ts';

const product = { productId: 'prod_lanes', name: 'Lanes', sessionTimes: ['10:00'], capacityPerSession: 8 };

/** A two-venue fixture as an operator writes it; the Chicago venue forgot its locale. */
function twoVenues(chicagoLocale?: string): StartVenue {
  const fixture = parseFixture({
    venues: [
      { venueId: 'venue_sydney', name: 'Harbour Lanes', timezone: 'Australia/Sydney', products: [product] },
      {
        venueId: 'venue_chicago',
        name: 'Lakeshore Lanes',
        timezone: 'America/Chicago',
        ...(chicagoLocale ? { locale: chicagoLocale } : {}),
        products: [product],
      },
    ],
    tokens: [{ token: 'token-sydney', userId: 'user_syd', venueId: 'venue_sydney' }],
    bookings: [],
  });
  const [first] = fixture.venues;
  if (!first) throw new Error('the fixture has no venue');
  return { fixture, source: 'two-venues.json', venue: first };
}

function bannerOf(venue: StartVenue): string {
  return startBanner({
    url: 'http://127.0.0.1:3000',
    sandboxUrl: 'http://127.0.0.1:4010',
    config: { LLM_PROVIDER: 'offline', VENUE_TIMEZONE: 'Australia/Sydney', VENUE_LOCALE: 'en-AU' },
    venue,
    now: new Date('2026-11-23T00:30:00Z'),
  });
}

describe('startBanner', () => {
  it('prints each venue with its own timezone and locale, and what "12/5" means there (issue 27)', () => {
    // Act
    const banner = bannerOf(twoVenues('en-US'));

    // Assess
    expect(banner).toContain(
      [
        '  venues:       Harbour Lanes (venue_sydney): Australia/Sydney, en-AU ("12/5" is 12 May)',
        '                Lakeshore Lanes (venue_chicago): America/Chicago, en-US ("12/5" is December 5)',
      ].join('\n'),
    );
    expect(banner).toContain(
      "  dates:        read in each token's venue (GET /venue); VENUE_TIMEZONE/VENUE_LOCALE (Australia/Sydney, en-AU) only for an API without one",
    );
  });

  it('shows a US venue without a locale as en-AU, so its operator sees it before a date is misread', () => {
    // Act
    const banner = bannerOf(twoVenues());

    // Assess
    expect(banner).toContain('Lakeshore Lanes (venue_chicago): America/Chicago, en-AU ("12/5" is 12 May)');
  });
});
