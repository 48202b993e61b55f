import { fc, test } from '@fast-check/vitest';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { canonicalValue, normaliseValue, sameValue } from '../../../lib/executor/step/canonical-value.ts';

describe('canonicalValue', () => {
  it.each([
    ['3pm', '15:00'],
    ['3:30 pm', '15:30'],
    ['15.30', '15:30'],
    ['15:00:00', '15:00'],
  ])('reads the time %s as %s', (input, expected) => {
    expect(canonicalValue('time', input)).toBe(expected);
  });

  it('has no one reading for an ambiguous or impossible time (lib/dates asks about "12am")', () => {
    expect(canonicalValue('time', '12am')).toBeUndefined();
    expect(canonicalValue('time', '25:00')).toBeUndefined();
  });

  it('reads dates through lib/dates, in the order of the venue locale', () => {
    const sydney = { timeZone: 'Australia/Sydney', locale: 'en-AU' };
    const newYork = { timeZone: 'America/New_York', locale: 'en-US' };
    expect(canonicalValue('date', '2026/12/5', { venue: sydney })).toBe('2026-12-05');
    expect(canonicalValue('date', '05/12/2026', { venue: sydney })).toBe('2026-12-05');
    expect(canonicalValue('date', '05/12/2026', { venue: newYork })).toBe('2026-05-12');
  });

  it('never reads relative words as one value: they cannot be compared after confirmation', () => {
    expect(canonicalValue('date', 'Saturday')).toBeUndefined();
    expect(canonicalValue('date', 'tomorrow')).toBeUndefined();
  });

  it('reads numbers, booleans and enum values case-insensitively', () => {
    expect(canonicalValue('number', ' 6 ')).toBe(6);
    expect(canonicalValue('boolean', 'Yes')).toBe(true);
    expect(canonicalValue('enum', 'EMAIL', { enumValues: ['email', 'sms'] })).toBe('email');
  });
});

describe('sameValue', () => {
  it('treats a format change as the same value and a new value as a change', () => {
    expect(sameValue('time', '3pm', '15:00')).toBe(true);
    expect(sameValue('time', '4pm', '15:00')).toBe(false);
    expect(sameValue('date', 'Sat 28 Nov', '2026-11-28')).toBe(true);
    expect(sameValue('date', 'Sun 29 Nov', '2026-11-28')).toBe(false);
    expect(sameValue('datetime', '2026-11-28T15:00:00+11:00', '2026-11-28T04:00:00Z')).toBe(true);
    expect(sameValue('number', '6', 6)).toBe(true);
    expect(sameValue('string', ' John  Smith', 'john smith')).toBe(true);
    expect(sameValue('string', 'Jane Smith', 'John Smith')).toBe(false);
  });
});

describe('normaliseValue', () => {
  it('rewrites a readable value into the wire format and leaves others unchanged', () => {
    expect(normaliseValue('time', '3pm')).toBe('15:00');
    expect(normaliseValue('date', 'Saturday')).toBe('Saturday');
    expect(normaliseValue('string', 'Mixed Case')).toBe('Mixed Case');
  });
});

describe('sameValue for dates: a restatement is never taken for a change, nor a change for a restatement', () => {
  const sydney = { timeZone: 'Australia/Sydney', locale: 'en-AU' };
  const day = fc
    .integer({ min: 0, max: 3 * 366 })
    .map((n) => DateTime.fromISO('2026-01-01').plus({ days: n }));

  test.prop([day, day])('"Sat 28 Nov 2026" and "28/11/2026" restate 2026-11-28 and no other day', (a, b) => {
    // Prepare
    const confirmed = a.toISODate();
    const restatements = [a.toFormat('ccc d LLL yyyy'), a.toFormat('dd/LL/yyyy'), a.toFormat('d LLLL yyyy')];
    // Act / Assess
    for (const offered of restatements) {
      expect(sameValue('date', offered, confirmed, { venue: sydney })).toBe(true);
      expect(sameValue('date', offered, b.toISODate(), { venue: sydney })).toBe(a.hasSame(b, 'day'));
    }
  });
});

/**
 * Post-confirmation immutability (000) rests on these readings: a value that reads the same is a format fix, one
 * that cannot be read is never taken for the confirmed one. Each row names the type, the input and its reading.
 */
describe('canonicalValue: numbers', () => {
  it.each([
    [6, 6],
    [-2.5, -2.5],
    [' 6 ', 6],
    ['-3', -3],
    ['7.25', 7.25],
  ])('reads %j as %j', (input, expected) => {
    expect(canonicalValue('number', input)).toBe(expected);
  });

  it.each([
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    ['six'],
    ['6 guests'],
    ['about 6'],
    ['7.'],
    ['7.x'],
    [''],
    [true],
    [null],
    [undefined],
    [{ n: 6 }],
  ])('cannot read %j as a number', (input) => {
    expect(canonicalValue('number', input)).toBeUndefined();
  });
});

describe('canonicalValue: booleans', () => {
  it.each([
    [true, true],
    [false, false],
    ['true', true],
    [' YES ', true],
    ['False', false],
    [' no ', false],
  ])('reads %j as %j', (input, expected) => {
    expect(canonicalValue('boolean', input)).toBe(expected);
  });

  it.each([['yes please'], ['not yes'], ['nope'], ['no way'], ['say no'], ['ok'], [1], [0], [''], [null]])(
    'cannot read %j as a boolean',
    (input) => {
      expect(canonicalValue('boolean', input)).toBeUndefined();
    },
  );
});

describe('canonicalValue: enums and strings', () => {
  const reading = { enumValues: ['email', 'SMS'] };

  it('matches an enum value whatever its case and surrounding spaces, and nothing else', () => {
    expect(canonicalValue('enum', ' Email ', reading)).toBe('email');
    expect(canonicalValue('enum', 'sms', reading)).toBe('SMS');
    expect(canonicalValue('enum', 'e-mail', reading)).toBeUndefined();
    expect(canonicalValue('enum', 'email')).toBeUndefined();
  });

  it('folds case and runs of whitespace in a string, nothing else', () => {
    expect(canonicalValue('string', '  John \t  SMITH ')).toBe('john smith');
    expect(canonicalValue('string', 42)).toBe('42');
    expect(canonicalValue('string', 'Jöhn-Smith')).toBe('jöhn-smith');
  });

  it.each([
    ['string', true],
    ['string', null],
    ['string', { a: 1 }],
    ['enum', ['email']],
    ['time', undefined],
  ] as const)('cannot read a %s from %j', (type, input) => {
    expect(canonicalValue(type, input, reading)).toBeUndefined();
  });
});

describe('sameValue and normaliseValue', () => {
  it('identical values are the same even when neither can be read', () => {
    expect(sameValue('number', 'six', 'six')).toBe(true);
    expect(sameValue('boolean', { a: 1 }, { a: 1 })).toBe(true);
  });

  it('two values that cannot be read are never the same value', () => {
    expect(sameValue('number', 'six', 'half a dozen')).toBe(false);
    expect(sameValue('enum', 'post', 'mail', { enumValues: ['email'] })).toBe(false);
  });

  it('compares readings, so a different reading is a change', () => {
    expect(sameValue('boolean', 'yes', true)).toBe(true);
    expect(sameValue('boolean', 'no', true)).toBe(false);
    expect(sameValue('number', '7', 6)).toBe(false);
    expect(sameValue('enum', 'SMS', 'sms', { enumValues: ['sms'] })).toBe(true);
  });

  it('normalises a number and a boolean to their wire form, and leaves an unreadable value unchanged', () => {
    expect(normaliseValue('number', ' 6 ')).toBe(6);
    expect(normaliseValue('boolean', 'No')).toBe(false);
    expect(normaliseValue('number', 'six')).toBe('six');
  });
});
