import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../lib/observability/logger.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { testTokenSealer } from '../support/token-sealer.ts';
import { httpClient } from './http-harness.ts';
import { aPlanOutcome } from './outcomes.ts';
import { inMemoryPlanService } from './plan-service-fixture.ts';

async function setup() {
  const service = inMemoryPlanService();
  const plan = aStoredPlan();
  await service.plans.create(plan);
  const client = httpClient(service.deps, async () => aPlanOutcome());
  return { ...service, plan, client };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('HTTP handlers', () => {
  describe('invalid input (400 invalid_input, naming the field)', () => {
    it.each([
      ['a missing field', {}, 'user_id is required'],
      [
        'a field of the wrong type',
        { user_id: 42 },
        'user_id: Invalid input: expected string, received number',
      ],
      ['an empty field', { user_id: '' }, 'user_id: must not be empty'],
      [
        'a body that is not an object',
        '"user-1"',
        'request body: Invalid input: expected object, received string',
      ],
      ['malformed JSON', '{"user_id":', 'request body must be valid JSON'],
    ])('rejects %s and changes nothing', async (_label, body, message) => {
      // Prepare
      const { client, plan, plans, queue } = await setup();
      // Act
      const result = await client.confirm(plan.plan_id, body);
      // Assess
      expect(result).toMatchObject({ status: 400, body: { error_type: 'invalid_input', message } });
      expect(await plans.get(plan.plan_id)).toEqual(plan);
      expect(queue.attempts).toBe(0);
    });

    it('rejects a body sent without a JSON content type', async () => {
      const { client, plan } = await setup();

      const result = await client.confirm(
        plan.plan_id,
        { user_id: 'user-1' },
        { headers: { 'Content-Type': 'text/plain' } },
      );

      expect(result.body).toEqual({
        error_type: 'invalid_input',
        message: 'request body must be JSON (Content-Type: application/json)',
      });
    });

    it('rejects a plan_id that is not a UUID v4', async () => {
      const { client } = await setup();

      const result = await client.get('BK-1042', { user_id: 'user-1' });

      expect(result.body).toEqual({ error_type: 'invalid_input', message: 'plan_id: must be a UUID v4' });
    });

    it('names the missing field of POST /v1/requests', async () => {
      const { client } = await setup();

      const result = await client.request({ session_id: 's-1', message: 'hi' });

      expect(result.body).toEqual({ error_type: 'invalid_input', message: 'user_id is required' });
    });
  });

  describe('X-User-Token (401 auth_required)', () => {
    it.each([
      ['missing', null],
      ['blank', '   '],
      ['malformed', 'two words'],
    ])('rejects a %s token', async (_label, token) => {
      const { client, plan } = await setup();

      const result = await client.get(plan.plan_id, { user_id: 'user-1' }, { token });

      expect(result).toMatchObject({ status: 401, body: { error_type: 'auth_required' } });
    });

    it('is checked before the body, so a request missing both is a 401', async () => {
      const { client, plan } = await setup();

      const result = await client.confirm(plan.plan_id, '{not json', { token: null });

      expect(result.status).toBe(401);
    });

    it('passes the token through to the queue message and never writes it to the logs', async () => {
      // Prepare: a real, non-silent logger and a canary token
      const canary = 'canary-token-4f9c2d';
      const { deps, plan, queue } = await setup();
      const writes: string[] = [];
      for (const stream of [process.stdout, process.stderr]) {
        vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
          writes.push(String(chunk));
          return true;
        });
      }
      const client = httpClient(deps, async () => aPlanOutcome(), createLogger({ LOG_LEVEL: 'DEBUG' }));
      // Act
      const ok = await client.confirm(plan.plan_id, { user_id: 'user-1' }, { token: canary });
      const denied = await client.confirm(plan.plan_id, { user_id: 'user-2' }, { token: canary });
      // Assess
      expect([ok.status, denied.status]).toEqual([200, 403]);
      // Issue 28: the message holds the token sealed to the plan, never in clear.
      const sealed = queue.messages[0]?.message.sealed_token ?? '';
      expect(sealed).not.toContain(canary);
      expect(await testTokenSealer.unseal(sealed, plan.plan_id)).toBe(canary);
      expect(writes.join('')).toContain('request rejected'); // the logs were captured
      expect(writes.join('')).toContain(plan.plan_id);
      expect(writes.join('')).not.toContain(canary);
    });
  });

  it('answers JSON that no intermediary may cache', async () => {
    const { client, plan } = await setup();

    const result = await client.get(plan.plan_id, { user_id: 'user-1' });

    expect(result.headers).toMatchObject({ 'content-type': 'application/json', 'cache-control': 'no-store' });
  });

  it('returns the public ExecutionPlan only: no version, answer or bookkeeping attributes', async () => {
    const { client, plans } = await setup();
    const plan = aStoredPlan({ status: 'executing', blocking_answer: '12', trace_id: 't', version: 7 });
    await plans.create(plan);

    const result = await client.get(plan.plan_id, { user_id: 'user-1' });

    expect(Object.keys((result.body as { plan: object }).plan)).not.toEqual(
      expect.arrayContaining(['version']),
    );
    expect(JSON.stringify(result.body)).not.toMatch(/blocking_answer|trace_id|step_state|"version":7/);
  });
});
