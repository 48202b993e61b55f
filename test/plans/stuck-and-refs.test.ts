import { describe, expect, it } from 'vitest';
import { bookingRefs } from '../../lib/plans/create-pending-plan.ts';
import { abandonedReason } from '../../lib/plans/stuck-plans.ts';

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

describe('abandonedReason (ADR 0009)', () => {
  const report = (manual: string[]) => ({
    triggered_by_step: 2,
    actions_reversed: [],
    manual_recovery_steps: manual,
  });

  it('says the changes were undone after a rollback', () => {
    expect(abandonedReason('rolled_back', undefined)).toBe(
      'This request kept failing before it could finish, so it was stopped and the changes it had made were undone. You can ask again.',
    );
  });

  it.each([
    ['no report', undefined],
    ['no manual steps', report([])],
  ])('says nothing was changed when there is %s', (_label, rollback) => {
    expect(abandonedReason('failed', rollback)).toBe(
      'This request kept failing before it could finish, so it was stopped. Nothing was changed. You can ask again.',
    );
  });

  it('lists the manual steps to check otherwise', () => {
    expect(abandonedReason('failed', report(['Check BK-1042.', 'Check BK-7.']))).toBe(
      'This request kept failing before it could finish, so it was stopped, and not everything it had changed could be undone automatically. Please check: Check BK-1042. Check BK-7.',
    );
  });
});
