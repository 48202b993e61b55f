import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpBookingApi } from '../../lib/adapters/booking-api/http-booking-api.ts';
import type { ActionCall, ActionOutcome } from '../../lib/ports/booking-api.ts';
import {
  bookingId,
  DEMO,
  NEXT_SATURDAY,
  startTestSandbox,
  type TestSandbox,
  TOKENS,
} from '../support/sandbox.ts';
import { actions } from './actions.ts';

describe('HttpBookingApi against the sandbox (000 Error Classification)', () => {
  let sandbox: TestSandbox;
  let api: HttpBookingApi;
  let johnSmith: string;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    api = new HttpBookingApi({ baseUrl: sandbox.url, timeoutMs: 5_000 });
  });
  beforeEach(() => {
    sandbox.admin.reset();
    johnSmith = bookingId(sandbox, DEMO.johnSmith);
  });
  afterAll(() => sandbox.close());

  function getJohn(overrides: Partial<ActionCall> = {}): ActionCall {
    return {
      action: actions.getBooking,
      args: { booking_id: johnSmith },
      token: TOKENS.harbour,
      ...overrides,
    };
  }

  function reschedule(startTime: string, overrides: Partial<ActionCall> = {}): ActionCall {
    return {
      action: actions.rescheduleBooking,
      args: { booking_id: johnSmith, date: NEXT_SATURDAY, start_time: startTime },
      token: TOKENS.harbour,
      ...overrides,
    };
  }

  /** Every failure must be free of the token (seed 000 Security: tokens are never logged or persisted). */
  function expectNoToken(outcome: ActionOutcome): void {
    for (const token of Object.values(TOKENS)) expect(JSON.stringify(outcome)).not.toContain(token);
  }

  it('returns success data with snake_case keys, deep', async () => {
    // Act
    const outcome = await api.invoke(getJohn());

    // Assess
    expect(outcome).toMatchObject({
      ok: true,
      status: 200,
      data: {
        booking_id: johnSmith,
        booking_reference: DEMO.johnSmith,
        start_time: '15:00',
        party_size: 12,
        version: 1,
        notes: [{ note_id: expect.any(String), visible_to_guest: false }],
      },
    });
  });

  it('sends Idempotency-Key and If-Match: a stale version is a conflict, a replay applies once', async () => {
    // Act
    const stale = await api.invoke(reschedule('10:00', { ifMatch: '7' }));
    const first = await api.invoke(reschedule('10:00', { ifMatch: '1', idempotencyKey: 'plan-1:1' }));
    const replay = await api.invoke(reschedule('10:00', { ifMatch: '1', idempotencyKey: 'plan-1:1' }));

    // Assess
    expect(stale).toMatchObject({
      ok: false,
      status: 409,
      error_type: 'conflict',
      message: expect.stringContaining('concurrent'),
    });
    expect(first).toMatchObject({ ok: true, data: { start_time: '10:00', version: 2 } });
    expect(replay).toEqual(first);
    expect(sandbox.admin.journal({ operation: 'rescheduleBooking' }).filter((e) => e.committed)).toHaveLength(
      1,
    );
  });

  it('400 → bad_request with the action parameter name and the expected format', async () => {
    // Act
    const outcome = await api.invoke({ ...reschedule('3pm') });

    // Assess
    expect(outcome).toMatchObject({
      ok: false,
      status: 400,
      error_type: 'bad_request',
      field: 'start_time',
      expected_format: expect.stringContaining('HH:MM'),
      message: expect.stringContaining('startTime'),
    });
  });

  it.each([
    ['an expired token (401)', { token: TOKENS.expired }, 401],
    ["another venue's token (403)", { token: TOKENS.westside }, 403],
  ])('%s → unauthorized', async (_case, overrides, status) => {
    const outcome = await api.invoke(getJohn(overrides));

    expect(outcome).toMatchObject({ ok: false, status, error_type: 'unauthorized' });
    expectNoToken(outcome);
  });

  it('404 → not_found', async () => {
    const outcome = await api.invoke(getJohn({ args: { booking_id: 'bk_gone' } }));

    expect(outcome).toMatchObject({ ok: false, status: 404, error_type: 'not_found' });
  });

  it('409 on a full slot → conflict with snake_case alternatives', async () => {
    const outcome = await api.invoke(reschedule('12:30'));

    expect(outcome).toMatchObject({
      ok: false,
      status: 409,
      error_type: 'conflict',
      alternatives: [{ start_time: '10:00', capacity: 20, remaining: 20 }],
    });
  });

  it('429 → rate_limited with retry_after_seconds from Retry-After', async () => {
    // Prepare
    sandbox.admin.injectFault({ operation: 'getBooking', kind: 'status', status: 429, retryAfterSeconds: 7 });

    // Act
    const outcome = await api.invoke(getJohn());

    // Assess
    expect(outcome).toMatchObject({
      ok: false,
      status: 429,
      error_type: 'rate_limited',
      retry_after_seconds: 7,
    });
  });

  it.each([500, 503] as const)('%i → server_error, with no automatic retry', async (status) => {
    // Prepare
    sandbox.admin.injectFault({ operation: 'getBooking', kind: 'status', status });

    // Act
    const outcome = await api.invoke(getJohn());

    // Assess
    expect(outcome).toMatchObject({ ok: false, status, error_type: 'server_error' });
    expect(sandbox.admin.journal({ operation: 'getBooking' })).toHaveLength(1);
  });

  it.each([400, 401, 403, 404, 409] as const)('a forced %i is classified by status alone', async (status) => {
    // Prepare
    sandbox.admin.injectFault({ operation: 'getBooking', kind: 'status', status });

    // Act
    const outcome = await api.invoke(getJohn());

    // Assess
    const expected = {
      400: 'bad_request',
      401: 'unauthorized',
      403: 'unauthorized',
      404: 'not_found',
      409: 'conflict',
    };
    expect(outcome).toMatchObject({ ok: false, status, error_type: expected[status] });
  });

  it('a reset connection → server_error with a connectivity message and no status', async () => {
    // Prepare
    sandbox.admin.injectFault({ operation: 'getBooking', kind: 'reset' });

    // Act
    const outcome = await api.invoke(getJohn());

    // Assess
    expect(outcome).toMatchObject({
      ok: false,
      status: undefined,
      error_type: 'server_error',
      message: expect.stringContaining('connection'),
    });
    expectNoToken(outcome);
  });

  it('commit-then-drop → server_error; the change is applied once and a retry with the key replays it', async () => {
    // Prepare
    sandbox.admin.injectFault({ operation: 'rescheduleBooking', kind: 'commit_then_drop' });
    const call = reschedule('10:00', { idempotencyKey: 'plan-5:1' });

    // Act
    const dropped = await api.invoke(call);
    const retried = await api.invoke(call);

    // Assess
    expect(dropped).toMatchObject({ ok: false, status: undefined, error_type: 'server_error' });
    expect(retried).toMatchObject({ ok: true, data: { start_time: '10:00', version: 2 } });
    expect(sandbox.admin.booking(johnSmith)?.version).toBe(2);
  });

  it('a refused connection → server_error', async () => {
    // Prepare: a sandbox that is already closed
    const gone = await startTestSandbox();
    await gone.close();
    const offline = new HttpBookingApi({ baseUrl: gone.url, timeoutMs: 5_000 });

    // Act
    const outcome = await offline.invoke(getJohn());

    // Assess
    expect(outcome).toMatchObject({
      ok: false,
      status: undefined,
      error_type: 'server_error',
      message: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it('a caller abort → timeout', async () => {
    const controller = new AbortController();
    controller.abort();

    const outcome = await api.invoke(getJohn({ signal: controller.signal }));

    expect(outcome).toMatchObject({ ok: false, status: undefined, error_type: 'timeout' });
  });

  it('a missing path argument → bad_request before anything is sent', async () => {
    const outcome = await api.invoke(getJohn({ args: {} }));

    expect(outcome).toMatchObject({
      ok: false,
      status: undefined,
      error_type: 'bad_request',
      field: 'booking_id',
    });
    expect(sandbox.admin.journal()).toEqual([]);
  });

  it('removes the token from a message even when the API echoes it', async () => {
    // Prepare
    sandbox.admin.injectFault({
      operation: 'getBooking',
      kind: 'status',
      status: 401,
      body: { message: `token ${TOKENS.harbour} is revoked` },
    });

    // Act
    const outcome = await api.invoke(getJohn());

    // Assess
    expect(outcome).toMatchObject({ error_type: 'unauthorized', message: 'token [redacted] is revoked' });
  });
});

describe('HttpBookingApi timeout', () => {
  it('a call slower than timeoutMs → timeout naming the limit, not the token', async () => {
    // Prepare: its own sandbox, so the abandoned request ends when the sandbox closes.
    const sandbox = await startTestSandbox();
    try {
      sandbox.admin.injectFault({ operation: 'getBooking', kind: 'delay', delayMs: 2_000 });
      const api = new HttpBookingApi({ baseUrl: sandbox.url, timeoutMs: 50 });

      // Act
      const outcome = await api.invoke({
        action: actions.getBooking,
        args: { booking_id: bookingId(sandbox, DEMO.johnSmith) },
        token: TOKENS.harbour,
      });

      // Assess
      expect(outcome).toMatchObject({
        ok: false,
        status: undefined,
        error_type: 'timeout',
        message: expect.stringContaining('50 ms'),
      });
      expect(JSON.stringify(outcome)).not.toContain(TOKENS.harbour);
    } finally {
      await sandbox.close();
    }
  });
});
