import type { SealedCaseResult, SealedReport } from './run-sealed-suite.ts';

type Tally = { right: number; wrong: number; miss: number; total: number };

function tally(
  results: readonly SealedCaseResult[],
  key: (r: SealedCaseResult) => string,
): Map<string, Tally> {
  const out = new Map<string, Tally>();
  for (const r of results) {
    const t = out.get(key(r)) ?? { right: 0, wrong: 0, miss: 0, total: 0 };
    t[r.verdict.verdict] += 1;
    t.total += 1;
    out.set(key(r), t);
  }
  return out;
}

function table(title: string, rows: Map<string, Tally>): string[] {
  const width = Math.max(title.length, ...[...rows.keys()].map((k) => k.length));
  const line = (name: string, cells: Array<string | number>) =>
    `  ${name.padEnd(width)}  ${cells.map((c) => String(c).padStart(6)).join('')}`;
  return [
    line(title, ['right', 'wrong', 'miss', 'total']),
    ...[...rows].map(([k, t]) => line(k, [t.right, t.wrong, t.miss, t.total])),
  ];
}

/**
 * The sealed report: one line per case that is not right (WRONG first: id, venue, failure class, why; never the
 * case's text), then right / wrong / miss per file, per venue and per failure class, and the summary.
 */
export function formatSealedReport(report: SealedReport): string {
  const lines = [`now: ${report.now}; service: ${report.serviceVenueConfig}`, ''];
  const bad = report.results.filter((r) => r.verdict.verdict !== 'right');
  const order = (r: SealedCaseResult) => (r.verdict.verdict === 'wrong' ? 0 : 1);
  for (const r of [...bad].sort((a, b) => order(a) - order(b) || a.id.localeCompare(b.id))) {
    const v = r.verdict;
    if (v.verdict === 'right') continue;
    const reason = v.reason.replace(/\s+/g, ' ');
    lines.push(
      `${v.verdict === 'wrong' ? 'WRONG' : 'MISS '} ${r.id} [${r.venue}] ${v.failureClass}: ${reason.slice(0, 160)}`,
    );
  }
  lines.push(
    '',
    ...table(
      'file',
      tally(report.results, (r) => r.file),
    ),
  );
  lines.push(
    '',
    ...table(
      'venue',
      tally(report.results, (r) => r.venue),
    ),
  );
  const classes = tally(bad, (r) =>
    r.verdict.verdict === 'right' ? '' : `${r.verdict.verdict} · ${r.verdict.failureClass}`,
  );
  if (classes.size > 0) {
    lines.push('', '  failure class');
    for (const [name, t] of [...classes].sort())
      lines.push(`  ${name.padEnd(40)} ${String(t.total).padStart(5)}`);
  }
  if (report.skipped.length > 0)
    lines.push(
      '',
      `skipped: ${report.skipped.length}`,
      ...report.skipped.map((s) => `  ${s.id}: ${s.reason}`),
    );
  lines.push('', report.summary);
  return lines.join('\n');
}
