import { describe, expect, it } from 'vitest';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { httpClient } from './http-harness.ts';
import { aPlanOutcome } from './outcomes.ts';
import { inMemoryPlanService, NOW } from './plan-service-fixture.ts';

const EARLIER = '2026-11-21T09:00:00.000Z';
const epoch = (iso: string) => Date.parse(iso) / 1000;

/** Closed plans as they are stored: cancelled (ADR 0008), invalidated before it, or pending past their TTL. */
const closed: [string, Partial<StoredPlan>, string, string][] = [
  [
    'superseded',
    { status: 'cancelled', closed_reason: 'superseded', completed_at: EARLIER },
    'superseded',
    EARLIER,
  ],
  [
    'cancelled by the user',
    { status: 'cancelled', closed_reason: 'cancelled_by_user', completed_at: EARLIER },
    'cancelled_by_user',
    EARLIER,
  ],
  [
    'invalidated before ADR 0008 (still pending)',
    { invalidated_reason: 'superseded', invalidated_at: EARLIER },
    'superseded',
    EARLIER,
  ],
  ['pending past its TTL (not yet deleted)', { expires_at: epoch(EARLIER) }, 'expired', EARLIER],
];

async function withPlan(overrides: Partial<StoredPlan>) {
  const service = inMemoryPlanService();
  const plan = aStoredPlan(overrides);
  await service.plans.create(plan);
  return { ...service, plan, client: httpClient(service.deps, async () => aPlanOutcome()) };
}

describe('closed plans read terminal (ADR 0008)', () => {
  it.each(closed)(
    'GET shows a plan %s as cancelled, with closed_reason and completed_at',
    async (_, stored, reason, at) => {
      // Prepare
      const { client, plan } = await withPlan(stored);

      // Act
      const result = await client.get(plan.plan_id, { user_id: 'user-1' });

      // Assess
      expect(result.status).toBe(200);
      expect((result.body as { plan: unknown }).plan).toMatchObject({
        status: 'cancelled',
        closed_reason: reason,
        completed_at: at,
      });
    },
  );

  it.each(closed)('confirm refuses a plan %s with 409 saying why', async (_, stored, reason) => {
    // Prepare
    const { client, plan, queue } = await withPlan(stored);

    // Act
    const result = await client.confirm(
      plan.plan_id,
      { user_id: 'user-1' },
      { headers: { 'X-User-Token': 't-1' } },
    );

    // Assess
    expect(result.status).toBe(409);
    const words = { superseded: 'superseded', cancelled_by_user: 'cancelled', expired: 'expired' };
    expect(JSON.stringify(result.body)).toContain(words[reason as keyof typeof words]);
    expect(queue.attempts).toBe(0);
  });

  it.each(closed)('answer refuses a plan %s with 409 saying it was closed', async (_, stored, reason) => {
    // Prepare
    const { client, plan } = await withPlan(stored);

    // Act
    const result = await client.answer(
      plan.plan_id,
      { user_id: 'user-1', user_message: 'yes' },
      { headers: { 'X-User-Token': 't-1' } },
    );

    // Assess
    expect(result.status).toBe(409);
    expect(JSON.stringify(result.body)).toContain(`it was closed: ${reason.replaceAll('_', ' ')}`);
  });

  it('a pending plan within its TTL still reads pending_confirmation', async () => {
    const { client, plan } = await withPlan({ expires_at: epoch(NOW) + 60 });

    const result = await client.get(plan.plan_id, { user_id: 'user-1' });

    expect((result.body as { plan: unknown }).plan).toMatchObject({ status: 'pending_confirmation' });
    expect(JSON.stringify(result.body)).not.toContain('closed_reason');
  });
});
