import { describe, expect, it } from 'vitest';
import { closedReason, closedView, confirmability } from '../../lib/plans/confirmability.ts';
import { aStoredPlan } from '../store/plan-factory.ts';

const NOW = new Date('2026-11-22T08:00:00.000Z');
const NOW_S = NOW.getTime() / 1000;

describe('closedReason', () => {
  it.each([
    ['pending_confirmation', 'expired'],
    ['cancelled', 'expired'],
    ['confirmed', undefined],
    ['executing', undefined],
    ['completed', undefined],
  ] as const)(
    'reads a %s plan past expires_at as %s (only pending and cancelled plans expire)',
    (status, reason) => {
      // Prepare
      const plan = aStoredPlan({ status, expires_at: NOW_S - 60 });

      // Act
      const closed = closedReason(plan, NOW);

      // Assess
      expect(closed).toBe(reason);
    },
  );

  it('is expired at expires_at, not a second before', () => {
    // Prepare
    const at = aStoredPlan({ expires_at: NOW_S });
    const before = aStoredPlan({ expires_at: NOW_S + 1 });

    // Act
    const reasons = [closedReason(at, NOW), closedReason(before, NOW)];

    // Assess
    expect(reasons).toEqual(['expired', undefined]);
  });
});

describe('closedView', () => {
  it('returns a plan that is not pending as stored, even a cancelled one without completed_at', () => {
    // Prepare
    const plan = aStoredPlan({
      status: 'cancelled',
      closed_reason: 'cancelled_by_user',
      completed_at: undefined,
    });

    // Act
    const view = closedView(plan, NOW);

    // Assess
    expect(view).toEqual(plan);
  });

  it('dates an invalidated pending plan that has no invalidated_at nor expires_at at the time of reading', () => {
    // Prepare
    const plan = aStoredPlan({
      invalidated_reason: 'superseded',
      invalidated_at: undefined,
      expires_at: undefined,
    });

    // Act
    const view = closedView(plan, NOW);

    // Assess
    expect(view).toMatchObject({
      status: 'cancelled',
      closed_reason: 'superseded',
      completed_at: NOW.toISOString(),
    });
  });
});

describe('confirmability', () => {
  it("says 'pending' for a pending plan that is still open", () => {
    const plan = aStoredPlan({ expires_at: NOW_S + 3600 });

    expect(confirmability(plan, NOW)).toBe('pending');
  });

  it.each([
    ['executing', {}, 'already_started', 'is already executing'],
    ['failed', {}, 'finished', 'has already finished (status failed)'],
    [
      'pending_confirmation',
      { invalidated_reason: 'superseded' as const },
      'invalidated',
      'was superseded by a newer plan in this session; confirm the newer plan instead',
    ],
  ] as const)('refuses a %s plan with 409 %s, naming the plan', (status, overrides, reason, text) => {
    // Prepare
    const plan = aStoredPlan({ status, ...overrides });

    // Act
    const attempt = () => confirmability(plan, NOW);

    // Assess
    expect(attempt).toThrow(expect.objectContaining({ reason, message: `plan ${plan.plan_id} ${text}` }));
  });
});
