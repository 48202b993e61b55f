import { request } from 'node:http';
import { connect } from 'node:net';
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '../../infra/local/local-stack.ts';
import { fixedClock } from '../../lib/ports/clock.ts';

/** Monday 23 Nov 2026, 10:00 in Sydney. */
const NOW = '2026-11-22T23:00:00Z';
const TOKEN = 'demo-token-harbour';
const USER = 'user_ops_harbour';

let stack: LocalStack;
beforeAll(async () => {
  stack = await startLocalStack({ clock: fixedClock(NOW) });
});
afterAll(async () => {
  await stack?.stop();
});

/** One raw HTTP request to the local gateway: the path is sent exactly as given, nothing normalised. */
function send(options: {
  method: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
}): Promise<{ status: number; body: unknown }> {
  const url = new URL(stack.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: options.method,
        path: options.path,
        headers: {
          ...options.headers,
          ...(options.body === undefined
            ? {}
            : { 'content-length': String(Buffer.byteLength(options.body)) }),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const json = { 'content-type': 'application/json', 'x-user-token': TOKEN };

describe('local gateway: malformed requests are 400s, never 500', () => {
  it.each([
    ['GET', '/v1/plans/%E0%A4%A?user_id=u'],
    ['POST', '/v1/plans/%E0%A4%A/confirm'],
    ['POST', '/v1/plans/%zz/answer'],
  ])('%s %s: a bad percent-encoding is 400 invalid_input naming plan_id', async (method, path) => {
    const answer = await send({ method, path, headers: json, body: '{"user_id":"u","user_message":"x"}' });

    expect(answer).toEqual({
      status: 400,
      body: { error_type: 'invalid_input', message: 'plan_id is not valid percent-encoding' },
    });
  });

  it.each([
    ['{"__proto__":{"admin":true},"session_id":"s","user_id":"u","message":"hi"}', '__proto__'],
    // Keys are checked innermost first (JSON.parse revives bottom-up): the nested one is named.
    ['{"session_id":"s","user_id":"u","message":"hi","constructor":{"prototype":{"x":1}}}', 'prototype'],
    ['{"session_id":"s","user_id":"u","message":"hi","constructor":"x"}', 'constructor'],
    ['{"session_id":"s","user_id":"u","message":"hi","meta":{"prototype":1}}', 'prototype'],
  ])('a body with a prototype key gets its own 400: %s', async (body, key) => {
    const answer = await send({ method: 'POST', path: '/v1/requests', headers: json, body });

    expect(answer).toEqual({
      status: 400,
      body: { error_type: 'invalid_input', message: `request body must not contain the key ${key}` },
    });
  });

  it('still calls invalid JSON invalid JSON', async () => {
    const answer = await send({
      method: 'POST',
      path: '/v1/requests',
      headers: json,
      body: '{"session_id":',
    });

    expect(answer).toEqual({
      status: 400,
      body: { error_type: 'invalid_input', message: 'request body must be valid JSON' },
    });
  });

  const segment = fc.oneof(
    fc.constantFrom(
      'v1',
      'plans',
      'requests',
      'confirm',
      'answer',
      '%E0%A4%A',
      '%',
      '%zz',
      '%00',
      '%2F',
      '..',
      '',
    ),
    fc.uuid().map((id) => id.toUpperCase()),
    fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@%-]{0,12}$/),
  );
  const body = fc.oneof(
    fc.json(),
    fc.string(),
    fc.constantFrom('{"__proto__":1}', '{"user_id":"u","constructor":{"prototype":{}}}', 'null', '[]', '"x"'),
  );

  test.prop(
    [
      fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
      fc.array(segment, { minLength: 1, maxLength: 5 }),
      fc.option(fc.constantFrom('user_id=u', 'user_id=%E0%A4%A', 'user_id=', 'x=1&user_id=a&user_id=b')),
      body,
      fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-8'),
      fc.boolean(),
    ],
    { numRuns: 150 },
  )(
    'any method, path, query, body and content type gets a ServiceError below 500',
    async (method, segments, query, text, type, withToken) => {
      // Act
      const answer = await send({
        method,
        path: `/${segments.join('/')}${query ? `?${query}` : ''}`,
        headers: { 'content-type': type, ...(withToken ? { 'x-user-token': TOKEN } : {}) },
        ...(method === 'GET' ? {} : { body: text }),
      });
      // Assess
      expect(answer.status).toBeLessThan(500);
      if (answer.status >= 400)
        expect(answer.body).toEqual({ error_type: expect.any(String), message: expect.any(String) });
    },
  );

  it('answers bytes that are not HTTP with a 400 ServiceError', async () => {
    // Act
    const reply = await new Promise<string>((resolve, reject) => {
      const url = new URL(stack.url);
      const socket = connect(Number(url.port), url.hostname, () =>
        socket.write('GET /v1/plans/x HTTP/1.1\r\nHost\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    // Assess
    expect(reply).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(reply).toMatch(/\r\n\r\n\{"error_type":"invalid_input","message":"malformed HTTP request"\}$/);
  });
});

describe('local gateway: plan ids match whatever their case', () => {
  it('finds and confirms a plan by its upper-case id, answering with the lower-case id', async () => {
    // Prepare
    const planning = await send({
      method: 'POST',
      path: '/v1/requests',
      headers: json,
      body: JSON.stringify({
        session_id: 'case-1',
        user_id: USER,
        message: "Change Zoe King's booking to 12 guests",
      }),
    });
    const planId = (planning.body as { plan: { plan_id: string } }).plan.plan_id;
    const upper = planId.toUpperCase();
    // Act
    const status = await send({ method: 'GET', path: `/v1/plans/${upper}?user_id=${USER}`, headers: json });
    const confirmed = await send({
      method: 'POST',
      path: `/v1/plans/${upper}/confirm`,
      headers: json,
      body: JSON.stringify({ user_id: USER }),
    });
    // Assess
    expect(upper).not.toBe(planId);
    expect(status).toMatchObject({
      status: 200,
      body: { plan: { plan_id: planId, status: 'pending_confirmation' } },
    });
    expect(confirmed).toMatchObject({
      status: 200,
      body: { plan: { plan_id: planId, status: 'confirmed' } },
    });
  });
});
