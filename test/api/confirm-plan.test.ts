import { describe, expect, it } from 'vitest';
import { confirmPlan } from '../../lib/plans/confirm-plan.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { testTokenSealer } from '../support/token-sealer.ts';
import { inMemoryPlanService, NOW } from './plan-service-fixture.ts';

const TOKEN = 'user-token-1';

async function withPlan(overrides: Partial<StoredPlan> = {}) {
  const service = inMemoryPlanService();
  const plan = aStoredPlan(overrides);
  await service.plans.create(plan);
  return { ...service, plan };
}

describe('confirmPlan', () => {
  it('enqueues a start message, then moves pending_confirmation → confirmed with confirmed_at', async () => {
    // Prepare
    const { deps, plan, queue, lines } = await withPlan();
    // Act
    const confirmed = await confirmPlan(deps, { plan_id: plan.plan_id, user_id: 'user-1', token: TOKEN });
    // Assess
    expect(confirmed).toMatchObject({ status: 'confirmed', confirmed_at: NOW, version: 2 });
    expect(queue.messages).toEqual([
      {
        message: { plan_id: plan.plan_id, kind: 'start', version: 1, sealed_token: expect.any(String) },
        options: { groupId: plan.plan_id, deduplicationId: `${plan.plan_id}:start:v1` },
      },
    ]);
    expect(lines.map((l) => l.message)).toEqual([`plan ${plan.plan_id} pending_confirmation → confirmed`]);
    expect(JSON.stringify(lines)).not.toContain(TOKEN);
    // Issue 28: the token travels sealed to this plan.
    const sealed = queue.messages[0]?.message.sealed_token ?? '';
    expect(sealed).not.toContain(TOKEN);
    expect(await testTokenSealer.unseal(sealed, plan.plan_id)).toBe(TOKEN);
  });

  it('is idempotent: confirming a confirmed plan returns it unchanged and enqueues nothing', async () => {
    const { deps, plan, queue } = await withPlan();
    const first = await confirmPlan(deps, { plan_id: plan.plan_id, user_id: 'user-1', token: TOKEN });

    const second = await confirmPlan(deps, { plan_id: plan.plan_id, user_id: 'user-1', token: TOKEN });

    expect(second).toEqual(first);
    expect(queue.attempts).toBe(1);
  });

  it('lets exactly one of two concurrent confirms transition, and keeps exactly one message', async () => {
    // Prepare
    const { deps, plan, queue, lines } = await withPlan();
    const input = { plan_id: plan.plan_id, user_id: 'user-1', token: TOKEN };
    // Act
    const [a, b] = await Promise.all([confirmPlan(deps, input), confirmPlan(deps, input)]);
    // Assess
    expect(a.status).toBe('confirmed');
    expect(b).toEqual(a);
    expect(queue.messages).toHaveLength(1);
    expect(lines.filter((l) => l.message.includes('→ confirmed'))).toHaveLength(1);
  });

  it('rejects an unknown plan (404) and another user (403) without enqueueing', async () => {
    const { deps, plan, queue } = await withPlan();

    const unknown = confirmPlan(deps, {
      plan_id: '6f1c1f7e-0000-4000-8000-00000000000a',
      user_id: 'user-1',
      token: TOKEN,
    });
    const stranger = confirmPlan(deps, { plan_id: plan.plan_id, user_id: 'user-2', token: TOKEN });

    await expect(unknown).rejects.toMatchObject({ name: 'PlanNotFoundError' });
    await expect(stranger).rejects.toMatchObject({ name: 'PlanAccessDeniedError' });
    expect(queue.attempts).toBe(0);
  });

  it.each([
    ['executing', 'already_started'],
    ['completed', 'finished'],
    ['failed', 'finished'],
    ['rolled_back', 'finished'],
  ] as const)('refuses a plan that is %s (409 %s) and changes nothing', async (status, reason) => {
    const { deps, plan, queue, plans } = await withPlan({ status });

    const attempt = confirmPlan(deps, { plan_id: plan.plan_id, user_id: 'user-1', token: TOKEN });

    await expect(attempt).rejects.toMatchObject({ name: 'PlanConflictError', reason });
    expect(await plans.get(plan.plan_id)).toEqual(plan);
    expect(queue.attempts).toBe(0);
  });

  it.each(['superseded', 'cancelled_by_user', 'expired'] as const)(
    'refuses a pending plan invalidated as %s (409)',
    async (invalidated_reason) => {
      const { deps, plan, queue } = await withPlan({ invalidated_reason, invalidated_at: NOW });

      const attempt = confirmPlan(deps, { plan_id: plan.plan_id, user_id: 'user-1', token: TOKEN });

      await expect(attempt).rejects.toMatchObject({ name: 'PlanConflictError', reason: 'invalidated' });
      expect(queue.attempts).toBe(0);
    },
  );

  it('drops the pending TTL on confirmation, so DynamoDB never deletes a confirmed or running plan', async () => {
    // Prepare
    const { deps, plan } = await withPlan({ expires_at: Date.parse(NOW) / 1000 + 3600 });
    // Act
    const confirmed = await confirmPlan(deps, { plan_id: plan.plan_id, user_id: 'user-1', token: TOKEN });
    // Assess
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.expires_at).toBeUndefined();
  });

  it('treats a pending plan past its TTL as expired even before DynamoDB deletes it', async () => {
    const { deps, plan } = await withPlan({ expires_at: Date.parse(NOW) / 1000 - 1 });

    const attempt = confirmPlan(deps, { plan_id: plan.plan_id, user_id: 'user-1', token: TOKEN });

    await expect(attempt).rejects.toThrow(/has expired/);
  });

  it('keeps the plan pending when the enqueue fails, and a re-confirm re-attempts it', async () => {
    // Prepare
    const { deps, plan, queue, plans } = await withPlan();
    queue.failWith(1);
    // Act
    const failed = confirmPlan(deps, { plan_id: plan.plan_id, user_id: 'user-1', token: TOKEN });
    await expect(failed).rejects.toMatchObject({ name: 'PlanEnqueueError', kind: 'start' });
    const stillPending = await plans.get(plan.plan_id);
    const retried = await confirmPlan(deps, { plan_id: plan.plan_id, user_id: 'user-1', token: TOKEN });
    // Assess
    expect(stillPending).toEqual(plan);
    expect(retried.status).toBe('confirmed');
    expect(queue.messages).toHaveLength(1);
  });
});

describe('confirmPlan tracing', () => {
  it("records 000's user_confirmation span under the plan's stored trace, with the time to confirm", async () => {
    // Prepare
    const { deps, plan } = await withPlan({ trace_id: 'trace-1', trace_root_span_id: 'root-1' });
    const spans: Array<{ name: string; parent: unknown; metadata: unknown }> = [];
    const tracer = {
      startTrace: async () => {
        throw new Error('not used');
      },
      span: async <T>(
        name: string,
        _scope: unknown,
        options: { parent?: unknown; metadata?: unknown },
        fn: (s: never) => Promise<T>,
      ) => {
        spans.push({ name, parent: options.parent, metadata: options.metadata });
        return fn(undefined as never);
      },
      langchainCallbacks: () => [],
      flush: async () => undefined,
    };
    // Act
    await confirmPlan({ ...deps, tracer }, { plan_id: plan.plan_id, user_id: 'user-1', token: TOKEN });
    // Assess
    expect(spans).toEqual([
      {
        name: 'user_confirmation',
        parent: { traceId: 'trace-1', rootSpanId: 'root-1' },
        metadata: {
          plan_id: plan.plan_id,
          time_to_confirm_ms: Date.parse(NOW) - Date.parse(plan.created_at),
          outcome: 'confirmed',
        },
      },
    ]);
  });
});
