import { expect } from 'vitest';
import { InMemoryPlanStore } from '../../devkit/adapters/memory/in-memory-plan-store.ts';
import type { OpsLog } from '../../lib/plans/ops-log.ts';
import type { StepState, StoredPlan } from '../../lib/plans/stored-plan.ts';
import { fixedClock } from '../../lib/ports/clock.ts';
import type { PlanPatch, PlanStore, PlanUpdateOptions } from '../../lib/ports/plan-store.ts';
import { aStoredPlan } from '../store/plan-factory.ts';

export const NOW = '2026-11-22T08:00:00.000Z';

/** A recorded ops log line. */
export interface LogLine {
  message: string;
  attributes: Record<string, unknown>;
}

/** An ops log recording every line with its level, and every key appended to it. */
export function recordingLog() {
  const lines: (LogLine & { level: 'info' | 'warn' })[] = [];
  const keys: Record<string, unknown>[] = [];
  const log: OpsLog = {
    info: (message, attributes) => lines.push({ level: 'info', message, attributes }),
    warn: (message, attributes) => lines.push({ level: 'warn', message, attributes }),
    appendKeys: (k) => keys.push(k),
  };
  return { log, lines, keys };
}

/** An in-memory plan store that also records every patch it was asked to write. */
export function recordingStore() {
  const clock = fixedClock(NOW);
  const store = new InMemoryPlanStore({ clock });
  const patches: PlanPatch[] = [];
  const plans: PlanStore = {
    create: (plan) => store.create(plan),
    get: (id) => store.get(id),
    listBySession: (id, limit) => store.listBySession(id, limit),
    scanAll: () => store.scanAll(),
    update(planId, version, patch, options) {
      patches.push(structuredClone(patch));
      return store.update(planId, version, patch, options);
    },
  };
  const lines: LogLine[] = [];
  const log: OpsLog = {
    info: (message, attributes) => lines.push({ message, attributes }),
    warn: (message, attributes) => lines.push({ message, attributes }),
  };
  return { plans, patches, lines, log, clock };
}

/** A stored plan in `status` whose steps are in the given states. */
export async function storedIn(
  plans: PlanStore,
  status: StoredPlan['status'],
  states: StepState[] = ['pending', 'pending'],
  overrides: Partial<StoredPlan> = {},
): Promise<StoredPlan> {
  const base = aStoredPlan({ status, ...overrides });
  const plan: StoredPlan = {
    ...base,
    actions: states.map((state, i) => ({
      ...(base.actions[i % base.actions.length] ?? base.actions[0]!),
      step_number: i + 1,
      step_state: state,
    })),
  };
  await plans.create(plan);
  return plan;
}

/** `store`, with the options of every conditional write recorded, and the n-th write refused when `refuse(n)` says. */
export function refusingWrites(store: PlanStore, refuse: (attempt: number) => Error | undefined) {
  const writes: PlanUpdateOptions[] = [];
  const plans: PlanStore = {
    create: (p) => store.create(p),
    get: (id) => store.get(id),
    listBySession: (...args) => store.listBySession(...args),
    scanAll: () => store.scanAll(),
    async update(planId, version, patch, options) {
      writes.push({ ...options });
      const refusal = refuse(writes.length);
      if (refusal) throw refusal;
      return store.update(planId, version, patch, options);
    },
  };
  return { plans, writes };
}

/** The 409 a use case gives up with after losing MAX_WRITE_ATTEMPTS races. */
export function concurrentChange(planId: string) {
  return {
    name: 'PlanConflictError',
    reason: 'concurrent_change',
    message: `plan ${planId} changed concurrently; try again`,
    cause: expect.objectContaining({ name: 'StaleWriteError' }),
  };
}
