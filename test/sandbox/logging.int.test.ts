import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxLogger } from '../../devkit/sandbox/http-server.ts';
import {
  bookingId,
  DEMO,
  sandboxClient,
  startTestSandbox,
  type TestSandbox,
  TOKENS,
} from '../support/sandbox.ts';

function capturingLogger(): SandboxLogger & { lines: string[] } {
  const lines: string[] = [];
  const record = (message: string, attributes: Record<string, unknown>) => {
    lines.push(JSON.stringify({ message, ...attributes }));
  };
  return { lines, info: record, error: record };
}

describe('sandbox request logs', () => {
  let sandbox: TestSandbox | undefined;
  afterEach(() => sandbox?.close());

  it('writes one structured line per request with outcome, and never the token, the query or the body', async () => {
    // Prepare
    const logger = capturingLogger();
    sandbox = await startTestSandbox({ logger });
    const client = sandboxClient(sandbox, TOKENS.harbour);
    const id = bookingId(sandbox, DEMO.johnSmith);

    // Act
    await client.get('/bookings?searchText=john.smith@example.com');
    await client.patch(
      `/bookings/${id}/contact`,
      { email: 'secret.guest@example.com' },
      { 'idempotency-key': 'k-1' },
    );

    // Assess
    expect(logger.lines.map((l) => JSON.parse(l))).toMatchObject([
      { message: 'request', method: 'GET', operation: 'searchBookings', status: 200, committed: false },
      {
        message: 'request',
        method: 'PATCH',
        operation: 'updateContactDetails',
        status: 200,
        committed: true,
        idempotencyKey: 'k-1',
      },
    ]);
    const all = logger.lines.join('\n');
    expect(all).not.toContain(TOKENS.harbour);
    expect(all).not.toContain('example.com');
  });
});
