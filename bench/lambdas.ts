import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exitWithUsage, parseCliOrExit } from '../devkit/cli/parse-cli.ts';
import { BENCH_DIR, benchLambdaBundlesWithShares } from './lambda-bundles.ts';
import { round } from './stats.ts';

// `npm run bench:lambdas`: only the Lambda bundle and import-ratio rows of `npm run bench` (no stack needed).
const USAGE = `Usage: npm run bench:lambdas [-- <runs>] [--baseline <git ref>]
  runs        fresh processes per import measurement (default 10)
  --baseline  also bundle and time the handlers of that commit, interleaved in the same run (before/after)
Bundles and a summary (lambdas.json) go to the git-ignored .local/bench/.`;
const { values, positionals } = parseCliOrExit(
  USAGE,
  { baseline: { type: 'string' } },
  { allowPositionals: true },
);
const [arg] = positionals;
const runs = Number(arg ?? 10);
if (!Number.isInteger(runs) || runs < 1) exitWithUsage(USAGE, `runs must be a positive integer, got ${arg}`);
const { rows, shares } = await benchLambdaBundlesWithShares({ runs, baseline: values.baseline });
console.table(
  rows.map((r) => ({
    metric: r.metric,
    value: `${r.value} ${r.unit}`,
    goal: r.goal ?? '',
    met: r.ok === undefined ? '' : r.ok ? 'yes' : 'NO',
    detail: r.ratio ?? '',
  })),
);
// Issue 32: our code's share over the library floor, one line per handler (before beside after with a baseline).
const baselineTree = shares.find((s) => s.tree !== '')?.tree;
const summary = [...new Set(shares.map((s) => s.handler))].map((handler) => {
  const of = (tree: string) => shares.find((s) => s.handler === handler && s.tree === tree)?.share;
  const now = of('');
  return {
    handler,
    ...(baselineTree ? { [`before ${baselineTree}`]: round(of(baselineTree) ?? Number.NaN, 2) } : {}),
    'our share': round(now ?? Number.NaN, 2),
    goal: '≤ 1.15',
    met: now !== undefined && now <= 1.15 ? 'yes' : 'NO',
  };
});
console.table(summary);
writeFileSync(
  join(BENCH_DIR, 'lambdas.json'),
  `${JSON.stringify({ runs, baseline: values.baseline, summary, rows }, null, 1)}\n`,
);
