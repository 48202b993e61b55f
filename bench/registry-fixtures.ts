import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registryFromArtefact } from '../lib/registry/compiled-registry.ts';
import { TRIMMED_SPECS } from '../test/fixtures/specs/trimmed-specs.ts';
import { type BenchRow, median, round } from './stats.ts';

/** Issue 17 goals on the largest real-spec fixture: a cold `registry:build` ≤ 2 s; its compiled load ≤ 20 ms. */
const CLI_GOAL_MS = 2_000;
const LOAD_GOAL_MS = 20;

const ROOT = join(import.meta.dirname, '..');
const FIXTURES = join(ROOT, 'test/fixtures/specs');

function bytesUnder(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((sum, e) => sum + statSync(join(e.parentPath, e.name)).size, 0);
}

/** The fixture whose trimmed spec has the most bytes (DigitalOcean today: 89 YAML files). */
function largestFixture(): { name: string; spec: string; overlays: string; bytes: number } {
  const fixtures = Object.entries(TRIMMED_SPECS).map(([name, spec]) => {
    const dir = join(FIXTURES, spec.out);
    const main = spec.main.split('/').pop() ?? spec.main;
    return {
      name,
      spec: join(dir, 'spec', main),
      overlays: join(dir, 'overlays'),
      bytes: bytesUnder(join(dir, 'spec')),
    };
  });
  return fixtures.sort((a, b) => b.bytes - a.bytes)[0] as (typeof fixtures)[number];
}

/**
 * `registry:build` on the largest real-spec fixture as an operator runs it: a new process each time (the pinned
 * Node 22 on devkit/registry/cli.ts, as `npm run registry:build` does), wall clock from spawn to exit. Then the
 * compiled artefact's load (zod parse + index), as a Lambda does at cold start.
 */
export function benchRegistryFixtures(runs = 5): BenchRow[] {
  const fixture = largestFixture();
  const dir = mkdtempSync(join(tmpdir(), 'bench-fixture-'));
  const out = join(dir, 'compiled.json');
  try {
    const builds: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      const child = spawnSync(
        join(ROOT, 'node_modules/.bin/node'),
        [
          'devkit/registry/cli.ts',
          'build',
          '--spec',
          fixture.spec,
          '--overlays',
          fixture.overlays,
          '--out',
          out,
        ],
        { cwd: ROOT, encoding: 'utf8' },
      );
      builds.push(performance.now() - started);
      if (child.status !== 0) throw new Error(`registry:build failed on ${fixture.name}: ${child.stderr}`);
    }
    const text = readFileSync(out, 'utf8');
    const loads: number[] = [];
    let actions = 0;
    for (let run = 0; run < runs * 4; run += 1) {
      const started = performance.now();
      actions = registryFromArtefact(JSON.parse(text)).all().length;
      loads.push(performance.now() - started);
    }
    const label = `${fixture.name} (${Math.round(fixture.bytes / 1024)} KB spec, ${actions} actions)`;
    const row = (metric: string, values: number[], goal: number): BenchRow => ({
      group: 'registry',
      metric,
      value: round(median(values)),
      unit: 'ms',
      goal: `≤ ${goal}`,
      ok: median(values) <= goal,
    });
    return [
      row(`registry:build cold CLI run, ${label}`, builds, CLI_GOAL_MS),
      row(`load compiled registry, ${label} (first)`, loads.slice(0, 1), LOAD_GOAL_MS),
      row(`load compiled registry, ${label} (median)`, loads, LOAD_GOAL_MS),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
