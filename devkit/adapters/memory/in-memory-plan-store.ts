import { StoredPlan } from '../../../lib/plans/stored-plan.ts';
import { type Clock, systemClock } from '../../../lib/ports/clock.ts';
import type { PlanPatch, PlanStore, PlanUpdateOptions } from '../../../lib/ports/plan-store.ts';
import { PlanAlreadyExistsError, PlanNotFoundError, StaleWriteError } from '../../../lib/ports/plan-store.ts';

/** Options of the in-memory plan store. */
export interface InMemoryPlanStoreOptions {
  /** Stamps updated_at on every update. Default: the system clock. */
  clock?: Clock;
}

/**
 * PlanStore held in a Map, for unit tests and the planner/executor helpers' tests. It honours the same
 * contract as the DynamoDB adapter (test/contracts/plan-store.contract.ts): conditional on version and status,
 * deep copies in and out so callers can never mutate stored state by accident.
 */
export class InMemoryPlanStore implements PlanStore {
  private readonly plans = new Map<string, StoredPlan>();
  private readonly clock: Clock;

  constructor(options: InMemoryPlanStoreOptions = {}) {
    this.clock = options.clock ?? systemClock;
  }

  async create(plan: StoredPlan): Promise<void> {
    const parsed = StoredPlan.parse(plan);
    if (this.plans.has(parsed.plan_id)) throw new PlanAlreadyExistsError(parsed.plan_id);
    this.plans.set(parsed.plan_id, structuredClone(parsed));
  }

  async get(planId: string): Promise<StoredPlan | undefined> {
    const plan = this.plans.get(planId);
    return plan ? structuredClone(plan) : undefined;
  }

  async update(
    planId: string,
    expectedVersion: number,
    patch: PlanPatch,
    options: PlanUpdateOptions = {},
  ): Promise<StoredPlan> {
    const current = this.plans.get(planId);
    if (!current) throw new PlanNotFoundError(planId);
    const statusOk = !options.expectStatus || options.expectStatus.includes(current.status);
    if (current.version !== expectedVersion || !statusOk) {
      throw new StaleWriteError(planId, expectedVersion);
    }
    const next: Record<string, unknown> = { ...structuredClone(current) };
    for (const [key, value] of Object.entries(patch.set ?? {})) {
      // undefined means "leave as is", matching the DynamoDB adapter (removeUndefinedValues).
      if (value !== undefined) next[key] = structuredClone(value);
    }
    for (const key of patch.remove ?? []) delete next[key];
    next.version = expectedVersion + 1;
    next.updated_at = this.clock.now().toISOString();
    const updated = StoredPlan.parse(next);
    this.plans.set(planId, updated);
    return structuredClone(updated);
  }

  async listBySession(sessionId: string, limit = 20): Promise<StoredPlan[]> {
    return [...this.plans.values()]
      .filter((p) => p.session_id === sessionId)
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .slice(0, limit)
      .map((p) => structuredClone(p));
  }

  async *scanAll(): AsyncIterable<StoredPlan> {
    for (const plan of [...this.plans.values()]) yield structuredClone(plan);
  }
}
