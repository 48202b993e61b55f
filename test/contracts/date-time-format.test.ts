import { describe, expect, it } from 'vitest';
import {
  IsoDateTime,
  isIsoDate,
  isLocalTime,
  isWhenType,
  toWireDateTime,
} from '../../lib/contracts/primitives.ts';
import { canonicalWhen, sameWhen } from '../../lib/dates/same-when.ts';
import { whenReader } from '../../lib/planner/gate/when-parameters.ts';

const sydney = { timeZone: 'Australia/Sydney', locale: 'en-AU' };
const clock = { ...sydney, now: new Date('2026-11-20T00:00:00Z') };

/** Issue 31: the one 001 date/time format (lib/contracts/primitives.ts) and every reader agreeing on it. */
describe('toWireDateTime', () => {
  it.each([
    ['2026-11-28T04:00:00Z', '2026-11-28T04:00:00Z'],
    ['2026-11-28T04:00Z', '2026-11-28T04:00:00Z'],
    ['2026-11-28T15:00:00+11:00', '2026-11-28T04:00:00Z'],
    ['2026-11-28T15:00:00+1100', '2026-11-28T04:00:00Z'],
    ['2026-11-28t04:00:00z', '2026-11-28T04:00:00Z'],
    ['2026-11-28T04:00:00.500Z', '2026-11-28T04:00:00Z'],
  ])('reads the ISO 8601 instant %s as the wire form %s', (text, wire) => {
    // Act
    const read = toWireDateTime(text);

    // Assess: the wire form is what the contract stores and validates.
    expect(read).toBe(wire);
    expect(IsoDateTime.safeParse(read).success).toBe(true);
  });

  it.each([
    '2026-11-28T04:00.5Z', // a fraction of a minute: ISO 8601 allows a fraction only after seconds
    '2026-02-30T04:00:00Z', // no such day
    '2026-11-28T25:00:00Z', // no such hour
    '2026-11-28 04:00:00Z', // no "T"
    '2026-11-28T04:00:00', // no offset: not an instant
    'Sat 28 Nov 2026 3pm', // words: the resolver's job, not the format's
  ])('is undefined for %s', (text) => {
    expect(toWireDateTime(text)).toBeUndefined();
  });
});

describe('isIsoDate, isLocalTime, isWhenType', () => {
  it('takes a real YYYY-MM-DD day and a 24-hour HH:MM, and nothing else', () => {
    expect(['2026-11-28', '2024-02-29'].map(isIsoDate)).toEqual([true, true]);
    expect(['2026-02-30', '2025-02-29', '2026-11-8', '28/11/2026', 20261128].map(isIsoDate)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(['00:00', '23:59', '15:00'].map(isLocalTime)).toEqual([true, true, true]);
    expect(['24:00', '9:00', '15:60', '3pm', 1500].map(isLocalTime)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('names exactly the 001 types whose values are a date, a time or both', () => {
    expect(['date', 'time', 'datetime'].every(isWhenType)).toBe(true);
    expect(['string', 'number', 'enum', 'boolean', 'array', 'object'].some(isWhenType)).toBe(false);
  });
});

/**
 * Before issue 31 the planner's gate (gate/when-parameters.ts) and the executor's comparison (dates/same-when.ts)
 * each kept a datetime regex: the gate cut fractional seconds, the comparison kept them, so a value the gate sent
 * as "…04:00:00Z" was "changed" when the API echoed "…04:00:00.500Z"; and an ISO-shaped instant that names no
 * moment became an empty value in the gate.
 */
describe('the gate and the executor read a datetime the same way', () => {
  it.each([
    '2026-11-28T04:00:00Z',
    '2026-11-28T04:00Z',
    '2026-11-28T15:00:00+11:00',
    '2026-11-28T15:00:00+1100',
    '2026-11-28t04:00:00z',
    '2026-11-28T04:00:00.500Z',
  ])('%s: the gate sends what the comparison reads', (text) => {
    // Prepare
    const gate = whenReader(clock, undefined);

    // Act
    const sent = gate.read('datetime', text);
    const compared = canonicalWhen('datetime', text, sydney, clock.now);

    // Assess
    expect(sent).toEqual({ kind: 'value', value: '2026-11-28T04:00:00Z' });
    expect(compared).toBe('2026-11-28T04:00:00Z');
  });

  it('takes a fraction of a second as a format difference, not a changed value', () => {
    expect(sameWhen('datetime', '2026-11-28T04:00:00Z', '2026-11-28T04:00:00.500Z', sydney)).toBe(true);
  });

  it.each([
    [
      '2026-02-30T04:00:00Z',
      '“2026-02-30T04:00:00Z” is not a date in the calendar. Which date and time do you mean?',
    ],
    [
      '2026-11-28T04:00.5Z',
      "I couldn't read “2026-11-28T04:00.5Z” as a date or time. Which date and time do you mean?",
    ],
  ])('asks about %s instead of sending an empty value', (text, question) => {
    // Act
    const read = whenReader(clock, undefined).read('datetime', text);

    // Assess
    expect(read).toEqual({ kind: 'ask', question: { question, suggestions: [], unclear: 'date' } });
    expect(canonicalWhen('datetime', text, sydney, clock.now)).toBeUndefined();
  });
});
