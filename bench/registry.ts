import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stringify } from 'yaml';
import { buildWithReport } from '../lib/registry/compile/build-registry.ts';
import { loadOverlays } from '../lib/registry/compile/load-overlays.ts';
import { loadSpec } from '../lib/registry/compile/load-spec.ts';
import { extractOperations } from '../lib/registry/compile/spec-operations.ts';
import { transform } from '../lib/registry/compile/transform.ts';
import { registryFromArtefact } from '../lib/registry/compiled-registry.ts';
import { benchRegistryFixtures } from './registry-fixtures.ts';
import { benchWholeSpecs } from './registry-whole.ts';
import { type BenchRow, median, round } from './stats.ts';

/** Issue 2 goals: transform a ≥500-operation spec in ≤2 s; load the compiled registry in ≤20 ms. */
const TRANSFORM_GOAL_MS = 2_000;
const LOAD_GOAL_MS = 20;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const ok = (schema: string) => ({
  '200': { description: 'ok', content: { 'application/json': { schema: ref(schema) } } },
  '400': { $ref: '#/components/responses/Error' },
  '409': { $ref: '#/components/responses/Error' },
});

/** Four operations per resource (read, reversible reschedule, add/delete note pair), sharing $ref'd schemas. */
function resourcePaths(i: number): Record<string, unknown> {
  const id = { $ref: '#/components/parameters/ItemId' };
  const body = (schema: string) => ({
    required: true,
    content: { 'application/json': { schema: ref(schema) } },
  });
  return {
    [`/r${i}/{itemId}`]: { parameters: [id], get: { operationId: `getItem${i}`, responses: ok('Item') } },
    [`/r${i}/{itemId}/schedule`]: {
      parameters: [id],
      put: { operationId: `rescheduleItem${i}`, requestBody: body('Schedule'), responses: ok('Item') },
    },
    [`/r${i}/{itemId}/notes`]: {
      parameters: [id],
      post: { operationId: `addNote${i}`, requestBody: body('NewNote'), responses: ok('Note') },
    },
    [`/r${i}/{itemId}/notes/{noteId}`]: {
      parameters: [id, { name: 'noteId', in: 'path', required: true, schema: { type: 'string' } }],
      delete: { operationId: `deleteNote${i}`, responses: ok('Note') },
    },
  };
}

function generatedSpec(resources: number): Record<string, unknown> {
  const paths = Object.assign({}, ...Array.from({ length: resources }, (_, i) => resourcePaths(i)));
  return {
    openapi: '3.0.3',
    info: { title: 'Generated bench spec', version: '1.0.0' },
    paths,
    components: {
      parameters: { ItemId: { name: 'itemId', in: 'path', required: true, schema: ref('Id') } },
      responses: {
        Error: { description: 'error', content: { 'application/json': { schema: ref('Error') } } },
      },
      schemas: {
        Id: { type: 'string', pattern: '^i_[0-9]+$' },
        Date: { type: 'string', format: 'date' },
        Time: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
        Item: {
          type: 'object',
          properties: { itemId: ref('Id'), date: ref('Date'), startTime: ref('Time') },
        },
        Schedule: {
          type: 'object',
          required: ['date', 'startTime'],
          properties: { date: ref('Date'), startTime: ref('Time'), notify: { type: 'boolean' } },
        },
        NewNote: {
          type: 'object',
          required: ['text'],
          properties: { text: { type: 'string', maxLength: 500 } },
        },
        Note: { type: 'object', properties: { noteId: { type: 'string' }, text: { type: 'string' } } },
        Error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } } },
      },
    },
  };
}

function generatedOverlays(i: number): Record<string, Record<string, unknown>> {
  const base = { iq_enabled: true, safety_tier: 'normal', examples: ['Do the thing'] };
  const pre = { operation_id: `getItem${i}`, parameters: { item_id: '{{request.item_id}}' } };
  return {
    [`get-item-${i}.yaml`]: {
      operation_id: `getItem${i}`,
      ...base,
      reversible: false,
      output_fields: ['date'],
    },
    [`reschedule-item-${i}.yaml`]: {
      operation_id: `rescheduleItem${i}`,
      ...base,
      reversible: true,
      compensation_operation_id: `rescheduleItem${i}`,
      compensation: {
        pre_image: pre,
        parameters: {
          item_id: '{{request.item_id}}',
          date: '{{before.date}}',
          start_time: '{{before.start_time}}',
        },
      },
    },
    [`add-note-${i}.yaml`]: {
      operation_id: `addNote${i}`,
      ...base,
      reversible: true,
      compensation_operation_id: `deleteNote${i}`,
      compensation: { parameters: { item_id: '{{request.item_id}}', note_id: '{{response.note_id}}' } },
    },
    [`delete-note-${i}.yaml`]: {
      operation_id: `deleteNote${i}`,
      ...base,
      reversible: true,
      compensation_operation_id: `addNote${i}`,
      compensation: { parameters: { item_id: '{{request.item_id}}', text: '{{response.text}}' } },
    },
  };
}

/** Writes a spec of `operations` (rounded up to a multiple of 4) and its overlays into a fresh temp dir. */
async function writeFixture(operations: number): Promise<{ dir: string; spec: string; overlays: string }> {
  const resources = Math.ceil(operations / 4);
  const dir = mkdtempSync(join(tmpdir(), 'bench-registry-'));
  const spec = join(dir, 'openapi.yaml');
  const overlays = join(dir, 'overlays');
  await mkdir(overlays);
  writeFileSync(spec, stringify(generatedSpec(resources)));
  for (let i = 0; i < resources; i += 1) {
    for (const [file, overlay] of Object.entries(generatedOverlays(i)))
      writeFileSync(join(overlays, file), stringify(overlay));
  }
  return { dir, spec, overlays };
}

async function timeMs<T>(fn: () => Promise<T> | T): Promise<[number, T]> {
  const start = performance.now();
  const value = await fn();
  return [performance.now() - start, value];
}

/**
 * `npm run bench:registry` (issue 2): builds a generated spec of ≥ `operations` operations and loads the
 * compiled artefact, `runs` times each. Returns rows for the shared bench table (bench/stats.ts).
 */
export async function benchRegistry(operations = 500, runs = 5): Promise<BenchRow[]> {
  const fixture = await writeFixture(operations);
  try {
    const builds: number[] = [];
    const transforms: number[] = [];
    let artefactFile = '';
    let count = 0;
    for (let run = 0; run < runs; run += 1) {
      const [buildMs, result] = await timeMs(() => buildWithReport(fixture.spec, fixture.overlays));
      builds.push(buildMs);
      count = result.registry.actions.length;
      artefactFile = join(fixture.dir, 'compiled.json');
      writeFileSync(artefactFile, JSON.stringify(result.registry));
      // The transformation rules alone, on an already parsed spec and overlays.
      const spec = await loadSpec(fixture.spec);
      const loaded = await loadOverlays(fixture.overlays);
      const extracted = extractOperations(spec.document, spec.invalidKeys);
      const [transformMs] = await timeMs(() =>
        transform(extracted.operations, loaded.overlays, extracted.skipped),
      );
      transforms.push(transformMs);
    }
    if (count < operations) throw new Error(`bench fixture compiled only ${count} of ${operations} actions`);
    const loads: number[] = [];
    for (let run = 0; run < runs * 4; run += 1) {
      const [loadMs] = await timeMs(() =>
        registryFromArtefact(JSON.parse(readFileSync(artefactFile, 'utf8'))),
      );
      loads.push(loadMs);
    }
    const row = (metric: string, values: number[], goal?: number): BenchRow => ({
      group: 'registry',
      metric,
      value: round(median(values)),
      unit: 'ms',
      ...(goal === undefined ? {} : { goal: `≤ ${goal}`, ok: median(values) <= goal }),
    });
    return [
      row(`build ${count} actions (parse + validate + transform)`, builds, TRANSFORM_GOAL_MS),
      row(`transform rules only, ${count} actions`, transforms),
      row(`load compiled registry, ${count} actions (first)`, loads.slice(0, 1), LOAD_GOAL_MS),
      row(`load compiled registry, ${count} actions (median)`, loads, LOAD_GOAL_MS),
    ];
  } finally {
    rmSync(fixture.dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(
      'Usage: npm run bench:registry\n  the registry rows of `npm run bench` (issue 2 goals), then the demo spec and the whole DigitalOcean and GitHub specs side by side (issue 29 goals)',
    );
    process.exit(0);
  }
  const rows = [...(await benchRegistry()), ...benchRegistryFixtures(), ...(await benchWholeSpecs())];
  for (const r of rows) {
    const verdict = r.ok === undefined ? '' : r.ok ? '  ok' : '  MISSED';
    console.log(`${r.metric.padEnd(60)} ${String(r.value).padStart(8)} ${r.unit}  ${r.goal ?? ''}${verdict}`);
  }
}
