import type { APIGatewayProxyResult } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { type LocalGateway, type ProxyHandler, startLocalGateway } from '../../infra/local/local-gateway.ts';
import { fixedClock } from '../../lib/ports/clock.ts';

const NEVER: ProxyHandler = () => new Promise<APIGatewayProxyResult>(() => undefined);

/** Issue 28: the local gateway enforces each Lambda's timeout and API Gateway's, as AWS would answer them. */
describe('local gateway limits', () => {
  let gateway: LocalGateway | undefined;
  afterEach(async () => {
    await gateway?.stop();
  });

  async function start(handler: ProxyHandler, timeoutMs: number, gatewayTimeoutMs: number) {
    gateway = await startLocalGateway({
      clock: fixedClock('2026-11-22T23:00:00Z'),
      gatewayTimeoutMs,
      routes: [{ method: 'GET', resource: '/v1/probe', functionName: 'probe', handler, timeoutMs }],
    });
    const started = Date.now();
    const res = await fetch(`${gateway.url}/v1/probe`);
    return { status: res.status, body: (await res.json()) as unknown, ms: Date.now() - started };
  }

  it("answers 502 in the gateway's error shape when the Lambda passes its timeout (AWS kills it)", async () => {
    // Act
    const result = await start(NEVER, 150, 29_000);

    // Assess
    expect(result.status).toBe(502);
    expect(result.body).toEqual({ error_type: 'service_unavailable', message: 'Internal server error' });
    expect(result.ms).toBeLessThan(2_000);
  });

  it('answers 504 when the integration timeout comes first', async () => {
    // Act
    const result = await start(NEVER, 10_000, 150);

    // Assess
    expect(result.status).toBe(504);
    expect(result.body).toEqual({ error_type: 'service_unavailable', message: 'Endpoint request timed out' });
  });

  it("hands the handler a context counting down from the route's timeout, and passes its answer through", async () => {
    // Prepare
    const echo: ProxyHandler = async (_event, context) => ({
      statusCode: 200,
      body: JSON.stringify({ remaining: context.getRemainingTimeInMillis() }),
    });

    // Act
    const result = await start(echo, 4_000, 29_000);

    // Assess
    const { remaining } = z.object({ remaining: z.number() }).parse(result.body);
    expect(result.status).toBe(200);
    expect(remaining).toBeLessThanOrEqual(4_000);
    expect(remaining).toBeGreaterThan(3_000);
  });
});
