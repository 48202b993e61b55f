import { describe, expect, it } from 'vitest';
import { InMemoryPlanStore } from '../../devkit/adapters/memory/in-memory-plan-store.ts';
import { type AdmissionDeps, admitToExecution } from '../../lib/plans/admit-to-execution.ts';
import { silentLog } from '../../lib/plans/ops-log.ts';
import { fixedClock } from '../../lib/ports/clock.ts';
import type { PlanStore, PlanUpdateOptions } from '../../lib/ports/plan-store.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { aPlanMessage } from '../support/events.ts';

/** Admission over a store, at a pinned time; re-reads of a pending plan do not wait. */
function admissionDeps(plans: PlanStore, at = '2026-11-22T00:00:01.000Z'): AdmissionDeps {
  return { plans, clock: fixedClock(at), log: silentLog, wait: async () => undefined };
}

/** A plan store whose first read of the plan happens just before confirm's write lands (the real race). */
function confirmedRightAfterFirstRead(store: InMemoryPlanStore): PlanStore {
  let reads = 0;
  return {
    create: (p) => store.create(p),
    update: (...args) => store.update(...args),
    listBySession: (...args) => store.listBySession(...args),
    scanAll: () => store.scanAll(),
    async get(planId) {
      const plan = await store.get(planId);
      reads += 1;
      if (reads === 1 && plan) {
        await store.update(planId, plan.version, {
          set: { status: 'confirmed', confirmed_at: '2026-11-22T00:00:01.000Z' },
        });
      }
      return plan;
    },
  };
}

describe('admitToExecution', () => {
  it('starts a plan whose confirmed write lands just after the message, without handing it back to SQS', async () => {
    // Prepare
    const store = new InMemoryPlanStore();
    const plan = aStoredPlan({ status: 'pending_confirmation' });
    await store.create(plan);
    const msg = aPlanMessage(plan, 'start');
    const deps = admissionDeps(confirmedRightAfterFirstRead(store));

    // Act
    const admission = await admitToExecution(deps, msg);

    // Assess
    expect(admission.kind).toBe('run');
    expect((await store.get(plan.plan_id))?.status).toBe('executing');
  });

  it('hands a resume message for a pending plan back to SQS at once (only starts race with confirm)', async () => {
    // Prepare
    const store = new InMemoryPlanStore();
    const plan = aStoredPlan({ status: 'pending_confirmation' });
    await store.create(plan);
    const msg = aPlanMessage(plan, 'resume');
    const waits: number[] = [];
    const deps: AdmissionDeps = { ...admissionDeps(store), wait: async (ms) => void waits.push(ms) };

    // Act
    const admission = admitToExecution(deps, msg);

    // Assess
    await expect(admission).rejects.toMatchObject({ name: 'PlanNotReadyError' });
    expect(waits).toEqual([]);
  });

  it.each([
    ['invalidated', { invalidated_reason: 'superseded' as const }, /invalidated \(superseded\)/],
    ['expired', { expires_at: Date.parse('2026-11-22T00:00:00.000Z') / 1000 }, /expired/],
  ])(
    'acknowledges a start for a pending plan that was %s: it can never be confirmed',
    async (_, overrides, reason) => {
      // Prepare
      const store = new InMemoryPlanStore();
      const plan = aStoredPlan({ status: 'pending_confirmation', ...overrides });
      await store.create(plan);
      const msg = aPlanMessage(plan, 'start');

      // Act
      const admission = await admitToExecution(admissionDeps(store), msg);

      // Assess
      expect(admission).toMatchObject({ kind: 'ignore', reason: expect.stringMatching(reason) });
      expect((await store.get(plan.plan_id))?.status).toBe('pending_confirmation');
    },
  );

  it('still waits for confirm while a pending plan has not yet expired', async () => {
    // Prepare
    const store = new InMemoryPlanStore();
    const plan = aStoredPlan({
      status: 'pending_confirmation',
      expires_at: Date.parse('2026-11-22T00:10:00.000Z') / 1000,
    });
    await store.create(plan);
    const msg = aPlanMessage(plan, 'resume');

    // Act
    const admission = admitToExecution(admissionDeps(store), msg);

    // Assess
    await expect(admission).rejects.toMatchObject({ name: 'PlanNotReadyError' });
  });
});

describe('admitToExecution: the start write', () => {
  it('is conditional on the version read and on the plan still being confirmed', async () => {
    // Prepare
    const store = new InMemoryPlanStore();
    const plan = aStoredPlan({ status: 'confirmed', confirmed_at: '2026-11-22T00:00:00.000Z' });
    await store.create(plan);
    const writes: { version: number; options: PlanUpdateOptions | undefined }[] = [];
    const recording: PlanStore = {
      create: (p) => store.create(p),
      get: (id) => store.get(id),
      listBySession: (...args) => store.listBySession(...args),
      scanAll: () => store.scanAll(),
      update(planId, version, patch, options) {
        writes.push({ version, options });
        return store.update(planId, version, patch, options);
      },
    };

    // Act
    const admission = await admitToExecution(admissionDeps(recording), aPlanMessage(plan, 'start'));

    // Assess
    expect(admission.kind).toBe('run');
    expect(writes).toEqual([{ version: plan.version, options: { expectStatus: ['confirmed'] } }]);
  });
});
