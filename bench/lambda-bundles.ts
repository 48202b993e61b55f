import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type BenchRow, median, round } from './stats.ts';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
/** The planner and executor carry LangChain; the API handlers must stay lean (issue 12 goals). */
const HEAVY = new Set(['handle-request', 'execute-plan']);
const GOALS = {
  heavy: { bundleMb: 2.5, ratio: 2.0 },
  api: { bundleMb: 0.6, ratio: 1.2 },
};

interface Bundle {
  name: string;
  file: string;
  bytes: number;
  /** The AWS SDK packages the bundle imports statically (external: the Lambda runtime provides them). */
  sdk: string[];
  /** A module that imports exactly those packages: the floor the handler cannot go below. */
  floor: string;
}

/** Bundles one handler the way CDK's NodejsFunction does (ESM, minified, keepNames, AWS SDK external). */
async function bundle(entry: string, outdir: string): Promise<Bundle> {
  const name = entry.replace(/\.ts$/, '');
  const file = join(outdir, `${name}.mjs`);
  const result = await build({
    entryPoints: [join(ROOT, 'functions', entry)],
    outfile: file,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    mainFields: ['module', 'main'],
    minify: true,
    keepNames: true,
    // Deployed bundles ship a .map that Node does not load (no --enable-source-maps, docs/deploy.md): no cost here.
    sourcemap: false,
    metafile: true,
    external: ['@aws-sdk/*'],
    banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
    logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs)[0];
  const sdk = [
    ...new Set(
      (output?.imports ?? [])
        .filter((i) => i.external && i.kind === 'import-statement' && i.path.startsWith('@aws-sdk/'))
        .map((i) => i.path),
    ),
  ].sort();
  const floor = join(outdir, `${name}.floor.mjs`);
  writeFileSync(floor, `${sdk.map((p) => `import ${JSON.stringify(p)};`).join('\n')}\n`);
  return { name, file, bytes: statSync(file).size, sdk, floor };
}

/** Import time of a module in a fresh Node process, in ms (the cold-start init share we control). */
function importTimeMs(file: string): number {
  const script = `const t=performance.now();await import(${JSON.stringify(file)});console.log(performance.now()-t)`;
  const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    // As deployed without Langfuse keys: tracing off must cost nothing at import.
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: 'SILENT',
      PLAN_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/1/q.fifo',
    },
  });
  if (out.status !== 0) throw new Error(`importing ${file} failed: ${out.stderr}`);
  return Number(out.stdout.trim());
}

/**
 * Bench 3 of issue 8, goals of issue 12: each Lambda's bundle size, and its import time as a ratio of importing
 * the bare AWS SDK clients it uses (DESIGN-NOTES "Import cost floor"). Handler and floor are imported
 * alternately in fresh processes, `runs` times each, so both medians see the same machine load.
 */
export async function benchLambdaBundles(runs = 10): Promise<BenchRow[]> {
  // Inside the repo so the external AWS SDK resolves from node_modules, as the Lambda runtime provides it.
  const outdir = join(ROOT, 'node_modules', '.cache', 'bench-bundles');
  mkdirSync(outdir, { recursive: true });
  const entries = readdirSync(join(ROOT, 'functions')).filter((f) => f.endsWith('.ts'));
  const bundles = await Promise.all(entries.map((entry) => bundle(entry, outdir)));
  const times = new Map(bundles.map((b) => [b.name, { handler: [] as number[], floor: [] as number[] }]));
  for (let i = 0; i < runs; i += 1) {
    for (const b of bundles) {
      const t = times.get(b.name)!;
      t.floor.push(importTimeMs(b.floor));
      t.handler.push(importTimeMs(b.file));
    }
  }
  return bundles.flatMap((b): BenchRow[] => {
    const goal = HEAVY.has(b.name) ? GOALS.heavy : GOALS.api;
    const mb = b.bytes / 1024 / 1024;
    const t = times.get(b.name)!;
    const handler = median(t.handler);
    const floor = median(t.floor);
    const ratio = handler / floor;
    return [
      {
        group: 'lambda',
        metric: `${b.name} bundle`,
        value: round(mb, 2),
        unit: 'MB',
        goal: `≤ ${goal.bundleMb}`,
        ok: mb <= goal.bundleMb,
      },
      { group: 'lambda', metric: `${b.name} import median`, value: round(handler), unit: 'ms' },
      {
        group: 'lambda',
        metric: `${b.name} AWS SDK floor median (${b.sdk.map((p) => p.replace('@aws-sdk/', '')).join(', ')})`,
        value: round(floor),
        unit: 'ms',
      },
      {
        group: 'lambda',
        metric: `${b.name} import ÷ SDK floor`,
        value: round(ratio, 2),
        unit: '×',
        goal: `≤ ${goal.ratio}`,
        ok: ratio <= goal.ratio,
        ratio: `${round(handler)} / ${round(floor)} ms`,
      },
    ];
  });
}
