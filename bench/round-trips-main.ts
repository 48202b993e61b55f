import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitWithUsage, parseCliOrExit } from '../devkit/cli/parse-cli.ts';
import { benchRoundTrips } from './round-trips.ts';

// `npx tsx bench/round-trips-main.ts`: issue 32's round-trips section alone (`npm run bench` runs it with the rest).
const USAGE = `Usage: npx tsx bench/round-trips-main.ts [--model-latency-ms N] [--case ID]... [--out FILE]
  --model-latency-ms  simulated latency of each model call, in the model server (default 1000)
  --case              only this golden case (repeatable; default every case the offline models play)
  --out               where the JSON goes (default .local/bench/round-trips.json, git-ignored)`;

const { values } = parseCliOrExit(USAGE, {
  'model-latency-ms': { type: 'string' },
  case: { type: 'string', multiple: true },
  out: { type: 'string' },
});
const latency = Number(values['model-latency-ms'] ?? 1000);
if (!Number.isInteger(latency) || latency < 0)
  exitWithUsage(USAGE, '--model-latency-ms must be a whole number of ms ≥ 0');
const out = values.out
  ? resolve(values.out)
  : fileURLToPath(new URL('../.local/bench/round-trips.json', import.meta.url));
const rows = await benchRoundTrips({
  modelLatencyMs: latency,
  ...(values.case ? { caseIds: values.case } : {}),
});
console.table(
  rows.map((r) => ({
    metric: r.metric,
    value: `${r.value} ${r.unit}`,
    ratio: r.ratio ?? '',
    goal: r.goal ?? '',
    met: r.ok === undefined ? '' : r.ok ? 'yes' : 'NO',
  })),
);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify({ measured_at: new Date().toISOString(), rows }, null, 2)}\n`);
console.log(`written to ${relative(process.cwd(), out)}`);
