import type { PlanStatus } from '../contracts/enums.ts';
import type { StoredPlan } from '../plans/stored-plan.ts';

/** A conditional change to one plan item. */
export interface PlanPatch {
  set?: Partial<Omit<StoredPlan, 'plan_id' | 'version'>>;
  remove?: ReadonlyArray<keyof StoredPlan>;
}

export interface PlanUpdateOptions {
  /** The write applies only if the stored status is one of these (in addition to the version check). */
  expectStatus?: readonly PlanStatus[];
}

/**
 * Port: plan persistence. Every write is a single-item conditional write (no transactions: dynalite has none).
 * Contract suite: test/contracts/plan-store.contract.ts runs against every adapter.
 */
export interface PlanStore {
  /** Creates a new plan; fails with PlanAlreadyExistsError if the id is taken. */
  create(plan: StoredPlan): Promise<void>;
  get(planId: string): Promise<StoredPlan | undefined>;
  /**
   * Applies the patch when the stored version equals expectedVersion (and status matches, if asked),
   * bumps version by one and sets updated_at. Throws StaleWriteError otherwise, PlanNotFoundError if absent.
   */
  update(
    planId: string,
    expectedVersion: number,
    patch: PlanPatch,
    options?: PlanUpdateOptions,
  ): Promise<StoredPlan>;
  /** Plans of a session, newest first (GSI session_id + created_at). */
  listBySession(sessionId: string, limit?: number): Promise<StoredPlan[]>;
  /** Every plan, for ops metrics. */
  scanAll(): AsyncIterable<StoredPlan>;
}

/** Error family of plan persistence. */
export class PlanStoreError extends Error {
  override readonly name: string = 'PlanStoreError';
}

export class PlanNotFoundError extends PlanStoreError {
  override readonly name = 'PlanNotFoundError';
  constructor(
    readonly planId: string,
    options?: { cause?: unknown },
  ) {
    super(`plan ${planId} not found`, options);
  }
}

export class PlanAlreadyExistsError extends PlanStoreError {
  override readonly name = 'PlanAlreadyExistsError';
  constructor(
    readonly planId: string,
    options?: { cause?: unknown },
  ) {
    super(`plan ${planId} already exists`, options);
  }
}

/** A conditional write lost a race or targeted the wrong status; re-read and decide. */
export class StaleWriteError extends PlanStoreError {
  override readonly name = 'StaleWriteError';
  constructor(
    readonly planId: string,
    readonly expectedVersion: number,
    options?: { cause?: unknown },
  ) {
    super(`plan ${planId} changed since version ${expectedVersion}`, options);
  }
}
