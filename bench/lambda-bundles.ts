import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type BenchRow, median, round } from './stats.ts';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
/** API handlers must stay lean; the planner and executor carry LangChain. */
const HEAVY = new Set(['handle-request', 'execute-plan']);

/** Bundles one handler the way CDK's NodejsFunction does (ESM, minified, keepNames, AWS SDK external). */
async function bundle(entry: string, outdir: string): Promise<string> {
  const outfile = join(outdir, `${entry.replace(/\.ts$/, '')}.mjs`);
  await build({
    entryPoints: [join(ROOT, 'functions', entry)],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    mainFields: ['module', 'main'],
    minify: true,
    keepNames: true,
    sourcemap: false,
    external: ['@aws-sdk/*'],
    banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
    logLevel: 'silent',
  });
  return outfile;
}

/** Import time of a bundle in a fresh Node process, in ms (the cold-start init share we control). */
function importTimeMs(file: string): number {
  const script = `const t=performance.now();await import(${JSON.stringify(file)});console.log(performance.now()-t)`;
  const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      LOG_LEVEL: 'SILENT',
      PLAN_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/1/q.fifo',
    },
  });
  if (out.status !== 0) throw new Error(`importing ${file} failed: ${out.stderr}`);
  return Number(out.stdout.trim());
}

/** Bench 3 of issue 8: bundled size and import time per Lambda, min/median of `runs` fresh imports. */
export async function benchLambdaBundles(runs = 10): Promise<BenchRow[]> {
  // Inside the repo so the external AWS SDK resolves from node_modules, as the Lambda runtime provides it.
  const outdir = join(ROOT, 'node_modules', '.cache', 'bench-bundles');
  mkdirSync(outdir, { recursive: true });
  const rows: BenchRow[] = [];
  for (const entry of readdirSync(join(ROOT, 'functions')).filter((f) => f.endsWith('.ts'))) {
    const name = entry.replace(/\.ts$/, '');
    const file = await bundle(entry, outdir);
    const mb = statSync(file).size / 1024 / 1024;
    const times = Array.from({ length: runs }, () => importTimeMs(file));
    const heavy = HEAVY.has(name);
    const [sizeGoal, timeGoal] = heavy ? [2.5, 200] : [0.6, 100];
    rows.push(
      {
        group: 'lambda',
        metric: `${name} bundle`,
        value: round(mb, 2),
        unit: 'MB',
        goal: `≤ ${sizeGoal}`,
        ok: mb <= sizeGoal,
      },
      { group: 'lambda', metric: `${name} import min`, value: round(Math.min(...times)), unit: 'ms' },
      {
        group: 'lambda',
        metric: `${name} import median`,
        value: round(median(times)),
        unit: 'ms',
        goal: `≤ ${timeGoal}`,
        ok: median(times) <= timeGoal,
      },
    );
  }
  return rows;
}
