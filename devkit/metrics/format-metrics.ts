import type { PlanMetrics, Ratio } from './compute-metrics.ts';

function percent(rate: number | null): string {
  return rate === null ? 'n/a' : `${(rate * 100).toFixed(1)}%`;
}

function seconds(ms: number | null): string {
  return ms === null ? 'n/a' : `${(ms / 1000).toFixed(1)} s`;
}

function of(r: Ratio, what: string): string {
  return `${r.numerator} of ${r.denominator} ${what}`;
}

function table(rows: readonly string[][]): string[] {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows.map((r) =>
    r
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

/** The human-readable report of `npm run metrics`: a summary table, then per-action failure rates. */
export function formatMetrics(m: PlanMetrics): string {
  const statuses = Object.entries(m.by_status)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${s} ${n}`)
    .join(', ');
  const clar = m.clarification_rate;
  const summary = table([
    ['Metric', 'Value', 'Basis'],
    [
      'Planning accuracy',
      percent(m.planning_accuracy.rate),
      of(m.planning_accuracy, 'confirmed plans unmodified'),
    ],
    [
      'Execution success rate',
      percent(m.execution_success_rate.rate),
      of(m.execution_success_rate, 'finished executions completed'),
    ],
    [
      'Clarification rate',
      clar.per_request === null ? 'n/a' : clar.per_request.toFixed(2),
      clar.requests === 0
        ? 'plans do not record clarification_count'
        : `${clar.clarifications} clarifications over ${clar.requests} requests`,
    ],
    [
      'Median time to confirmation',
      seconds(m.median_time_to_confirmation_ms),
      `${m.planning_accuracy.denominator} confirmed plans`,
    ],
    [
      'Rollback frequency',
      percent(m.rollback_frequency.rate),
      of(m.rollback_frequency, 'finished executions rolled back'),
    ],
  ]);
  const actions =
    m.action_failure_rates.length === 0
      ? ['No executed actions.']
      : table([
          ['Action', 'Calls', 'Failures', 'Failure rate'],
          ...m.action_failure_rates.map((a) => [
            a.action_id,
            String(a.calls),
            String(a.failures),
            percent(a.rate),
          ]),
        ]);
  const attention =
    m.attention.length === 0
      ? ['No plans need attention.']
      : table([
          ['Needs attention', 'Status', 'Why', 'Updated'],
          ...m.attention.map((a) => [a.plan_id, a.status, a.attention_reason, a.updated_at]),
        ]);
  return [
    `Plans: ${m.plans}${statuses ? ` (${statuses})` : ''}; invalidated before confirmation: ${m.invalidated}`,
    '',
    ...summary,
    '',
    ...actions,
    '',
    ...attention,
  ].join('\n');
}
