import { afterEach, describe, expect, it } from 'vitest';
import { sandboxClient, startTestSandbox, type TestSandbox, TOKENS } from '../support/sandbox.ts';

describe('sandbox rate limiting', () => {
  let sandbox: TestSandbox | undefined;
  afterEach(() => sandbox?.close());

  it('answers 429 with Retry-After once the per-token budget of the window is spent', async () => {
    // Prepare: 2 requests per 60 s window; the pinned clock sits 0 s into a minute.
    sandbox = await startTestSandbox({
      rateLimit: { perToken: { [TOKENS.harbour]: { limit: 2, windowSeconds: 60 } } },
    });
    const client = sandboxClient(sandbox, TOKENS.harbour);
    sandbox.clock.advance(15_000);

    // Act
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await client.get('/products')).status);
    const limited = await client.get('/products');

    // Assess
    expect(statuses).toEqual([200, 200, 429]);
    expect(limited.headers.get('retry-after')).toBe('45');
    expect(limited.body).toMatchObject({
      code: 'rate_limited',
      message: expect.stringContaining('45 seconds'),
    });
  });

  it('counts each token separately and opens again in the next window', async () => {
    // Prepare
    sandbox = await startTestSandbox({ rateLimit: { default: { limit: 1, windowSeconds: 10 } } });
    const harbour = sandboxClient(sandbox, TOKENS.harbour);
    await harbour.get('/products');

    // Act
    const again = await harbour.get('/products');
    const otherToken = await sandboxClient(sandbox, TOKENS.westside).get('/products');
    sandbox.clock.advance(10_000);
    const nextWindow = await harbour.get('/products');

    // Assess
    expect([again.status, otherToken.status, nextWindow.status]).toEqual([429, 200, 200]);
  });

  it("applies a fixture token's own limit (demo-token-limited: 5 per minute)", async () => {
    // Prepare
    sandbox = await startTestSandbox();
    const client = sandboxClient(sandbox, TOKENS.limited);

    // Act
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await client.get('/products')).status);

    // Assess
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('can be set and lifted at run time through the admin API', async () => {
    // Prepare
    sandbox = await startTestSandbox();
    const client = sandboxClient(sandbox, TOKENS.harbour);
    const admin = sandboxClient(sandbox, null);
    await admin.post('/__admin/rate-limits', {
      token: TOKENS.harbour,
      rule: { limit: 0, windowSeconds: 30 },
    });

    // Act
    const limited = await client.get('/products');
    await admin.post('/__admin/rate-limits', { token: TOKENS.harbour, rule: null });
    const lifted = await client.get('/products');

    // Assess
    expect(limited.status).toBe(429);
    expect(lifted.status).toBe(200);
  });
});
