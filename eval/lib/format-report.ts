import type { EvalReport } from './run-eval.ts';

const REASON_WIDTH = 140;

/**
 * The human report: one row per in-scope case (id, tags, trials passed, reason of the first failure), the cases
 * skipped as out of scope for the provider, and last the summary line `N passed, N failed`.
 */
export function formatReport(report: EvalReport): string {
  const rows = report.results.map((r) => [
    r.passed ? 'PASS' : 'FAIL',
    r.id,
    r.tags.join(','),
    `${r.passedTrials}/${r.trials.length}`,
    r.firstFailure ? clip(r.firstFailure) : '',
  ]);
  const header = ['', 'case', 'tags', 'trials', 'first failure'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const out = [
    `provider: ${report.provider}, trials per case: ${report.trials} (pass^${report.trials})`,
    '',
    line(header),
    ...rows.map(line),
  ];
  if (report.skipped.length > 0) {
    out.push('', `skipped (out of scope for ${report.provider}): ${report.skipped.length}`);
    for (const s of report.skipped) out.push(`  ${s.id}: ${clip(s.reason)}`);
  }
  out.push('', report.summary);
  return out.join('\n');
}

function clip(text: string): string {
  const one = text.replace(/\s+/g, ' ');
  return one.length > REASON_WIDTH ? `${one.slice(0, REASON_WIDTH - 1)}…` : one;
}
