import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '../../infra/local/local-stack.ts';
import { MAX_BODY_BYTES } from '../../lib/http/request-guards.ts';
import { fixedClock } from '../../lib/ports/clock.ts';

// Issue 27 "Identifiers and bodies" at the local gateway, in front of the real handlers.

const TOKEN = 'demo-token-harbour';
const USER = 'user_ops_harbour';

let stack: LocalStack;
beforeAll(async () => {
  stack = await startLocalStack({ clock: fixedClock('2026-11-22T23:00:00Z'), poll: false });
});
afterAll(async () => {
  await stack?.stop();
});

/** One raw request; the body is streamed in 1 MiB chunks so a large one never sits in memory twice. */
function send(options: { method: string; path: string; body?: string | { bytes: number } }) {
  const url = new URL(stack.url);
  const length =
    options.body === undefined
      ? 0
      : typeof options.body === 'string'
        ? Buffer.byteLength(options.body)
        : options.body.bytes;
  return new Promise<{ status: number; headers: Record<string, unknown>; body: unknown }>(
    (resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          method: options.method,
          path: options.path,
          headers: {
            'content-type': 'application/json',
            'x-user-token': TOKEN,
            ...(options.body === undefined ? {} : { 'content-length': String(length) }),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString();
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) }),
          );
        },
      );
      req.on('error', reject);
      if (typeof options.body === 'object') {
        const chunk = Buffer.alloc(1024 * 1024, 'x');
        for (let sent = 0; sent < options.body.bytes; sent += chunk.length)
          req.write(chunk.subarray(0, Math.min(chunk.length, options.body.bytes - sent)));
        req.end();
      } else req.end(options.body);
    },
  );
}

describe('local gateway limits (issue 27)', () => {
  it('answers a 50 MB body with 413 and a ServiceError, no handler reached', async () => {
    // Prepare
    const before = stack.sandbox.admin.journal().length;
    // Act
    const answer = await send({ method: 'POST', path: '/v1/requests', body: { bytes: 50 * 1024 * 1024 } });
    // Assess
    expect(answer).toMatchObject({
      status: 413,
      body: { error_type: 'invalid_input', message: `request body is larger than ${MAX_BODY_BYTES} bytes` },
    });
    expect(stack.sandbox.admin.journal().length).toBe(before);
  });

  it('passes a body at the cap on to the handler (which names what is wrong with it)', async () => {
    // Prepare: exactly MAX_BODY_BYTES of valid JSON with a message that is too long
    const head = `{"session_id":"limits-1","user_id":"${USER}","message":"`;
    const body = `${head}${'x'.repeat(MAX_BODY_BYTES - head.length - 2)}"}`;
    // Act
    const answer = await send({ method: 'POST', path: '/v1/requests', body });
    // Assess
    expect(Buffer.byteLength(body)).toBe(MAX_BODY_BYTES);
    expect(answer).toMatchObject({
      status: 400,
      body: {
        error_type: 'invalid_input',
        message: 'message: Too big: expected string to have <=4000 characters',
      },
    });
  });

  it.each([
    ['PUT', '/v1/requests', 'POST'],
    ['GET', '/v1/requests', 'POST'],
    ['DELETE', '/v1/plans/6f1c1f7e-0000-4000-8000-000000000123', 'GET'],
    ['GET', '/v1/plans/6f1c1f7e-0000-4000-8000-000000000123/confirm', 'POST'],
  ])('answers %s %s with 405 and Allow: %s', async (method, path, allow) => {
    // Act
    const answer = await send({ method, path });
    // Assess
    expect(answer).toEqual({
      status: 405,
      headers: expect.objectContaining({ allow }),
      body: {
        error_type: 'invalid_input',
        message: `method ${method} is not allowed on ${path}; use ${allow}`,
      },
    });
  });

  it('still answers an unknown resource with 404', async () => {
    // Act
    const answer = await send({ method: 'GET', path: '/v1/nothing-here' });
    // Assess
    expect(answer.status).toBe(404);
  });

  it.each([
    ['a NUL', 'limits\u0000nul'],
    ['a right-to-left override', 'limits\u202Ertl'],
    ['a line feed', 'limits\nlf'],
  ])('refuses a session_id with %s: 400 naming it, before the planner runs', async (_c, sessionId) => {
    // Act
    const answer = await send({
      method: 'POST',
      path: '/v1/requests',
      body: JSON.stringify({ session_id: sessionId, user_id: USER, message: 'Change BK-1045 to 18 guests' }),
    });
    // Assess
    expect(answer).toMatchObject({
      status: 400,
      body: {
        error_type: 'invalid_input',
        message: 'session_id: may contain only letters, digits and . _ : @ -',
      },
    });
  });

  it('refuses a body with a repeated user_id: 400 naming the key', async () => {
    // Act
    const answer = await send({
      method: 'POST',
      path: '/v1/requests',
      body: `{"session_id":"limits-2","user_id":"someone_else","message":"hi","user_id":"${USER}"}`,
    });
    // Assess
    expect(answer).toMatchObject({
      status: 400,
      body: { error_type: 'invalid_input', message: 'request body must not repeat the key user_id' },
    });
  });
});
