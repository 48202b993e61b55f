import { describe, expect, it } from 'vitest';
import {
  bookingApiVenueDirectory,
  cachedVenueDirectory,
  VENUE_CACHE_TTL_MS,
} from '../../lib/adapters/booking-api/booking-api-venue-directory.ts';
import { localeOfCountry } from '../../lib/adapters/booking-api/country-locale.ts';
import type { ActionOutcome, BookingApi } from '../../lib/ports/booking-api.ts';
import { fixedClock } from '../../lib/ports/clock.ts';
import type { VenueDirectory, VenueLookup } from '../../lib/ports/venue-directory.ts';
import type { CompiledAction } from '../../lib/registry/compiled-action.ts';

const GET_VENUE = { action_id: 'getVenue' } as CompiledAction;

/** A booking API whose venue read answers `data` (HTTP 200). */
function apiAnswering(data: Record<string, unknown>): BookingApi {
  return {
    async invoke(): Promise<ActionOutcome> {
      return { ok: true, status: 200, data };
    },
  };
}

const CHICAGO = { venue_id: 'venue_chicago', name: 'Lakeshore', timezone: 'America/Chicago' };

describe('bookingApiVenueDirectory', () => {
  it("returns the venue's timezone and locale as the API gives them", async () => {
    // Prepare
    const directory = bookingApiVenueDirectory(apiAnswering({ ...CHICAGO, locale: 'en-US' }), GET_VENUE);

    // Act
    const found = await directory.venueOf('token');

    // Assess
    expect(found).toEqual({ ok: true, venue: { ...CHICAGO, locale: 'en-US' } });
  });

  it('maps a ROLLER-style country to a locale when the API gives no locale (US → en-US, UK → en-GB)', async () => {
    // Prepare
    const us = bookingApiVenueDirectory(apiAnswering({ ...CHICAGO, country: 'US' }), GET_VENUE);
    const uk = bookingApiVenueDirectory(
      apiAnswering({ venue_id: 'v_ldn', name: 'Thames', timezone: 'Europe/London', country: 'UK' }),
      GET_VENUE,
    );

    // Act
    const [fromUs, fromUk] = await Promise.all([us.venueOf('t'), uk.venueOf('t')]);

    // Assess
    expect(fromUs).toMatchObject({ ok: true, venue: { locale: 'en-US', country: 'US' } });
    expect(fromUk).toMatchObject({ ok: true, venue: { locale: 'en-GB', country: 'UK' } });
  });

  it('keeps the given locale over the country', async () => {
    // Prepare
    const directory = bookingApiVenueDirectory(
      apiAnswering({ ...CHICAGO, locale: 'es-US', country: 'US' }),
      GET_VENUE,
    );

    // Act
    const found = await directory.venueOf('token');

    // Assess
    expect(found).toMatchObject({ ok: true, venue: { locale: 'es-US' } });
  });

  it.each([
    [{ ...CHICAGO, timezone: 'Chicago' }, 'timezone'],
    [{ ...CHICAGO, locale: 'US' }, 'locale'],
    [{ ...CHICAGO, locale: 'english' }, 'locale'],
  ])('fails a venue read answering %j, naming %s, rather than guessing a clock', async (data, field) => {
    // Prepare
    const directory = bookingApiVenueDirectory(apiAnswering(data), GET_VENUE);

    // Act
    const found = await directory.venueOf('token');

    // Assess
    expect(found).toEqual({
      ok: false,
      status: 200,
      message: `the venue read answered an unexpected ${field}`,
    });
  });
});

describe('localeOfCountry', () => {
  it.each([
    ['AU', 'en-AU'],
    ['NZ', 'en-NZ'],
    ['US', 'en-US'],
    ['GB', 'en-GB'],
    ['UK', 'en-GB'],
    ['us', 'en-US'],
    ['XX', undefined],
    ['USA', undefined],
  ])('maps %s to %s', (country, locale) => {
    expect(localeOfCountry(country)).toBe(locale);
  });
});

describe('cachedVenueDirectory', () => {
  /** A directory answering from a list, one answer per read, counting reads per token. */
  function scripted(answers: VenueLookup[]): VenueDirectory & { reads: string[] } {
    const reads: string[] = [];
    return {
      reads,
      async venueOf(token) {
        reads.push(token);
        const next = answers.shift();
        if (!next) throw new Error('no more answers');
        return next;
      },
    };
  }
  const OK: VenueLookup = { ok: true, venue: { ...CHICAGO, locale: 'en-US' } };
  const DOWN: VenueLookup = { ok: false, status: 503, message: 'down' };

  it('reuses a token’s venue for 5 minutes, then reads it again; other tokens are read on their own', async () => {
    // Prepare
    const clock = fixedClock('2026-11-23T00:30:00Z');
    const inner = scripted([OK, OK, OK]);
    const cached = cachedVenueDirectory(inner, { clock });

    // Act
    const first = await cached?.venueOf('token-a');
    clock.advance(VENUE_CACHE_TTL_MS - 1);
    const second = await cached?.venueOf('token-a');
    await cached?.venueOf('token-b');
    clock.advance(1);
    await cached?.venueOf('token-a');

    // Assess
    expect(VENUE_CACHE_TTL_MS).toBe(300_000);
    expect(first).toEqual(OK);
    expect(second).toEqual(OK);
    expect(inner.reads).toEqual(['token-a', 'token-b', 'token-a']);
  });

  it('never keeps a failed read: the next request asks again', async () => {
    // Prepare
    const inner = scripted([DOWN, OK]);
    const cached = cachedVenueDirectory(inner, { clock: fixedClock('2026-11-23T00:30:00Z') });

    // Act
    const failed = await cached?.venueOf('token-a');
    const retried = await cached?.venueOf('token-a');

    // Assess
    expect(failed).toEqual(DOWN);
    expect(retried).toEqual(OK);
    expect(inner.reads).toEqual(['token-a', 'token-a']);
  });

  it('is absent for a booking API without a venue read', () => {
    expect(cachedVenueDirectory(undefined, { clock: fixedClock('2026-11-23T00:30:00Z') })).toBeUndefined();
  });
});
