import { describe, expect, it } from 'vitest';
import { HttpBookingApi } from '../../lib/adapters/booking-api/http-booking-api.ts';
import { withDeadline } from '../../lib/ports/deadline-scope.ts';
import { actions } from './actions.ts';

/** A fetch that never answers until its signal aborts (a hanging booking API), counting the calls it got. */
function hangingFetch() {
  const calls: number[] = [];
  const fetch: typeof globalThis.fetch = (_input, init) => {
    calls.push(Date.now());
    return new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    });
  };
  return { fetch, calls };
}

const call = { action: actions.getBooking, args: { booking_id: 'bk_1' }, token: 'tok-123' };

describe('HttpBookingApi deadline (issue 28)', () => {
  it("gives up when the invocation's deadline runs out, long before BOOKING_API_TIMEOUT_MS", async () => {
    // Prepare
    const { fetch } = hangingFetch();
    const api = new HttpBookingApi({ baseUrl: 'http://booking.example', timeoutMs: 30_000, fetch });
    const started = Date.now();

    // Act: 150 ms left in the invocation.
    const outcome = await withDeadline({ remainingMs: () => Math.max(0, started + 150 - Date.now()) }, () =>
      api.invoke(call),
    );

    // Assess
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(outcome).toMatchObject({ ok: false, status: undefined, error_type: 'timeout' });
    expect(outcome.ok ? '' : outcome.message).toMatch(
      /within 1\d\d ms \(the rest of this invocation's deadline\)/,
    );
  });

  it('does not send a call when no time is left, and says nothing was applied', async () => {
    // Prepare
    const { fetch, calls } = hangingFetch();
    const api = new HttpBookingApi({
      baseUrl: 'http://booking.example',
      timeoutMs: 30_000,
      fetch,
      deadline: () => ({ remainingMs: () => 0 }),
    });

    // Act
    const outcome = await api.invoke(call);

    // Assess
    expect(calls).toEqual([]);
    expect(outcome).toMatchObject({ ok: false, error_type: 'timeout' });
    expect(outcome.ok ? '' : outcome.message).toMatch(/not sent \(nothing was applied\)/);
  });

  it('keeps the configured cap when the invocation has more time than it', async () => {
    // Prepare
    const { fetch } = hangingFetch();
    const api = new HttpBookingApi({
      baseUrl: 'http://booking.example',
      timeoutMs: 100,
      fetch,
      deadline: () => ({ remainingMs: () => 60_000 }),
    });

    // Act
    const outcome = await api.invoke(call);

    // Assess
    expect(outcome.ok ? '' : outcome.message).toMatch(/did not respond within 100 ms \(connectivity issue\)/);
  });
});
