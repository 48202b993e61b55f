import { describe, expect, it } from 'vitest';
import { canonicalValue, normaliseValue, sameValue } from '../../lib/executor/step/canonical-value.ts';

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
