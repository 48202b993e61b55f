import { afterEach, describe, expect, it } from 'vitest';
import { resolveDatePhrase } from '../../lib/planner/dates/resolve-date-phrase.ts';
import { resolveDateTimePhrase, resolveTimePhrase } from '../../lib/planner/dates/resolve-time-phrase.ts';

const SYDNEY = 'Australia/Sydney';
/** Wednesday 11 March 2026, 12:00 in Sydney. */
const wednesday = { now: new Date('2026-03-11T01:00:00Z'), timeZone: SYDNEY };
/** Saturday 14 March 2026, 10:00 in Sydney (still Friday 23:00 in UTC). */
const saturday = { now: new Date('2026-03-13T23:00:00Z'), timeZone: SYDNEY };

describe('resolveDatePhrase (000 Planning Rules 3: smart date defaults, venue timezone)', () => {
  it.each([
    ['Saturday', '2026-03-14'],
    ['saturday', '2026-03-14'],
    ['on Saturday', '2026-03-14'],
    ['this Saturday', '2026-03-14'],
    ['next Saturday', '2026-03-14'],
    ['Saturday at 3pm', '2026-03-14'],
    ['next Friday evening', '2026-03-13'],
    ['Saturday next week', '2026-03-21'],
    ['tomorrow', '2026-03-12'],
    ['today', '2026-03-11'],
    ['12 April', '2026-04-12'],
    ['April 12', '2026-04-12'],
    ['12/4', '2026-04-12'],
    ['2026-05-01', '2026-05-01'],
    ['1 March', '2027-03-01'],
  ])('"%s" on Wednesday 11 March → %s', (phrase, expected) => {
    expect(resolveDatePhrase(phrase, wednesday)).toEqual({ ok: true, value: expected });
  });

  it('reads "Saturday" on a Saturday as the following Saturday (today is "today")', () => {
    expect(resolveDatePhrase('Saturday', saturday)).toEqual({ ok: true, value: '2026-03-21' });
    expect(resolveDatePhrase('today', saturday)).toEqual({ ok: true, value: '2026-03-14' });
  });

  it('uses the venue’s date, not UTC’s, near midnight', () => {
    expect(resolveDatePhrase('tomorrow', saturday)).toEqual({ ok: true, value: '2026-03-15' });
  });

  it.each([['3pm'], ['whenever suits'], ['2026-02-30']])('refuses "%s" as a date, saying why', (phrase) => {
    const result = resolveDatePhrase(phrase, wednesday);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toContain(phrase);
  });
});

describe('resolveTimePhrase', () => {
  it.each([
    ['3pm', '15:00'],
    ['15:30', '15:30'],
    ['3:30 pm', '15:30'],
    ['at 4', '16:00'],
    ['4', '16:00'],
    ['10am', '10:00'],
    ['10', '10:00'],
    ['noon', '12:00'],
    ['Saturday at 3pm', '15:00'],
    ['next Friday evening', '18:00'],
    ['tomorrow morning', '10:00'],
    ['afternoon', '14:00'],
  ])('"%s" → %s', (phrase, expected) => {
    expect(resolveTimePhrase(phrase, wednesday)).toEqual({ ok: true, value: expected });
  });

  it('refuses a phrase without a time', () => {
    expect(resolveTimePhrase('Saturday', wednesday).ok).toBe(false);
  });
});

describe('resolveDateTimePhrase (001 datetime: ISO 8601 UTC)', () => {
  it('reads date and time in the venue timezone and returns UTC', () => {
    expect(resolveDateTimePhrase('Saturday at 3pm', wednesday)).toEqual({
      ok: true,
      value: '2026-03-14T04:00:00Z',
    });
  });

  it('passes an ISO datetime through, normalised to UTC', () => {
    expect(resolveDateTimePhrase('2026-03-14T15:00:00+11:00', wednesday)).toEqual({
      ok: true,
      value: '2026-03-14T04:00:00Z',
    });
  });
});

describe('resolveDatePhrase whatever timezone the process runs in', () => {
  // Lambda runs in UTC; a laptop in Sydney or California must give the same venue-local answers.
  const mondayMorningInSydney = { now: new Date('2026-11-22T23:00:00Z'), timeZone: 'Australia/Sydney' };
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
  });

  it.each(['UTC', 'Australia/Sydney', 'America/Los_Angeles'])(
    'counts relative days from the venue date (TZ=%s)',
    (tz) => {
      // Arrange
      process.env.TZ = tz;

      // Act
      const dayAfterTomorrow = resolveDatePhrase('the day after tomorrow', mondayMorningInSydney);
      const tomorrow = resolveDatePhrase('tomorrow', mondayMorningInSydney);

      // Assert
      expect(dayAfterTomorrow).toEqual({ ok: true, value: '2026-11-25' });
      expect(tomorrow).toEqual({ ok: true, value: '2026-11-24' });
    },
  );
});
