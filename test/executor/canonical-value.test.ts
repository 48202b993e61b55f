import { describe, expect, it } from 'vitest';
import { canonicalValue, normaliseValue, sameValue } from '../../lib/executor/step/canonical-value.ts';

describe('canonicalValue', () => {
  it.each([
    ['3pm', '15:00'],
    ['3:30 pm', '15:30'],
    ['15.30', '15:30'],
    ['12am', '00:00'],
    ['15:00:00', '15:00'],
  ])('reads the time %s as %s', (input, expected) => {
    expect(canonicalValue('time', input)).toBe(expected);
  });

  it('does not read a bare number or 25:00 as a time', () => {
    expect(canonicalValue('time', '3')).toBeUndefined();
    expect(canonicalValue('time', '25:00')).toBeUndefined();
  });

  it('reads year-first dates in any separator, and nothing ambiguous', () => {
    expect(canonicalValue('date', '2026/12/5')).toBe('2026-12-05');
    expect(canonicalValue('date', '05/12/2026')).toBeUndefined();
  });

  it('reads numbers, booleans and enum values case-insensitively', () => {
    expect(canonicalValue('number', ' 6 ')).toBe(6);
    expect(canonicalValue('boolean', 'Yes')).toBe(true);
    expect(canonicalValue('enum', 'EMAIL', ['email', 'sms'])).toBe('email');
  });
});

describe('sameValue', () => {
  it('treats a format change as the same value and a new value as a change', () => {
    expect(sameValue('time', '3pm', '15:00')).toBe(true);
    expect(sameValue('time', '4pm', '15:00')).toBe(false);
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
