import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchLambdaBundles } from './lambda-bundles.ts';
import { benchPromptSize } from './prompt-size.ts';
import { benchRegistry } from './registry.ts';
import { benchRegistryFixtures } from './registry-fixtures.ts';
import { benchService } from './service.ts';
import type { BenchRow } from './stats.ts';

// `npm run bench`: every figure of issue 8, measured side by side in one run; a table plus bench/results.json.
const RESULTS = fileURLToPath(new URL('./results.json', import.meta.url));

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
writeFileSync(
  RESULTS,
  `${JSON.stringify({ measured_at: new Date().toISOString(), node: process.version, rows }, null, 2)}\n`,
);
const missed = rows.filter((r) => r.ok === false);
console.log(`${rows.length} figures, ${missed.length} goals missed; written to bench/results.json`);
