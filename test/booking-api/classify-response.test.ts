import { describe, expect, it } from 'vitest';
import {
  classifyResponse,
  errorTypeOf,
  retryAfterSeconds,
} from '../../lib/adapters/booking-api/classify-response.ts';
import { actions } from './actions.ts';

const NOW = new Date('2026-03-11T01:00:00Z');

describe('errorTypeOf (000 Error Classification)', () => {
  it.each([
    [400, 'bad_request'],
    [401, 'unauthorized'],
    [403, 'unauthorized'],
    [404, 'not_found'],
    [409, 'conflict'],
    [429, 'rate_limited'],
    [500, 'server_error'],
    [502, 'server_error'],
    [503, 'server_error'],
    [422, 'bad_request'],
    [302, 'server_error'],
  ] as const)('%i → %s', (status, expected) => {
    expect(errorTypeOf(status)).toBe(expected);
  });
});

describe('retryAfterSeconds', () => {
  it('reads delta-seconds and HTTP dates', () => {
    expect(retryAfterSeconds('12', NOW)).toBe(12);
    expect(retryAfterSeconds('Wed, 11 Mar 2026 01:00:30 GMT', NOW)).toBe(30);
    expect(retryAfterSeconds('soon', NOW)).toBeUndefined();
    expect(retryAfterSeconds(null, NOW)).toBeUndefined();
  });
});

describe('classifyResponse', () => {
  it('maps a 400 field from its wire name to the action parameter name', () => {
    // Prepare
    const body = JSON.stringify({
      code: 'invalid_parameter',
      message: 'startTime must be HH:MM',
      field: 'startTime',
      expectedFormat: 'HH:MM',
    });

    // Act
    const outcome = classifyResponse(actions.rescheduleBooking, 400, new Headers(), body, NOW);

    // Assess
    expect(outcome).toEqual({
      ok: false,
      status: 400,
      error_type: 'bad_request',
      message: 'startTime must be HH:MM',
      code: 'invalid_parameter',
      field: 'start_time',
      expected_format: 'HH:MM',
    });
  });

  it('keeps a full slot apart from a concurrent change: its code, the places left and the alternatives', () => {
    // Prepare
    const body = JSON.stringify({
      code: 'slot_full',
      message: 'Party Room at 12:30 on 2026-11-28 has room for 4 more, not 13',
      remaining: 4,
      alternatives: [{ startTime: '15:00', capacity: 20, remaining: 20 }],
    });

    // Act
    const outcome = classifyResponse(actions.rescheduleBooking, 409, new Headers(), body, NOW);

    // Assess
    expect(outcome).toMatchObject({
      ok: false,
      error_type: 'conflict',
      code: 'slot_full',
      slot_remaining: 4,
      alternatives: [{ start_time: '15:00', capacity: 20, remaining: 20 }],
    });
  });

  it('falls back to a plain message when the error body is not the API’s Error shape', () => {
    const outcome = classifyResponse(actions.getBooking, 502, new Headers(), '<html>Bad gateway</html>', NOW);

    expect(outcome).toMatchObject({
      ok: false,
      error_type: 'server_error',
      message: expect.stringContaining('HTTP 502'),
    });
  });

  it('returns non-JSON success bodies as content', () => {
    const headers = new Headers({ 'content-type': 'text/csv' });

    const outcome = classifyResponse(actions.exportBookings, 200, headers, 'a,b\n1,2\n', NOW);

    expect(outcome).toEqual({
      ok: true,
      status: 200,
      data: { content: 'a,b\n1,2\n', content_type: 'text/csv' },
    });
  });
});
