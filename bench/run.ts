import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCliOrExit } from '../devkit/cli/parse-cli.ts';
import { benchLambdaBundles } from './lambda-bundles.ts';
import { benchPromptSize } from './prompt-size.ts';
import { benchRegistry } from './registry.ts';
import { benchRegistryFixtures } from './registry-fixtures.ts';
import { benchRoundTrips } from './round-trips.ts';
import { benchService } from './service.ts';
import type { BenchRow } from './stats.ts';

// `npm run bench`: every figure of issue 8, measured side by side in one run; a table plus a JSON file. The file
// goes to the git-ignored .local/bench/ unless --out names another: a run never rewrites the committed
// bench/results.json (the figures the docs quote) by accident; `--out bench/results.json` updates it on purpose.
const DEFAULT_OUT = fileURLToPath(new URL('../.local/bench/results.json', import.meta.url));
const USAGE = `Usage: npm run bench [-- --out <file>]
  --out  where the JSON results go (default .local/bench/results.json, git-ignored;
         \`--out bench/results.json\` updates the committed figures)`;

const { values } = parseCliOrExit(USAGE, { out: { type: 'string' } });
const RESULTS = values.out ? resolve(values.out) : DEFAULT_OUT;

async function section(name: string, run: () => Promise<BenchRow[]> | BenchRow[]): Promise<BenchRow[]> {
  process.stderr.write(`… ${name}\n`);
  return run();
}

const rows = [
  ...(await section('planning and queue latency on the local stack', () => benchService())),
  ...(await section('Lambda bundles (esbuild as CDK bundles them)', () => benchLambdaBundles())),
  ...(await section('registry transform and load', () => benchRegistry())),
  ...(await section('registry build on the largest real-spec fixture', () => benchRegistryFixtures())),
  ...(await section('planning prompt size', () => benchPromptSize())),
  ...(await section('model round trips, current design and prefetch (issue 32)', () => benchRoundTrips())),
];

const table = rows.map((r) => ({
  group: r.group,
  metric: r.metric,
  value: `${r.value} ${r.unit}`,
  goal: r.goal ?? '',
  met: r.ok === undefined ? '' : r.ok ? 'yes' : 'NO',
  ratio: r.ratio ?? '',
}));
console.table(table);
mkdirSync(dirname(RESULTS), { recursive: true });
writeFileSync(
  RESULTS,
  `${JSON.stringify({ measured_at: new Date().toISOString(), node: process.version, rows }, null, 2)}\n`,
);
const missed = rows.filter((r) => r.ok === false);
console.log(
  `${rows.length} figures, ${missed.length} goals missed; written to ${relative(process.cwd(), RESULTS)}`,
);
