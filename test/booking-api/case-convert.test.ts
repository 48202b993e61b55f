import { describe, expect, it } from 'vitest';
import { snakeKeysDeep, toSnakeCase } from '../../lib/adapters/booking-api/case-convert.ts';

describe('toSnakeCase', () => {
  it.each([
    ['bookingId', 'booking_id'],
    ['expectedFormat', 'expected_format'],
    ['URLPath', 'url_path'],
    ['line2Address', 'line2_address'],
    ['already_snake', 'already_snake'],
    ['Retry-After', 'retry_after'],
  ])('%s → %s', (input, expected) => {
    expect(toSnakeCase(input)).toBe(expected);
  });
});

describe('snakeKeysDeep', () => {
  it('converts keys in nested objects and arrays, never values', () => {
    // Act
    const converted = snakeKeysDeep({
      bookingId: 'bk_1',
      notes: [{ noteId: 'nt_1', visibleToGuest: true, text: 'keepThisCamel' }],
      alternatives: [{ startTime: '10:00' }],
    });

    // Assess
    expect(converted).toEqual({
      booking_id: 'bk_1',
      notes: [{ note_id: 'nt_1', visible_to_guest: true, text: 'keepThisCamel' }],
      alternatives: [{ start_time: '10:00' }],
    });
  });
});
