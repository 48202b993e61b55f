import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { buildWithReport } from '../../lib/registry/compile/build-registry.ts';
import type { CompiledAction } from '../../lib/registry/compiled-action.ts';

/**
 * Issue 29: one bad operation must not cost the others (seed 000: "invalid actions logged and skipped; valid
 * actions still registered"). A bundle keeps a schema shared across files once, at its first use, often inside
 * an operation, and the other uses point into that operation. The fixture below is built so that every shared
 * file is first used by `op0`, the operation most likely to be declared invalid.
 */
const OPERATIONS = ['op0', 'op1', 'op2', 'op3', 'op4', 'op5'] as const;

let dir: string;
let runs = 0;
let baseline: Map<string, CompiledAction>;

/** Writes the shared files and overlays once; each spec variant is a new main file beside them. */
function writeSharedFiles(root: string): void {
  mkdirSync(join(root, 'schemas'));
  mkdirSync(join(root, 'parameters'));
  mkdirSync(join(root, 'overlays'));
  const write = (file: string, value: unknown) => writeFileSync(join(root, file), stringify(value));
  write('schemas/address.yaml', {
    type: 'object',
    properties: { street: { type: 'string', maxLength: 80 }, city: { type: 'string' } },
  });
  write('schemas/thing.yaml', {
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string', maxLength: 40, description: 'What the thing is called.' },
      colour: { type: 'string', enum: ['red', 'green'] },
      address: { $ref: './address.yaml' },
    },
  });
  write('parameters/thing-id.yaml', {
    name: 'thing_id',
    in: 'path',
    required: true,
    schema: { type: 'string', pattern: '^t_[0-9]+$' },
  });
  for (const id of OPERATIONS) {
    write(`overlays/${id}.yaml`, {
      operation_id: id,
      iq_enabled: true,
      safety_tier: 'normal',
      reversible: false,
      parameter_allowlist: ['colour', 'address'],
      output_fields: ['name'],
    });
  }
}

/** The main file, with the operations in `invalid` given a parameter that has no `in` (an OpenAPI violation). */
function writeSpec(root: string, invalid: ReadonlySet<string>): string {
  const paths: Record<string, unknown> = {};
  for (const id of OPERATIONS) {
    const parameters: unknown[] = [{ $ref: './parameters/thing-id.yaml' }];
    if (invalid.has(id)) parameters.push({ name: 'broken', schema: { type: 'string' } });
    const json = (ref: string) => ({ 'application/json': { schema: { $ref: ref } } });
    paths[`/things/{thing_id}/${id}`] = {
      post: {
        operationId: id,
        summary: `Does ${id} to a thing.`,
        parameters,
        requestBody: { required: true, content: json('./schemas/thing.yaml') },
        responses: { '200': { description: 'The thing.', content: json('./schemas/thing.yaml') } },
      },
    };
  }
  runs += 1;
  const file = join(root, `openapi-${runs}.yaml`);
  writeFileSync(file, stringify({ openapi: '3.0.3', info: { title: 'Things', version: '1' }, paths }));
  return file;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'isolation-'));
  writeSharedFiles(dir);
  const { registry } = await buildWithReport(writeSpec(dir, new Set()), join(dir, 'overlays'));
  baseline = new Map(registry.actions.map((a) => [a.action_id, a]));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('loadSpec: per-operation isolation', () => {
  it('registers every operation of the fixture when none is invalid', () => {
    // Assess
    expect([...baseline.keys()]).toEqual([...OPERATIONS]);
    expect(baseline.get('op3')?.parameters.map((p) => p.name)).toEqual([
      'thing_id',
      'name',
      'colour',
      'address',
    ]);
  });

  it('keeps the others whole when the operation that first used the shared schemas is invalid', async () => {
    // Prepare: op0 holds the bundled copy of thing.yaml, address.yaml and thing-id.yaml.
    const spec = writeSpec(dir, new Set(['op0']));
    // Act
    const { registry, transform } = await buildWithReport(spec, join(dir, 'overlays'));
    // Assess
    expect(registry.actions.map((a) => a.action_id)).toEqual(['op1', 'op2', 'op3', 'op4', 'op5']);
    expect(registry.actions).toEqual(OPERATIONS.slice(1).map((id) => baseline.get(id)));
    expect(transform.skipped).toEqual([
      {
        operation_id: 'op0',
        kind: 'invalid_operation',
        reason: expect.stringMatching(
          /^violates the OpenAPI schema: #\/paths\/~1things~1\{thing_id\}~1op0\/post\/parameters\/1/,
        ),
      },
    ]);
  });

  test.prop([fc.subarray([...OPERATIONS])], { numRuns: 20 })(
    'whatever subset of operations is invalid, every other one compiles to the same action',
    async (invalid) => {
      // Prepare
      const spec = writeSpec(dir, new Set(invalid));
      // Act
      const { registry, transform } = await buildWithReport(spec, join(dir, 'overlays'));
      // Assess
      const valid = OPERATIONS.filter((id) => !invalid.includes(id));
      expect(registry.actions).toEqual(valid.map((id) => baseline.get(id)));
      expect(transform.skipped.map((s) => [s.operation_id, s.kind])).toEqual(
        invalid.map((id) => [id, 'invalid_operation']),
      );
    },
    // Each run loads a multi-file spec (~0.1 s alone, several times that on a busy CI machine).
    60_000,
  );
});
