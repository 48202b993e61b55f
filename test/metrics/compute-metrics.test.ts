import { describe, expect, it } from 'vitest';
import { computeMetrics, median } from '../../devkit/metrics/compute-metrics.ts';
import { formatMetrics } from '../../devkit/metrics/format-metrics.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { metricPlans } from './metric-plans.ts';

describe('computeMetrics', () => {
  it('lists plans needing attention newest first, and leaves cancelled plans out of the execution figures', () => {
    // Prepare
    const plans = [
      aStoredPlan({
        status: 'failed',
        attention_reason: 'manual_recovery',
        updated_at: '2026-11-20T10:00:00.000Z',
      }),
      aStoredPlan({ status: 'failed', attention_reason: 'in_doubt', updated_at: '2026-11-21T10:00:00.000Z' }),
      aStoredPlan({ status: 'completed' }),
      aStoredPlan({ status: 'cancelled', closed_reason: 'superseded' }),
    ];
    // Act
    const m = computeMetrics(plans);
    const text = formatMetrics(m);
    // Assess
    expect(m.attention.map((a) => a.attention_reason)).toEqual(['in_doubt', 'manual_recovery']);
    expect(m.execution_success_rate).toEqual({ numerator: 1, denominator: 3, rate: 1 / 3 });
    expect(text).toContain('Needs attention');
    expect(text).toContain(`${plans[1]?.plan_id}`);
  });

  it('computes the seed-000 key metrics with exact figures', () => {
    // Prepare
    const plans = metricPlans();
    // Act
    const m = computeMetrics(plans);
    // Assess
    expect(m.plans).toBe(6);
    expect(m.by_status).toEqual({
      pending_confirmation: 1,
      confirmed: 0,
      executing: 1,
      completed: 2,
      failed: 1,
      rolled_back: 1,
      cancelled: 0,
    });
    expect(m.invalidated).toBe(1);
    expect(m.planning_accuracy).toEqual({ numerator: 4, denominator: 5, rate: 0.8 });
    expect(m.execution_success_rate).toEqual({ numerator: 2, denominator: 4, rate: 0.5 });
    expect(m.rollback_frequency).toEqual({ numerator: 1, denominator: 4, rate: 0.25 });
    expect(m.median_time_to_confirmation_ms).toBe(30_000);
    expect(m.clarification_rate).toEqual({ clarifications: 0, requests: 0, per_request: null });
    expect(m.action_failure_rates).toEqual([
      { action_id: 'getBooking', calls: 2, failures: 0, rate: 0 },
      { action_id: 'rescheduleBooking', calls: 3, failures: 2, rate: 2 / 3 },
      { action_id: 'updateGuestCount', calls: 1, failures: 0, rate: 0 },
    ]);
  });

  it('reports null rates, not zeros or NaN, when there is nothing to divide by', () => {
    const m = computeMetrics([]);
    expect(m.planning_accuracy.rate).toBeNull();
    expect(m.execution_success_rate.rate).toBeNull();
    expect(m.rollback_frequency.rate).toBeNull();
    expect(m.median_time_to_confirmation_ms).toBeNull();
    expect(m.action_failure_rates).toEqual([]);
  });

  it('averages clarification_count over the plans that record it', () => {
    // Prepare: a forward-compatible field (not in StoredPlan yet) as the planner would add it.
    const plans = [
      { ...aStoredPlan(), clarification_count: 2 },
      { ...aStoredPlan(), clarification_count: 1 },
      aStoredPlan(),
    ];
    // Act
    const m = computeMetrics(plans);
    // Assess
    expect(m.clarification_rate).toEqual({ clarifications: 3, requests: 2, per_request: 1.5 });
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle values', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 20, 30])).toBe(25);
    expect(median([])).toBeNull();
  });
});

describe('formatMetrics', () => {
  it('prints a readable table of the same figures', () => {
    const text = formatMetrics(computeMetrics(metricPlans()));
    const lines = text.split('\n');
    expect(lines[0]).toBe(
      'Plans: 6 (pending_confirmation 1, executing 1, completed 2, failed 1, rolled_back 1); invalidated before confirmation: 1',
    );
    expect(text).toMatch(/Planning accuracy\s+80\.0%\s+4 of 5 confirmed plans unmodified/);
    expect(text).toMatch(/Execution success rate\s+50\.0%\s+2 of 4 finished executions completed/);
    expect(text).toMatch(/Clarification rate\s+n\/a\s+plans do not record clarification_count/);
    expect(text).toMatch(/Median time to confirmation\s+30\.0 s\s+5 confirmed plans/);
    expect(text).toMatch(/Rollback frequency\s+25\.0%\s+1 of 4 finished executions rolled back/);
    expect(text).toMatch(/rescheduleBooking\s+3\s+2\s+66\.7%/);
  });
});
