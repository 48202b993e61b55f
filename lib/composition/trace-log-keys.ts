import type { Logger } from '@aws-lambda-powertools/logger';
import type { StoredPlan } from '../plans/stored-plan.ts';
import type { PlanStore } from '../ports/plan-store.ts';

/** Which plan operations reveal "the plan this invocation is about". */
export type CorrelatedOperation = 'create' | 'get' | 'update';

/**
 * Issue 7 Logs: correlation ids (plan_id, session_id, trace id). The trace id lives on the plan item, so the
 * composition learns it where the plan becomes known: this PlanStore decorator appends `trace_id` (and
 * `plan_id`, `session_id`) to the logger's keys when one of `operations` returns a plan. Every later log line
 * of the invocation carries them. The HTTP handler resets keys per request; the SQS consumer removes them per
 * record. The planner uses only 'create' (its `get` reads the session's previous plan, another trace).
 */
export function withTraceLogKeys(
  store: PlanStore,
  logger: Pick<Logger, 'appendKeys'>,
  operations: readonly CorrelatedOperation[],
): PlanStore {
  const on = new Set(operations);
  function correlate(plan: StoredPlan | undefined): void {
    if (!plan) return;
    logger.appendKeys({
      plan_id: plan.plan_id,
      session_id: plan.session_id,
      ...(plan.trace_id ? { trace_id: plan.trace_id } : {}),
    });
  }
  return {
    async create(plan) {
      await store.create(plan);
      if (on.has('create')) correlate(plan);
    },
    async get(planId) {
      const plan = await store.get(planId);
      if (on.has('get')) correlate(plan);
      return plan;
    },
    async update(planId, expectedVersion, patch, options) {
      const plan = await store.update(planId, expectedVersion, patch, options);
      if (on.has('update')) correlate(plan);
      return plan;
    },
    listBySession: (sessionId, limit) => store.listBySession(sessionId, limit),
    scanAll: () => store.scanAll(),
  };
}
