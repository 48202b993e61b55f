import { describe, expect, it } from 'vitest';
import { PlanAccessDeniedError } from '../../lib/plans/errors.ts';
import { loadOwnedPlan } from '../../lib/plans/load-owned-plan.ts';
import type { PlanStore } from '../../lib/ports/plan-store.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { recordingLog } from './plan-fixtures.ts';

describe('loadOwnedPlan', () => {
  it("correlates the log with the plan's ids before refusing another user (the refusal line carries them)", async () => {
    // Prepare
    const plan = aStoredPlan({ trace_id: 'trace-9' });
    const plans = { get: async () => plan } as unknown as PlanStore;
    const { log, keys } = recordingLog();

    // Act
    const error = await loadOwnedPlan({ plans, log }, plan.plan_id, 'someone-else').catch((e: unknown) => e);

    // Assess
    expect(error).toBeInstanceOf(PlanAccessDeniedError);
    expect(keys).toEqual([{ plan_id: plan.plan_id, session_id: plan.session_id, trace_id: 'trace-9' }]);
  });
});
