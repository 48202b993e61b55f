// Only lib/config is imported here: vitest gives each test file its own module graph, so these messages are the
// ones a handler's start-up error shows, whatever else the handler imports.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../lib/config/config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    // Act
    const config = loadConfig({});

    // Assess
    expect(config).toMatchObject({
      STAGE: 'local',
      LOG_LEVEL: 'INFO',
      PLANS_TABLE: 'booking-update-plans',
      BOOKING_API_URL: 'http://127.0.0.1:4010',
      BOOKING_API_TIMEOUT_MS: 30_000,
      LLM_PROVIDER: 'offline',
      GEMINI_TEMPERATURE: 0,
      RELAY_DIR: '.local/relay',
      VENUE_LOCALE: 'en-AU',
      VENUE_TIMEZONE: 'Australia/Sydney',
      MAX_CLARIFICATIONS: 3,
      LANGFUSE_FLUSH_TIMEOUT_MS: 2_000,
    });
    expect(config.PLAN_QUEUE_URL).toBeUndefined();
  });

  it('coerces numbers, treats a blank optional string as unset and infers the provider from a key', () => {
    // Act
    const config = loadConfig({
      BOOKING_API_TIMEOUT_MS: '45000',
      GEMINI_TEMPERATURE: '0.5',
      PLAN_QUEUE_URL: '   ',
      GOOGLE_API_KEY: 'k',
    });

    // Assess
    expect(config.BOOKING_API_TIMEOUT_MS).toBe(45_000);
    expect(config.GEMINI_TEMPERATURE).toBe(0.5);
    expect(config.PLAN_QUEUE_URL).toBeUndefined();
    expect(config.LLM_PROVIDER).toBe('gemini');
  });

  it.each([
    ['BOOKING_API_TIMEOUT_MS', '5', 'BOOKING_API_TIMEOUT_MS: Too small: expected number to be >=30000'],
    [
      'BOOKING_API_TIMEOUT_MS',
      '30000.5',
      'BOOKING_API_TIMEOUT_MS: Invalid input: expected int, received number',
    ],
    ['MAX_CLARIFICATIONS', '11', 'MAX_CLARIFICATIONS: Too big: expected number to be <=10'],
    ['GEMINI_TEMPERATURE', 'abc', 'GEMINI_TEMPERATURE: Invalid input: expected number, received NaN'],
    [
      'LLM_PROVIDER',
      'gpt',
      'LLM_PROVIDER: Invalid option: expected one of "gemini"|"offline"|"relay"|"cassette"',
    ],
    ['BOOKING_API_URL', 'nope', 'BOOKING_API_URL: Invalid URL'],
    ['RELAY_DIR', '', 'RELAY_DIR: Too small: expected string to have >=1 characters'],
    ['VENUE_LOCALE', '!!', 'VENUE_LOCALE: must be a BCP-47 locale such as en-AU, en-US or fr-FR'],
    // Issue 27: well-formed tags without date conventions would silently read dates the default way.
    ['VENUE_LOCALE', 'US', 'VENUE_LOCALE: must be a BCP-47 locale such as en-AU, en-US or fr-FR'],
    ['VENUE_LOCALE', 'english', 'VENUE_LOCALE: must be a BCP-47 locale such as en-AU, en-US or fr-FR'],
    [
      'VENUE_TIMEZONE',
      'Sydney',
      'VENUE_TIMEZONE: must be an IANA timezone such as Australia/Sydney or America/Chicago',
    ],
  ])('names %s and says what is wrong with %j', (name, value, message) => {
    // Act
    const load = () => loadConfig({ [name]: value });

    // Assess
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(`invalid configuration: ${message}`);
  });

  it('turns planner prefetching on by default and off with PLANNER_PREFETCH=false (issue 32)', () => {
    // Act
    const byDefault = loadConfig({}).PLANNER_PREFETCH;
    const off = loadConfig({ PLANNER_PREFETCH: 'false' }).PLANNER_PREFETCH;
    const load = () => loadConfig({ PLANNER_PREFETCH: 'maybe' });

    // Assess
    expect(byDefault).toBe(true);
    expect(off).toBe(false);
    expect(load).toThrow(/invalid configuration: PLANNER_PREFETCH: Invalid option/);
  });

  it('names every bad variable at once', () => {
    // Act
    const load = () => loadConfig({ LOG_LEVEL: 'LOUD', SESSION_TTL_HOURS: '0' });

    // Assess
    expect(load).toThrow(
      /LOG_LEVEL: Invalid option: .*; SESSION_TTL_HOURS: Too small: expected number to be >=1/,
    );
  });
});
