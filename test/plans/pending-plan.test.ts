import { describe, expect, it } from 'vitest';
import { createPendingPlan, type NewPendingPlan } from '../../lib/plans/create-pending-plan.ts';
import { invalidatePendingPlan } from '../../lib/plans/invalidate-pending-plan.ts';
import type { PlanStore } from '../../lib/ports/plan-store.ts';
import { StaleWriteError } from '../../lib/ports/plan-store.ts';
import { NOW, recordingStore, storedIn } from './plan-fixtures.ts';

function aNewPlan(overrides: Partial<NewPendingPlan> = {}): NewPendingPlan {
  return {
    plan_id: '5b0c8d3e-9a61-4f2b-8c57-1d2e3f4a5b6c',
    session_id: 'sess-9',
    user_id: 'user-9',
    intent_summary: "Change Ana Lima's email",
    steps: [
      {
        step_number: 1,
        action_id: 'updateContactDetails',
        parameters: { booking_id: 'bk_1', email: 'ana.lima@example.com' },
        safety_tier: 'normal',
        description: 'Update contact of BK-1 (Ana Lima): email ana.lima@example.com',
      },
    ],
    now: new Date(NOW),
    ttlHours: 24,
    trace: { traceId: 'trace-9', rootSpanId: 'root-9' },
    clarification_count: 2,
    ...overrides,
  };
}

describe('createPendingPlan', () => {
  it('stores the machines’ initial states at version 1, expiring with the session', async () => {
    // Prepare
    const { plans } = recordingStore();

    // Act
    const plan = await createPendingPlan(plans, aNewPlan({ amends_plan_id: 'old-plan' }));

    // Assess
    expect(await plans.get(plan.plan_id)).toEqual(plan);
    expect(plan).toMatchObject({
      status: 'pending_confirmation',
      version: 1,
      created_at: NOW,
      trace_id: 'trace-9',
      trace_root_span_id: 'root-9',
      amends_plan_id: 'old-plan',
      clarification_count: 2,
      expires_at: Date.parse(NOW) / 1000 + 24 * 3600,
    });
    expect(plan.actions).toEqual([
      {
        step_number: 1,
        action_id: 'updateContactDetails',
        parameters: { booking_id: 'bk_1', email: 'ana.lima@example.com' },
        safety_tier: 'normal',
        executed: false,
        step_state: 'pending',
        description: 'Update contact of BK-1 (Ana Lima): email ana.lima@example.com',
      },
    ]);
  });

  it('records the venue and the named bookings top-level (ADR 0010)', async () => {
    // Prepare
    const { plans } = recordingStore();
    const step = (n: number, booking_id: string) => ({
      step_number: n,
      action_id: 'addBookingNote',
      parameters: { booking_id, text: 'x' },
      safety_tier: 'normal' as const,
    });

    // Act
    const plan = await createPendingPlan(
      plans,
      aNewPlan({
        venue_id: 'venue_harbour',
        steps: [step(1, 'bk_2'), step(2, 'bk_1'), step(3, 'bk_2'), step(4, '{{step_1.booking_id}}')],
      }),
    );

    // Assess
    expect(plan).toMatchObject({ venue_id: 'venue_harbour', booking_refs: ['bk_2', 'bk_1'] });
    expect(await plans.get(plan.plan_id)).toMatchObject({ venue_id: 'venue_harbour' });
  });

  it('leaves venue_id out when the booking API declares no venue read', async () => {
    const plan = await createPendingPlan(recordingStore().plans, aNewPlan());
    expect(plan).not.toHaveProperty('venue_id');
    expect(plan.booking_refs).toEqual(['bk_1']);
  });
});

describe('invalidatePendingPlan', () => {
  it('makes a pending plan unconfirmable and masks its PII in the same write', async () => {
    // Prepare
    const { plans, patches } = recordingStore();
    const plan = await createPendingPlan(plans, aNewPlan());

    // Act
    const outcome = await invalidatePendingPlan(plans, plan, 'superseded', new Date(NOW));

    // Assess
    const stored = await plans.get(plan.plan_id);
    expect(outcome).toBe('invalidated');
    expect(patches).toHaveLength(1);
    expect(stored).toMatchObject({
      status: 'cancelled',
      closed_reason: 'superseded',
      completed_at: NOW,
      invalidated_reason: 'superseded',
      invalidated_at: NOW,
      pii_masked: true,
    });
    expect(JSON.stringify(stored)).not.toContain('ana.lima@example.com');
  });

  it('tells a confirmed plan or an already invalidated one apart, writing nothing', async () => {
    // Prepare
    const { plans, patches } = recordingStore();
    const confirmed = await storedIn(plans, 'confirmed');
    const gone = await storedIn(plans, 'pending_confirmation', ['pending'], {
      invalidated_reason: 'cancelled_by_user',
    });

    // Act
    const outcomes = [
      await invalidatePendingPlan(plans, confirmed, 'cancelled_by_user', new Date(NOW)),
      await invalidatePendingPlan(plans, gone, 'superseded', new Date(NOW)),
    ];

    // Assess
    expect(outcomes).toEqual(['already_confirmed', 'already_gone']);
    expect(patches).toEqual([]);
  });

  it('re-reads once after losing a race and reports what the winner did', async () => {
    // Prepare
    const { plans } = recordingStore();
    const plan = await createPendingPlan(plans, aNewPlan());
    await plans.update(plan.plan_id, 1, { set: { status: 'confirmed' } });

    // Act
    const outcome = await invalidatePendingPlan(plans, plan, 'superseded', new Date(NOW));

    // Assess
    expect(outcome).toBe('already_confirmed');
  });

  it('gives up with a PlanConflictError when the plan keeps changing, and passes store faults on', async () => {
    // Prepare
    const { plans } = recordingStore();
    const plan = await createPendingPlan(plans, aNewPlan());
    const racing: PlanStore = {
      ...plans,
      get: (id) => plans.get(id),
      update: async () => {
        throw new StaleWriteError(plan.plan_id, 1);
      },
    };
    const broken: PlanStore = {
      ...plans,
      update: async () => {
        throw new Error('DynamoDB is down');
      },
    };

    // Act
    const kept = invalidatePendingPlan(racing, plan, 'superseded', new Date(NOW));
    const down = invalidatePendingPlan(broken, plan, 'superseded', new Date(NOW));

    // Assess
    await expect(kept).rejects.toMatchObject({ name: 'PlanConflictError', reason: 'concurrent_change' });
    await expect(down).rejects.toThrow('DynamoDB is down');
  });
});
