import { describe, expect, it } from 'vitest';
import { confirmPlan } from '../../lib/plans/confirm-plan.ts';
import { MAX_WRITE_ATTEMPTS } from '../../lib/plans/plan-use-case-deps.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import { StaleWriteError } from '../../lib/ports/plan-store.ts';
import type { Tracer } from '../../lib/ports/tracer.ts';
import { inMemoryPlanService, NOW } from '../api/plan-service-fixture.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { concurrentChange, refusingWrites } from './plan-fixtures.ts';

// The use case's own rules over in-memory deps; the HTTP mapping is pinned in test/api/confirm-plan.test.ts.

const confirm = (planId: string) => ({ plan_id: planId, user_id: 'user-1', token: 'user-token-1' });

async function pendingPlan(overrides: Partial<StoredPlan> = {}) {
  const service = inMemoryPlanService();
  const plan = aStoredPlan({ created_at: '2026-11-21T09:29:00.000Z', ...overrides });
  await service.plans.create(plan);
  return { ...service, plan };
}

describe('confirmPlan: the confirm write', () => {
  it(`gives up with a 409 concurrent_change after losing ${MAX_WRITE_ATTEMPTS} races; the queue keeps one message`, async () => {
    // Prepare
    const { deps, plan, plans, queue } = await pendingPlan();
    const racing = refusingWrites(plans, () => new StaleWriteError(plan.plan_id, plan.version));

    // Act
    const attempt = confirmPlan({ ...deps, plans: racing.plans }, confirm(plan.plan_id));

    // Assess
    await expect(attempt).rejects.toMatchObject(concurrentChange(plan.plan_id));
    expect(racing.writes).toHaveLength(MAX_WRITE_ATTEMPTS);
    expect(queue.attempts).toBe(MAX_WRITE_ATTEMPTS);
    expect(queue.messages).toHaveLength(1);
    expect(await plans.get(plan.plan_id)).toEqual(plan);
  });

  it('rethrows any other write failure at once, without a second attempt', async () => {
    // Prepare
    const { deps, plan, plans } = await pendingPlan();
    const outage = new Error('store unavailable');
    const failing = refusingWrites(plans, () => outage);

    // Act
    const attempt = confirmPlan({ ...deps, plans: failing.plans }, confirm(plan.plan_id));

    // Assess
    await expect(attempt).rejects.toBe(outage);
    expect(failing.writes).toHaveLength(1);
  });

  it('writes only while the plan is pending_confirmation, and logs the move with the time to confirm', async () => {
    // Prepare
    const { deps, plan, plans, lines } = await pendingPlan();
    const recorded = refusingWrites(plans, () => undefined);

    // Act
    const confirmed = await confirmPlan({ ...deps, plans: recorded.plans }, confirm(plan.plan_id));

    // Assess
    expect(recorded.writes).toEqual([{ expectStatus: ['pending_confirmation'] }]);
    expect(confirmed).toMatchObject({ status: 'confirmed', confirmed_at: NOW });
    expect(lines).toEqual([
      {
        level: 'info',
        message: `plan ${plan.plan_id} pending_confirmation → confirmed`,
        attributes: expect.objectContaining({
          from: 'pending_confirmation',
          to: 'confirmed',
          time_to_confirm_ms: 60_000,
        }),
      },
    ]);
  });
});

describe('confirmPlan: the user_confirmation span', () => {
  it('is best effort: a tracer fault is logged and the plan is confirmed all the same', async () => {
    // Prepare
    const { deps, plan, lines } = await pendingPlan({ trace_id: 'trace-1', trace_root_span_id: 'root-1' });
    const failingTracer = {
      async span() {
        throw new TypeError('exporter down');
      },
    } as unknown as Tracer;

    // Act
    const confirmed = await confirmPlan({ ...deps, tracer: failingTracer }, confirm(plan.plan_id));

    // Assess
    expect(confirmed.status).toBe('confirmed');
    expect(lines.filter((l) => l.level === 'warn')).toEqual([
      {
        level: 'warn',
        message: `plan ${plan.plan_id} user_confirmation span not recorded`,
        attributes: { plan_id: plan.plan_id, error_name: 'TypeError' },
      },
    ]);
  });
});

describe('confirmPlan: a failed enqueue', () => {
  it('warns with the plan, session, status and the error name, writes nothing and answers 503', async () => {
    // Prepare
    const { deps, plan, plans, queue, lines } = await pendingPlan();
    queue.failWith(1);

    // Act
    const attempt = confirmPlan(deps, confirm(plan.plan_id));

    // Assess
    await expect(attempt).rejects.toMatchObject({ name: 'PlanEnqueueError', kind: 'start' });
    expect(lines).toEqual([
      {
        level: 'warn',
        message: `plan ${plan.plan_id} start message not enqueued`,
        attributes: {
          plan_id: plan.plan_id,
          session_id: plan.session_id,
          status: 'pending_confirmation',
          error_name: 'QueueUnavailableError',
        },
      },
    ]);
    expect(await plans.get(plan.plan_id)).toEqual(plan);
  });
});
