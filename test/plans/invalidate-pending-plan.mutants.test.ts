import { describe, expect, it } from 'vitest';
import { invalidatePendingPlan } from '../../lib/plans/invalidate-pending-plan.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import { PlanNotFoundError, type PlanStore, StaleWriteError } from '../../lib/ports/plan-store.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { NOW, recordingStore, refusingWrites, storedIn } from './plan-fixtures.ts';

const now = new Date(NOW);

/** A store whose every write loses a race, and whose re-reads return `reads` in turn. */
function alwaysStale(reads: Array<StoredPlan | undefined>): PlanStore {
  return {
    create: async () => undefined,
    get: async () => reads.shift(),
    listBySession: async () => [],
    scanAll: async function* () {},
    update: async (planId: string, version: number) => {
      throw new StaleWriteError(planId, version);
    },
  } as unknown as PlanStore;
}

describe('invalidatePendingPlan: outcomes', () => {
  it('writes only while the plan is still pending, and keeps its parameters when no lookup is given', async () => {
    // Prepare: booking_id and date are not PII by name.
    const rec = recordingStore();
    const { plans, writes } = refusingWrites(rec.plans, () => undefined);
    const plan = await storedIn(plans, 'pending_confirmation');

    // Act
    const outcome = await invalidatePendingPlan(plans, plan, 'superseded', now);

    // Assess
    expect(outcome).toBe('invalidated');
    expect(writes).toEqual([{ expectStatus: ['pending_confirmation'] }]);
    const stored = await plans.get(plan.plan_id);
    expect(stored?.actions.map((a) => a.parameters)).toEqual(plan.actions.map((a) => a.parameters));
    expect(stored).toMatchObject({ status: 'cancelled', invalidated_reason: 'superseded', pii_masked: true });
  });

  it('says a plan already cancelled is already gone, writing nothing', async () => {
    const rec = recordingStore();
    const plan = await storedIn(rec.plans, 'cancelled');

    expect(await invalidatePendingPlan(rec.plans, plan, 'cancelled_by_user', now)).toBe('already_gone');
    expect(rec.patches).toEqual([]);
  });

  it('says a plan deleted under the write is already gone', async () => {
    const rec = recordingStore();
    const { plans } = refusingWrites(rec.plans, () => new PlanNotFoundError('p'));
    const plan = await storedIn(plans, 'pending_confirmation');

    expect(await invalidatePendingPlan(plans, plan, 'superseded', now)).toBe('already_gone');
  });
});

describe('invalidatePendingPlan: after losing every race', () => {
  const pending = aStoredPlan();

  it('says already gone when the re-read finds the plan deleted, cancelled or invalidated', async () => {
    const cases: Array<Array<StoredPlan | undefined>> = [
      [undefined],
      [pending, { ...pending, status: 'cancelled' }],
      [pending, { ...pending, invalidated_reason: 'superseded' }],
    ];
    for (const reads of cases) {
      expect(await invalidatePendingPlan(alwaysStale(reads), pending, 'superseded', now)).toBe(
        'already_gone',
      );
    }
  });

  it('says already confirmed when the last re-read finds the plan confirmed', async () => {
    const store = alwaysStale([pending, { ...pending, status: 'confirmed' }]);

    expect(await invalidatePendingPlan(store, pending, 'superseded', now)).toBe('already_confirmed');
  });

  it('gives up with a PlanConflictError naming the plan when it is still pending', async () => {
    const store = alwaysStale([pending, pending]);

    await expect(invalidatePendingPlan(store, pending, 'superseded', now)).rejects.toMatchObject({
      name: 'PlanConflictError',
      reason: 'concurrent_change',
      message: `plan ${pending.plan_id} kept changing`,
    });
  });
});
