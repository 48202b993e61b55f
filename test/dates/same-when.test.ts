import { describe, expect, it } from 'vitest';
import { canonicalWhen, sameWhen } from '../../lib/dates/same-when.ts';

const sydney = { timeZone: 'Australia/Sydney', locale: 'en-AU' };

/** The comparison the executor's argument checks use: a format fix is the same value, a changed value is not. */
describe('sameWhen', () => {
  it.each([
    ['time', '15:00', '3pm'],
    ['time', '15:30', 'half past three pm'],
    ['date', '2026-11-28', 'Sat 28 Nov 2026'],
    ['date', '2026-11-28', '28/11/2026'],
    ['date', '2026-11-28', '28 November'],
    ['datetime', '2026-11-28T04:00:00Z', '2026-11-28T15:00:00+11:00'],
    ['datetime', '2026-11-28T04:00:00Z', 'Sat 28 Nov 2026 3pm'],
  ] as const)('%s %s and "%s" say the same', (type, expected, actual) => {
    expect(sameWhen(type, expected, actual, sydney)).toBe(true);
  });

  it.each([
    ['time', '15:00', '4pm'],
    ['date', '2026-11-28', '29/11/2026'],
    ['date', '2026-11-28', 'Saturday'],
    ['date', '2026-11-28', 'tomorrow'],
    ['date', '2026-11-28', 'Sun 28 Nov 2026'],
    ['time', '15:00', 'afternoon'],
    ['datetime', '2026-11-28T04:00:00Z', '2026-11-28T04:00:30Z'],
  ] as const)('%s %s and "%s" do not (changed, relative or contradictory)', (type, expected, actual) => {
    expect(sameWhen(type, expected, actual, sydney)).toBe(false);
  });

  it('gives the wire form of an absolute value, and nothing for a relative one', () => {
    const now = new Date('2026-11-22T23:00:00Z');
    expect(canonicalWhen('datetime', 'Sat 28 Nov 2026 3pm', sydney, now)).toBe('2026-11-28T04:00:00Z');
    expect(canonicalWhen('date', 'next Saturday', sydney, now)).toBeUndefined();
    expect(canonicalWhen('time', 42, sydney, now)).toBeUndefined();
  });
});
