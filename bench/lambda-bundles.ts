import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleHandler } from '../infra/cdk/handler-bundle.ts';
import { runFreshNode } from './fresh-node.ts';
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
  /** index.mjs: what Lambda imports at init. */
  file: string;
  /** The chunk of the handler's service builder, imported on the first invocation (lazy()). */
  service: string | undefined;
  /** Every shipped .mjs (index and chunks, not the .map files), in bytes. */
  chunks: { file: string; bytes: number; atInit: boolean }[];
  /** The AWS SDK packages any chunk imports statically (external: the Lambda runtime provides them). */
  sdk: string[];
  /** A module that imports exactly those packages: the floor the handler cannot go below. */
  floor: string;
}

/** Bundles one handler exactly as the stack does (infra/cdk/handler-bundle.ts: ESM, split, minified, keepNames). */
function bundle(entry: string, root: string): Bundle {
  const name = entry.replace(/\.ts$/, '');
  const outdir = join(root, name);
  rmSync(outdir, { recursive: true, force: true });
  const { outputs } = bundleHandler(entry, ROOT, outdir);
  const abs = (out: string) => resolve(ROOT, out);
  const index = Object.keys(outputs).find((out) => outputs[out]?.entryPoint === `functions/${entry}`);
  if (index === undefined) throw new Error(`no entry chunk for ${entry}`);
  // What init evaluates: the entry and the chunks it imports statically (a dynamic import() loads on first call).
  const atInit = new Set<string>();
  const queue = [index];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (atInit.has(next)) continue;
    atInit.add(next);
    for (const i of outputs[next]?.imports ?? [])
      if (!i.external && i.kind === 'import-statement') queue.push(i.path);
  }
  const service = Object.keys(outputs).find((out) =>
    /^lib\/composition\/.*-service\.ts$/.test(outputs[out]?.entryPoint ?? ''),
  );
  const sdk = [
    ...new Set(
      Object.values(outputs).flatMap((o) =>
        o.imports
          // As on a single-file bundle: clients imported statically; a dynamic import() (Secrets Manager, only
          // with a secret ARN set) is not part of the floor.
          .filter((i) => i.external && i.kind === 'import-statement' && i.path.startsWith('@aws-sdk/'))
          .map((i) => i.path),
      ),
    ),
  ].sort();
  const floor = join(root, `${name}.floor.mjs`);
  writeFileSync(floor, `${sdk.map((p) => `import ${JSON.stringify(p)};`).join('\n')}\n`);
  const chunks = Object.entries(outputs)
    .filter(([out]) => out.endsWith('.mjs'))
    .map(([out, o]) => ({ file: relative(outdir, abs(out)), bytes: o.bytes, atInit: atInit.has(out) }))
    .sort((a, b) => b.bytes - a.bytes);
  return { name, file: abs(index), service: service && abs(service), chunks, sdk, floor };
}

/** Import time of modules, one after the other, in a fresh Node process, in ms (the init share we control). */
function importTimeMs(...files: string[]): number {
  const imports = files.map((f) => `await import(${JSON.stringify(f)});`).join('');
  const script = `const t=performance.now();${imports}console.log(performance.now()-t)`;
  return Number(runFreshNode(script, ROOT).trim());
}

/**
 * Bench 3 of issue 8, goals of issue 12: each Lambda's bundle size, and its import time as a ratio of importing
 * the bare AWS SDK clients any of its chunks imports statically (DESIGN-NOTES "Import cost floor"). Handler and
 * floor are imported alternately in fresh processes, `runs` times each, so both medians see the same machine load.
 * Split bundles import the SDK only in the chunks the first invocation loads: the last row per handler shows that.
 */
export async function benchLambdaBundles(runs = 10): Promise<BenchRow[]> {
  // Inside the repo so the external AWS SDK resolves from node_modules, as the Lambda runtime provides it.
  const outdir = join(ROOT, 'node_modules', '.cache', 'bench-bundles');
  mkdirSync(outdir, { recursive: true });
  const entries = readdirSync(join(ROOT, 'functions')).filter((f) => f.endsWith('.ts'));
  const bundles = entries.map((entry) => bundle(entry, outdir));
  const times = new Map(
    bundles.map((b) => [b.name, { handler: [] as number[], floor: [] as number[], first: [] as number[] }]),
  );
  for (let i = 0; i < runs; i += 1) {
    for (const b of bundles) {
      const t = times.get(b.name)!;
      t.floor.push(importTimeMs(b.floor));
      t.handler.push(importTimeMs(b.file));
      // Not a goal: what the first invocation adds by importing the service chunk (without calling it).
      if (b.service) t.first.push(importTimeMs(b.file, b.service));
    }
  }
  return bundles.flatMap((b): BenchRow[] => {
    const goal = HEAVY.has(b.name) ? GOALS.heavy : GOALS.api;
    const kb = (bytes: number) => `${round(bytes / 1024)} KB`;
    const mb = b.chunks.reduce((sum, c) => sum + c.bytes, 0) / 1024 / 1024;
    const initMb = b.chunks.filter((c) => c.atInit).reduce((sum, c) => sum + c.bytes, 0) / 1024 / 1024;
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
        ratio: `all ${b.chunks.length} chunks`,
      },
      {
        group: 'lambda',
        metric: `${b.name} loaded at init`,
        value: round(initMb, 2),
        unit: 'MB',
        ratio: b.chunks
          .filter((c) => c.atInit)
          .map((c) => `${c.file} ${kb(c.bytes)}`)
          .join(', '),
      },
      {
        group: 'lambda',
        metric: `${b.name} loaded later`,
        value: round(mb - initMb, 2),
        unit: 'MB',
        ratio: b.chunks
          .filter((c) => !c.atInit)
          .slice(0, 4)
          .map((c) => `${c.file} ${kb(c.bytes)}`)
          .join(', '),
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
      ...(t.first.length > 0
        ? [
            {
              group: 'lambda',
              metric: `${b.name} import + service chunk (first invocation) ÷ SDK floor`,
              value: round(median(t.first) / floor, 2),
              unit: '×',
              ratio: `${round(median(t.first))} / ${round(floor)} ms`,
            },
          ]
        : []),
    ];
  });
}
