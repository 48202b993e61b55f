import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../lib/http/request-guards.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { httpClient } from './http-harness.ts';
import { aPlanOutcome } from './outcomes.ts';
import { inMemoryPlanService } from './plan-service-fixture.ts';

// Issue 27 "Identifiers and bodies", in the handlers themselves (the local gateway applies the same rules:
// test/local/gateway-limits.int.test.ts).

async function setup() {
  const service = inMemoryPlanService();
  const plan = aStoredPlan();
  await service.plans.create(plan);
  const requests: unknown[] = [];
  const client = httpClient(service.deps, async (input) => {
    requests.push(input);
    return aPlanOutcome();
  });
  return { ...service, plan, client, requests };
}

describe('request guards (issue 27)', () => {
  describe('identifiers', () => {
    it.each([
      ['a NUL', 'sess\u0000ion', 'session_id'],
      ['a right-to-left override', 'sess\u202Eion', 'session_id'],
      ['a control character', 'sess\u0007ion', 'session_id'],
      ['a space', 'my session', 'session_id'],
      ['129 characters', 's'.repeat(129), 'session_id'],
    ])(
      'refuses a session_id with %s: 400 naming the field, the planner never called',
      async (_c, id, field) => {
        // Prepare
        const { client, requests } = await setup();
        // Act
        const result = await client.request({ session_id: id, user_id: 'user-1', message: 'hi' });
        // Assess
        expect(result.status).toBe(400);
        expect(result.body).toMatchObject({ error_type: 'invalid_input' });
        expect((result.body as { message: string }).message).toMatch(new RegExp(`^${field}: `));
        expect(requests).toEqual([]);
      },
    );

    it('refuses a user_id with a NUL on confirm and on the status query, naming user_id and changing nothing', async () => {
      // Prepare
      const { client, plan, plans, queue } = await setup();
      // Act
      const confirm = await client.confirm(plan.plan_id, { user_id: 'user-1\u0000' });
      const status = await client.get(plan.plan_id, { user_id: 'user\u202E1' });
      // Assess
      for (const result of [confirm, status])
        expect(result).toEqual({
          status: 400,
          body: {
            error_type: 'invalid_input',
            message: 'user_id: may contain only letters, digits and . _ : @ -',
          },
          headers: expect.any(Object),
        });
      expect(await plans.get(plan.plan_id)).toEqual(plan);
      expect(queue.attempts).toBe(0);
    });

    it('accepts ids of the safe set up to 128 characters', async () => {
      // Prepare
      const { client, requests } = await setup();
      const id = `a.b_c:d@e-${'x'.repeat(118)}`;
      // Act
      const result = await client.request({
        session_id: id,
        user_id: 'user_ops.harbour@venue',
        message: 'hi',
      });
      // Assess
      expect(id).toHaveLength(128);
      expect(result.status).toBe(200);
      expect(requests).toHaveLength(1);
    });
  });

  describe('bodies', () => {
    it('refuses a body that repeats a key (400 naming it) instead of keeping the last one', async () => {
      // Prepare
      const { client, plan, plans, queue } = await setup();
      // Act
      const result = await client.confirm(plan.plan_id, '{"user_id":"user-2","user_id":"user-1"}');
      // Assess
      expect(result).toMatchObject({
        status: 400,
        body: { error_type: 'invalid_input', message: 'request body must not repeat the key user_id' },
      });
      expect(await plans.get(plan.plan_id)).toEqual(plan);
      expect(queue.attempts).toBe(0);
    });

    it(`refuses a body above ${MAX_BODY_BYTES} bytes with 413, before parsing it`, async () => {
      // Prepare
      const { client, requests } = await setup();
      const body = JSON.stringify({ session_id: 's', user_id: 'u', message: 'x'.repeat(MAX_BODY_BYTES) });
      // Act
      const result = await client.request(body);
      // Assess
      expect(result).toMatchObject({
        status: 413,
        body: { error_type: 'invalid_input', message: `request body is larger than ${MAX_BODY_BYTES} bytes` },
      });
      expect(requests).toEqual([]);
    });

    it('counts bytes, not characters: a body of multi-byte text just over the cap is a 413', async () => {
      // Prepare: 3 bytes per character in UTF-8
      const { client } = await setup();
      const message = '€'.repeat(Math.ceil(MAX_BODY_BYTES / 3));
      // Act
      const result = await client.request({ session_id: 's', user_id: 'u', message });
      // Assess
      expect(message.length).toBeLessThan(MAX_BODY_BYTES);
      expect(result.status).toBe(413);
    });
  });

  describe('methods', () => {
    it('answers a wrong method with 405 and Allow naming the route method', async () => {
      // Prepare
      const { client, plan, queue } = await setup();
      // Act
      const confirmByGet = await client.confirm(plan.plan_id, undefined, { method: 'GET' });
      const statusByPost = await client.get(plan.plan_id, { user_id: 'user-1' }, { method: 'POST' });
      // Assess
      expect(confirmByGet).toMatchObject({
        status: 405,
        body: {
          error_type: 'invalid_input',
          message: 'method GET is not allowed on /v1/plans/{plan_id}/confirm; use POST',
        },
        headers: { allow: 'POST' },
      });
      expect(statusByPost).toMatchObject({ status: 405, headers: { allow: 'GET' } });
      expect(queue.attempts).toBe(0);
    });
  });
});
