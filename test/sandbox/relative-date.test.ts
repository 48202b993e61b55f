import { describe, expect, it } from 'vitest';
import {
  addDays,
  localDate,
  resolveRelativeDate,
  resolveRelativeInstant,
} from '../../devkit/sandbox/relative-date.ts';
import { FixtureError } from '../../devkit/sandbox/sandbox-error.ts';

// 2026-03-11 is a Wednesday.
const WEDNESDAY = '2026-03-11';

describe('resolveRelativeDate', () => {
  it.each([
    ['2026-04-01', '2026-04-01'],
    ['today', WEDNESDAY],
    ['+3d', '2026-03-14'],
    ['-10d', '2026-03-01'],
    ['+2w', '2026-03-25'],
    ['+25d', '2026-04-05'],
    ['next:saturday', '2026-03-14'],
    ['next:Sunday', '2026-03-15'],
    ['next:monday', '2026-03-16'],
    ['next:saturday+7d', '2026-03-21'],
  ])('resolves %s against Wednesday 2026-03-11 to %s', (expression, expected) => {
    // Act
    const resolved = resolveRelativeDate(expression, WEDNESDAY);

    // Assess
    expect(resolved).toBe(expected);
  });

  it('reads "next:wednesday" on a Wednesday as a week later, never today', () => {
    expect(resolveRelativeDate('next:wednesday', WEDNESDAY)).toBe('2026-03-18');
  });

  it('crosses a year boundary', () => {
    expect(resolveRelativeDate('+5d', '2026-12-29')).toBe('2027-01-03');
  });

  it.each(['saturday', 'next:funday', '3d', '+3x', '2026-02-30', ''])(
    'rejects %j with a FixtureError',
    (bad) => {
      expect(() => resolveRelativeDate(bad, WEDNESDAY)).toThrow(FixtureError);
    },
  );
});

describe('localDate', () => {
  it("gives the venue's calendar date, not UTC's", () => {
    // Prepare: 20:00 UTC on the 10th is already 07:00 on the 11th in Sydney (AEDT, UTC+11).
    const instant = new Date('2026-03-10T20:00:00Z');

    // Act / Assess
    expect(localDate(instant, 'Australia/Sydney')).toBe('2026-03-11');
    expect(localDate(instant, 'UTC')).toBe('2026-03-10');
  });

  it('rejects an unknown timezone', () => {
    expect(() => localDate(new Date(), 'Mars/Olympus')).toThrow(FixtureError);
  });
});

describe('resolveRelativeInstant', () => {
  const now = new Date('2026-03-11T01:00:00Z');

  it('reads a relative date as midnight of that day in the venue timezone', () => {
    expect(resolveRelativeInstant('-1d', now, 'Australia/Sydney').toISOString()).toBe(
      '2026-03-09T13:00:00.000Z',
    );
  });

  it('keeps an ISO datetime as is', () => {
    expect(resolveRelativeInstant('2026-05-01T00:00:00Z', now, 'Australia/Sydney').toISOString()).toBe(
      '2026-05-01T00:00:00.000Z',
    );
  });
});

describe('addDays', () => {
  it('does calendar arithmetic across a DST change', () => {
    // Sydney leaves daylight saving on 2026-04-05.
    expect(addDays('2026-04-04', 1)).toBe('2026-04-05');
    expect(addDays('2026-04-05', -365)).toBe('2025-04-05');
  });
});
