import { describe, expect, it } from 'vitest';
import { buildRequest, type RequestBuildError } from '../../lib/adapters/booking-api/build-request.ts';
import { actions } from './actions.ts';

const BASE = 'http://127.0.0.1:4010/';

describe('buildRequest', () => {
  it('puts path, body and headers where the CompiledAction says, under their wire names', () => {
    // Act
    const request = buildRequest(BASE, {
      action: actions.rescheduleBooking,
      args: { booking_id: 'bk_abc', date: '2026-03-14', start_time: '10:00', notify_guest: true },
      token: 'secret-token',
      idempotencyKey: 'plan-1:2',
      ifMatch: '3',
    });

    // Assert
    expect(request).toEqual({
      url: 'http://127.0.0.1:4010/bookings/bk_abc/reschedule',
      method: 'POST',
      headers: {
        accept: 'application/json',
        authorization: 'Bearer secret-token',
        'idempotency-key': 'plan-1:2',
        'if-match': '3',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ date: '2026-03-14', startTime: '10:00', notifyGuest: true }),
    });
  });

  it('encodes query parameters and leaves out the ones not given', () => {
    const request = buildRequest(BASE, {
      action: actions.searchBookings,
      args: { search_text: 'john smith', max_results: 3 },
      token: 't',
    });

    expect(request.url).toBe('http://127.0.0.1:4010/bookings?searchText=john+smith&maxResults=3');
    expect(request.body).toBeUndefined();
  });

  it('escapes path values', () => {
    const request = buildRequest(BASE, {
      action: actions.getBooking,
      args: { booking_id: 'a/b?c' },
      token: 't',
    });

    expect(request.url).toBe('http://127.0.0.1:4010/bookings/a%2Fb%3Fc');
  });

  it('does not send arguments the action does not declare', () => {
    const request = buildRequest(BASE, {
      action: actions.updateGuestCount,
      args: { booking_id: 'bk_1', party_size: 4, card_number: '4111' },
      token: 't',
    });

    expect(request.body).toBe(JSON.stringify({ partySize: 4 }));
  });

  it('sends no body when no body argument is given', () => {
    const request = buildRequest(BASE, {
      action: actions.cancelBooking,
      args: { booking_id: 'bk_1' },
      token: 't',
    });

    expect(request).not.toHaveProperty('body');
    expect(request.headers).not.toHaveProperty('content-type');
  });

  it('refuses a call whose path parameter is missing, naming the action parameter', () => {
    expect(() => buildRequest(BASE, { action: actions.getBooking, args: {}, token: 't' })).toThrow(
      expect.objectContaining({ name: 'RequestBuildError', field: 'booking_id' }) as RequestBuildError,
    );
  });
});
