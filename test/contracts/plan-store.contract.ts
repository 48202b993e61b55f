import { describe, expect, it } from 'vitest';
import { type Clock, fixedClock } from '../../lib/ports/clock.ts';
import {
  PlanAlreadyExistsError,
  PlanNotFoundError,
  type PlanStore,
  StaleWriteError,
} from '../../lib/ports/plan-store.ts';
import { aStoredPlan } from '../store/plan-factory.ts';

/** What an adapter factory hands the suite. */
export interface PlanStoreUnderTest {
  store: PlanStore;
}

/** Builds a fresh, empty store whose updated_at stamps come from `clock`. */
export type PlanStoreFactory = (clock: Clock) => Promise<PlanStoreUnderTest>;

const NOW = '2026-11-21T09:30:00.000Z';

/**
 * The PlanStore conformance suite (STYLE 6: one suite, every adapter). Call it from a test file with an
 * adapter factory; it registers its own describe block.
 */
export function planStoreContract(adapterName: string, factory: PlanStoreFactory): void {
  describe(`PlanStore contract: ${adapterName}`, () => {
    async function fresh() {
      return (await factory(fixedClock(NOW))).store;
    }

    describe('create / get', () => {
      it('round-trips a plan with nested results and a rollback report unchanged', async () => {
        // Prepare
        const store = await fresh();
        const plan = aStoredPlan({
          status: 'rolled_back',
          completed_at: '2026-11-20T10:05:00.000Z',
          confirmed_at: '2026-11-20T10:01:00.000Z',
          failure_reason: 'slot full',
          rollback_report: {
            triggered_by_step: 2,
            actions_reversed: [1],
            manual_recovery_steps: ['call John'],
          },
          trace_id: 'trace-1',
        });
        plan.actions[0]!.result = {
          success: true,
          response_data: { version: 'v7', nested: { a: [1, 'x'] } },
        };
        // Act
        await store.create(plan);
        const read = await store.get(plan.plan_id);
        // Assess
        expect(read).toEqual(plan);
      });

      it('refuses to create a plan whose id is taken', async () => {
        const store = await fresh();
        const plan = aStoredPlan();
        await store.create(plan);

        await expect(store.create({ ...plan, intent_summary: 'other' })).rejects.toBeInstanceOf(
          PlanAlreadyExistsError,
        );
        expect((await store.get(plan.plan_id))?.intent_summary).toBe(plan.intent_summary);
      });

      it('returns undefined for an unknown plan', async () => {
        const store = await fresh();

        const read = await store.get('6f1c1f7e-0000-4000-8000-000000000000');

        expect(read).toBeUndefined();
      });
    });

    describe('update', () => {
      it('applies set and remove, bumps the version by one and stamps updated_at from the clock', async () => {
        // Prepare
        const store = await fresh();
        const plan = aStoredPlan({ status: 'executing', version: 4, blocking_prompt: 'How many guests?' });
        await store.create(plan);
        // Act
        const updated = await store.update(
          plan.plan_id,
          4,
          { set: { blocking_answer: '12 guests' }, remove: ['blocking_prompt'] },
          { expectStatus: ['executing'] },
        );
        // Assess
        expect(updated).toMatchObject({ version: 5, updated_at: NOW, blocking_answer: '12 guests' });
        expect(updated.blocking_prompt).toBeUndefined();
        expect(await store.get(plan.plan_id)).toEqual(updated);
      });

      it('leaves attributes whose patch value is undefined as they are', async () => {
        const store = await fresh();
        const plan = aStoredPlan({ trace_id: 'trace-1' });
        await store.create(plan);

        const updated = await store.update(plan.plan_id, 1, {
          set: { trace_id: undefined, intent_summary: 'x' },
        });

        expect(updated).toMatchObject({ trace_id: 'trace-1', intent_summary: 'x' });
      });

      it('rejects a stale version with StaleWriteError and changes nothing', async () => {
        const store = await fresh();
        const plan = aStoredPlan({ version: 3 });
        await store.create(plan);

        const attempt = store.update(plan.plan_id, 2, { set: { status: 'confirmed' } });

        await expect(attempt).rejects.toBeInstanceOf(StaleWriteError);
        expect(await store.get(plan.plan_id)).toEqual(plan);
      });

      it('rejects a write whose stored status is not expected, even at the right version', async () => {
        const store = await fresh();
        const plan = aStoredPlan({ status: 'completed', completed_at: NOW });
        await store.create(plan);

        const attempt = store.update(
          plan.plan_id,
          1,
          { set: { status: 'confirmed', confirmed_at: NOW } },
          { expectStatus: ['pending_confirmation'] },
        );

        await expect(attempt).rejects.toMatchObject({ name: 'StaleWriteError', planId: plan.plan_id });
        expect((await store.get(plan.plan_id))?.status).toBe('completed');
      });

      it('throws PlanNotFoundError for an absent plan', async () => {
        const store = await fresh();

        const attempt = store.update('6f1c1f7e-0000-4000-8000-000000000001', 1, {
          set: { status: 'confirmed' },
        });

        await expect(attempt).rejects.toBeInstanceOf(PlanNotFoundError);
      });

      it('lets exactly one of N concurrent writers with the same expected version win', async () => {
        // Prepare
        const store = await fresh();
        const plan = aStoredPlan();
        await store.create(plan);
        const writers = Array.from({ length: 8 }, (_, i) => `writer-${i}`);
        // Act
        const results = await Promise.allSettled(
          writers.map((w) =>
            store.update(
              plan.plan_id,
              1,
              { set: { status: 'confirmed', confirmed_at: NOW, failure_reason: w } },
              { expectStatus: ['pending_confirmation'] },
            ),
          ),
        );
        // Assess
        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.filter((r) => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost.every((r) => (r.reason as Error).name === 'StaleWriteError')).toBe(true);
        const stored = await store.get(plan.plan_id);
        expect(stored?.version).toBe(2);
        expect(stored?.failure_reason).toBe(
          (won[0] as PromiseFulfilledResult<{ failure_reason: string }>).value.failure_reason,
        );
      });
    });

    describe('listBySession / scanAll', () => {
      it('lists one session newest first, bounded by limit, ignoring other sessions', async () => {
        // Prepare
        const store = await fresh();
        const older = aStoredPlan({ session_id: 's-list', created_at: '2026-11-20T08:00:00.000Z' });
        const newest = aStoredPlan({ session_id: 's-list', created_at: '2026-11-20T12:00:00.000Z' });
        const middle = aStoredPlan({ session_id: 's-list', created_at: '2026-11-20T10:00:00.000Z' });
        const other = aStoredPlan({ session_id: 's-other' });
        for (const p of [older, newest, middle, other]) await store.create(p);
        // Act
        const all = await store.listBySession('s-list');
        const two = await store.listBySession('s-list', 2);
        // Assess
        expect(all.map((p) => p.plan_id)).toEqual([newest.plan_id, middle.plan_id, older.plan_id]);
        expect(two.map((p) => p.plan_id)).toEqual([newest.plan_id, middle.plan_id]);
      });

      it('scans every plan', async () => {
        const store = await fresh();
        const plans = [aStoredPlan(), aStoredPlan({ session_id: 's-2' }), aStoredPlan({ session_id: 's-3' })];
        for (const p of plans) await store.create(p);

        const seen: string[] = [];
        for await (const p of store.scanAll()) seen.push(p.plan_id);

        expect(seen.sort()).toEqual(plans.map((p) => p.plan_id).sort());
      });
    });
  });
}
