import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookingId,
  DEMO,
  NEXT_SATURDAY,
  sandboxClient,
  startTestSandbox,
  type TestSandbox,
  TOKENS,
} from '../support/sandbox.ts';

/** The error a raw fetch rejects with when the connection goes away, e.g. ECONNRESET or UND_ERR_SOCKET. */
async function connectionFailure(request: Promise<unknown>): Promise<string> {
  try {
    await request;
  } catch (error) {
    const cause = error instanceof Error ? error.cause : undefined;
    return typeof cause === 'object' && cause !== null && 'code' in cause
      ? String(cause.code)
      : String(error);
  }
  throw new Error('expected the request to fail');
}

describe('sandbox fault injection', () => {
  let sandbox: TestSandbox;
  let client: ReturnType<typeof sandboxClient>;
  let johnSmith: string;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    client = sandboxClient(sandbox);
  });
  beforeEach(() => {
    sandbox.admin.reset();
    johnSmith = bookingId(sandbox, DEMO.johnSmith);
  });
  afterAll(() => sandbox.close());

  function reschedule(headers: Record<string, string> = {}) {
    return fetch(`${sandbox.url}/bookings/${johnSmith}/reschedule`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKENS.harbour}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ date: NEXT_SATURDAY, startTime: '10:00' }),
    });
  }

  describe('forced statuses', () => {
    it.each([400, 401, 403, 404, 409, 429, 500, 503] as const)(
      'forces the next call of an operation to answer %i, then behaves normally',
      async (status) => {
        // Prepare
        sandbox.admin.injectFault({ operation: 'getBooking', kind: 'status', status });

        // Act
        const forced = await client.get(`/bookings/${johnSmith}`);
        const after = await client.get(`/bookings/${johnSmith}`);

        // Assess
        expect(forced.status).toBe(status);
        expect(forced.body).toMatchObject({
          code: expect.any(String),
          message: expect.stringContaining('injected'),
        });
        expect(after.status).toBe(200);
      },
    );

    it('forces the next N calls, and only of the named operation', async () => {
      // Prepare
      sandbox.admin.injectFault({ operation: 'getBooking', kind: 'status', status: 503, times: 2 });

      // Act
      const other = await client.get('/products');
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await client.get(`/bookings/${johnSmith}`)).status);

      // Assess
      expect(other.status).toBe(200);
      expect(statuses).toEqual([503, 503, 200]);
    });

    it('hits every operation with "*" and "always" until the faults are cleared', async () => {
      // Prepare
      sandbox.admin.injectFault({ kind: 'status', status: 500, times: 'always' });

      // Act
      const during = [
        (await client.get('/products')).status,
        (await client.get(`/bookings/${johnSmith}`)).status,
      ];
      sandbox.admin.clearFaults();
      const after = await client.get('/products');

      // Assess
      expect(during).toEqual([500, 500]);
      expect(after.status).toBe(200);
    });

    it('takes a custom body, e.g. a 400 naming a field, and a Retry-After for 429', async () => {
      // Prepare
      sandbox.admin.injectFault({
        operation: 'rescheduleBooking',
        kind: 'status',
        status: 400,
        body: { field: 'date', expectedFormat: 'YYYY-MM-DD', message: 'date must be YYYY-MM-DD' },
      });
      sandbox.admin.injectFault({
        operation: 'getBooking',
        kind: 'status',
        status: 429,
        retryAfterSeconds: 7,
      });

      // Act
      const badRequest = await reschedule();
      const limited = await client.get(`/bookings/${johnSmith}`);

      // Assess
      expect(await badRequest.json()).toEqual({
        code: 'invalid_parameter',
        message: 'date must be YYYY-MM-DD',
        field: 'date',
        expectedFormat: 'YYYY-MM-DD',
      });
      expect(limited.headers.get('retry-after')).toBe('7');
      expect(sandbox.admin.booking(johnSmith)?.version).toBe(1);
    });
  });

  it('delays a call beyond the client timeout, then still handles it', async () => {
    // Prepare: its own sandbox, so the abandoned request can't reach another test's journal.
    const own = await startTestSandbox();
    try {
      const id = bookingId(own, DEMO.johnSmith);
      own.admin.injectFault({ operation: 'getBooking', kind: 'delay', delayMs: 300 });
      own.admin.injectFault({ operation: 'getBooking', kind: 'delay', delayMs: 20 });
      const get = (signal?: AbortSignal) =>
        fetch(`${own.url}/bookings/${id}`, {
          headers: { authorization: `Bearer ${TOKENS.harbour}` },
          signal,
        });

      // Act
      const timedOut = await get(AbortSignal.timeout(20)).then(
        () => 'answered',
        (error: Error) => error.name,
      );
      const delayed = await get();

      // Assess
      expect(timedOut).toBe('TimeoutError');
      expect(delayed.status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('resets the connection without applying anything', async () => {
    // Prepare
    sandbox.admin.injectFault({ operation: 'rescheduleBooking', kind: 'reset' });

    // Act
    const code = await connectionFailure(reschedule());

    // Assess
    expect(code).toMatch(/ECONNRESET|UND_ERR_SOCKET/);
    expect(sandbox.admin.booking(johnSmith)).toMatchObject({ startTime: '15:00', version: 1 });
    expect(sandbox.admin.journal()).toMatchObject([
      { operation: 'rescheduleBooking', fault: 'reset', committed: false },
    ]);
  });

  describe('commit-then-drop', () => {
    it('applies the change, drops the connection, and a retry with the same key replays it', async () => {
      // Prepare
      sandbox.admin.injectFault({ operation: 'rescheduleBooking', kind: 'commit_then_drop' });
      const key = { 'idempotency-key': 'plan-9:step-1' };

      // Act
      const code = await connectionFailure(reschedule(key));
      const stateAfterDrop = sandbox.admin.booking(johnSmith);
      const retry = await reschedule(key);

      // Assess: the client saw a dropped connection, the change is there exactly once, the retry replays.
      expect(code).toMatch(/ECONNRESET|UND_ERR_SOCKET/);
      expect(stateAfterDrop).toMatchObject({ startTime: '10:00', version: 2 });
      expect(retry.status).toBe(200);
      expect(await retry.json()).toMatchObject({ startTime: '10:00', version: 2 });
      expect(sandbox.admin.booking(johnSmith)?.version).toBe(2);
      const journal = sandbox.admin.journal({ operation: 'rescheduleBooking' });
      expect(journal).toMatchObject([
        { fault: 'commit_then_drop', committed: true, replayed: false, status: 200 },
        { committed: false, replayed: true, status: 200 },
      ]);
      expect(journal.filter((e) => e.committed)).toHaveLength(1);
    });
  });

  describe('admin HTTP API for faults', () => {
    it('adds, lists and clears faults', async () => {
      // Prepare
      const admin = sandboxClient(sandbox, null);

      // Act
      const added = await admin.post('/__admin/faults', [
        { operation: 'getBooking', kind: 'status', status: 503, times: 2 },
        { kind: 'reset', times: 'always' },
      ]);
      const listed = await admin.get('/__admin/faults');
      const cleared = await admin.delete('/__admin/faults');

      // Assess
      expect(added.status).toBe(201);
      expect(listed.body.faults).toMatchObject([
        { operation: 'getBooking', kind: 'status', status: 503, remaining: 2 },
        { operation: '*', kind: 'reset', remaining: 'always' },
      ]);
      expect(cleared.body).toEqual({ cleared: 2 });
      expect((await client.get('/products')).status).toBe(200);
    });

    it('rejects an invalid fault with 400', async () => {
      const admin = sandboxClient(sandbox, null);

      const unknownOperation = await admin.post('/__admin/faults', { operation: 'nope', kind: 'reset' });
      const badStatus = await admin.post('/__admin/faults', { kind: 'status', status: 418 });

      expect(unknownOperation.status).toBe(400);
      expect(badStatus.status).toBe(400);
      expect(sandbox.admin.faults()).toEqual([]);
    });
  });
});
