import { describe, expect, it } from 'vitest';
import { loadStartVenue, parseStartOptions, StartOptionsError } from '../../infra/local/start-options.ts';

const MY_VENUE = 'test/fixtures/my-venue.json';

describe('parseStartOptions', () => {
  it('defaults to port 3000, the demo venue and INFO logs', () => {
    expect(parseStartOptions([], {})).toEqual({ port: 3000, logLevel: 'INFO' });
  });

  it('reads --fixture and --port, or SANDBOX_FIXTURE and PORT; a flag wins over its variable', () => {
    const fromEnv = parseStartOptions([], { SANDBOX_FIXTURE: MY_VENUE, PORT: '0', LOG_LEVEL: 'silent' });
    const fromFlags = parseStartOptions(['--fixture', 'flag.json', '--port', '4000'], {
      SANDBOX_FIXTURE: MY_VENUE,
      PORT: '0',
    });

    expect(fromEnv).toEqual({ port: 0, fixture: MY_VENUE, logLevel: 'SILENT' });
    expect(fromFlags).toEqual({ port: 4000, fixture: 'flag.json', logLevel: 'INFO' });
  });

  it.each([
    [['--port', 'http'], {}, /--port \/ PORT: /],
    [[], { PORT: '70000' }, /--port \/ PORT: Too big/],
    [[], { LOG_LEVEL: 'LOUD' }, /LOG_LEVEL: /],
    [['--fixtures', 'x.json'], {}, /Unknown option '--fixtures'/],
  ])('refuses %j %j, naming what is wrong', (argv, env, message) => {
    expect(() => parseStartOptions(argv, env)).toThrow(StartOptionsError);
    expect(() => parseStartOptions(argv, env)).toThrow(message);
  });
});

describe('loadStartVenue', () => {
  it('loads a fixture file and names its first venue', () => {
    const loaded = loadStartVenue(MY_VENUE);

    expect(loaded.venue).toMatchObject({ venueId: 'venue_lakeside', name: 'Lakeside Bowl', locale: 'en-GB' });
    expect(loaded.source).toBe(MY_VENUE);
  });

  it('refuses a bad fixture with every bad path named', () => {
    let message = '';
    try {
      loadStartVenue('test/fixtures/bad-venue.json');
    } catch (error) {
      message = error instanceof Error ? error.message : '';
    }

    for (const path of [
      'venues.0.timezone: not an IANA timezone',
      // Issue 27: "US" is a well-formed tag, but no locale: refused rather than read as en-AU.
      'venues.0.locale: must be a BCP-47 locale such as en-AU, en-US or fr-FR',
      'venues.0.products.0.capacityPerSession',
      'tokens.0.token',
      'tokens.0.venueId: unknown venueId',
      'bookings.0.date: invalid fixture date "someday"',
      'bookings.0.startTime: must be a 24-hour time HH:MM',
      'bookings.1.productId: unknown productId',
    ]) {
      expect(message).toContain(path);
    }
  });

  it('names a file that is missing or not JSON', () => {
    expect(() => loadStartVenue('test/fixtures/no-such-venue.json')).toThrow(
      'cannot read fixture test/fixtures/no-such-venue.json',
    );
  });
});
