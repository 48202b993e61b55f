import { describe, expect, it } from 'vitest';
import { HttpBookingApi } from '../../lib/adapters/booking-api/http-booking-api.ts';
import { actions } from './actions.ts';

describe('HttpBookingApi construction', () => {
  it('builds from the config (BOOKING_API_URL, BOOKING_API_TIMEOUT_MS)', () => {
    const api = HttpBookingApi.fromConfig({
      BOOKING_API_URL: 'http://x.test',
      BOOKING_API_TIMEOUT_MS: 30_000,
    });

    expect(api).toBeInstanceOf(HttpBookingApi);
  });

  it('rejects a relative base URL and a non-positive timeout', () => {
    expect(() => new HttpBookingApi({ baseUrl: '/api', timeoutMs: 1_000 })).toThrow('baseUrl');
    expect(() => new HttpBookingApi({ baseUrl: 'http://127.0.0.1', timeoutMs: 0 })).toThrow('timeoutMs');
  });

  it('sends through an injected fetch, with the bearer token only in the Authorization header', async () => {
    // Prepare: an injected fetch that records the request instead of sending it.
    const seen: { url: string; auth: string | null }[] = [];
    const api = new HttpBookingApi({
      baseUrl: 'http://booking.example',
      timeoutMs: 30_000,
      fetch: async (input, init) => {
        seen.push({ url: String(input), auth: new Headers(init?.headers).get('authorization') });
        return new Response(JSON.stringify({ bookingId: 'bk_1' }), { status: 200 });
      },
    });

    // Act
    const outcome = await api.invoke({
      action: actions.getBooking,
      args: { booking_id: 'bk_1' },
      token: 'tok-123',
    });

    // Assess
    expect(seen).toEqual([{ url: 'http://booking.example/bookings/bk_1', auth: 'Bearer tok-123' }]);
    expect(outcome).toEqual({ ok: true, status: 200, data: { booking_id: 'bk_1' } });
  });
});
