import { describe, expect, it } from 'vitest';
import {
  bookingRefs,
  createPendingPlan,
  type NewPendingPlan,
  newPendingPlan,
} from '../../lib/plans/create-pending-plan.ts';
import { invalidatePendingPlan } from '../../lib/plans/invalidate-pending-plan.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import { PlanNotFoundError, type PlanStore, StaleWriteError } from '../../lib/ports/plan-store.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { NOW, recordingStore, refusingWrites, storedIn } from './plan-fixtures.ts';

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

describe('newPendingPlan', () => {
  it('stores no description key for a step that has none', () => {
    // Act
    const plan = newPendingPlan(
      aNewPlan({
        steps: [
          {
            step_number: 1,
            action_id: 'getBooking',
            parameters: { booking_id: 'BK-1' },
            safety_tier: 'normal',
          },
        ],
      }),
    );

    // Assess
    expect(Object.keys(plan.actions[0] ?? {})).not.toContain('description');
  });
});

describe('bookingRefs (ADR 0010)', () => {
  it('lists the bookings the steps name outright, once each, in order', () => {
    // Prepare
    const steps = [
      { parameters: { booking_id: 'bk_2' } },
      { parameters: { booking_id: 'bk_1' } },
      { parameters: { booking_id: 'bk_2' } },
    ];

    // Act
    const refs = bookingRefs(steps);

    // Assess
    expect(refs).toEqual(['bk_2', 'bk_1']);
  });

  it('leaves out an empty id, a non-string id and a placeholder naming a booking an earlier step makes', () => {
    // Prepare
    const steps = [
      { parameters: { booking_id: '' } },
      { parameters: { booking_id: 1042 } },
      { parameters: { booking_id: '{{step_1.booking_id}}' } },
      { parameters: {} },
    ];

    // Act
    const refs = bookingRefs(steps);

    // Assess
    expect(refs).toEqual([]);
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

describe('invalidatePendingPlan: outcomes', () => {
  it('writes only while the plan is still pending, and keeps its parameters when no lookup is given', async () => {
    // Prepare: booking_id and date are not PII by name.
    const rec = recordingStore();
    const { plans, writes } = refusingWrites(rec.plans, () => undefined);
    const plan = await storedIn(plans, 'pending_confirmation');

    // Act
    const outcome = await invalidatePendingPlan(plans, plan, 'superseded', new Date(NOW));

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

    expect(await invalidatePendingPlan(rec.plans, plan, 'cancelled_by_user', new Date(NOW))).toBe(
      'already_gone',
    );
    expect(rec.patches).toEqual([]);
  });

  it('says a plan deleted under the write is already gone', async () => {
    const rec = recordingStore();
    const { plans } = refusingWrites(rec.plans, () => new PlanNotFoundError('p'));
    const plan = await storedIn(plans, 'pending_confirmation');

    expect(await invalidatePendingPlan(plans, plan, 'superseded', new Date(NOW))).toBe('already_gone');
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
      expect(await invalidatePendingPlan(alwaysStale(reads), pending, 'superseded', new Date(NOW))).toBe(
        'already_gone',
      );
    }
  });

  it('says already confirmed when the last re-read finds the plan confirmed', async () => {
    const store = alwaysStale([pending, { ...pending, status: 'confirmed' }]);

    expect(await invalidatePendingPlan(store, pending, 'superseded', new Date(NOW))).toBe(
      'already_confirmed',
    );
  });

  it('gives up with a PlanConflictError naming the plan when it is still pending', async () => {
    const store = alwaysStale([pending, pending]);

    await expect(invalidatePendingPlan(store, pending, 'superseded', new Date(NOW))).rejects.toMatchObject({
      name: 'PlanConflictError',
      reason: 'concurrent_change',
      message: `plan ${pending.plan_id} kept changing`,
    });
  });
});
