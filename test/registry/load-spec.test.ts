import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { buildWithReport } from '../../lib/registry/compile/build-registry.ts';
import { loadSpec } from '../../lib/registry/compile/load-spec.ts';

const SPECS = join(import.meta.dirname, '../fixtures/specs');

describe('loadSpec', () => {
  it('still yields the valid operations of a spec in which one operation violates the OpenAPI schema', async () => {
    // Prepare
    const dir = join(SPECS, 'one-invalid-operation');
    // Act
    const { registry, transform } = await buildWithReport(join(dir, 'openapi.yaml'), join(dir, 'overlays'));
    // Assess
    expect(registry.actions.map((a) => a.action_id)).toEqual(['getThing', 'paintThing']);
    expect(transform.skipped).toEqual([
      {
        operation_id: 'brokenThing',
        kind: 'invalid_operation',
        reason: expect.stringMatching(
          /^violates the OpenAPI schema: #\/paths\/~1things~1\{thingId\}\/put\/parameters\/0/,
        ),
      },
    ]);
  });

  it('resolves a multi-file spec with deep $ref chains', async () => {
    // Prepare
    const dir = join(SPECS, 'multi-file');
    // Act
    const { registry, transform } = await buildWithReport(join(dir, 'openapi.yaml'), join(dir, 'overlays'));
    // Assess
    expect(transform.skipped).toEqual([]);
    const move = registry.actions.find((a) => a.action_id === 'moveWidget');
    expect(move?.parameters.map((p) => [p.name, p.type, p.location, p.constraints?.pattern])).toEqual([
      ['widget_id', 'string', 'path', '^w_[0-9]+$'],
      ['day', 'date', 'body', undefined],
      ['slot', 'time', 'body', '^([01]\\d|2[0-3]):[0-5]\\d$'],
    ]);
    expect(move?.compensation?.pre_image?.action_id).toBe('getWidget');
    expect(registry.actions.find((a) => a.action_id === 'getWidget')?.output_fields).toEqual([
      'widget_id',
      'day',
      'slot',
    ]);
  });

  it('hashes every file of a multi-file spec', async () => {
    const spec = await loadSpec(join(SPECS, 'multi-file', 'openapi.yaml'));
    expect(Object.keys(spec.files).sort()).toEqual([
      'components/parameters.yaml',
      'components/primitives.yaml',
      'components/request-bodies.yaml',
      'components/responses.yaml',
      'components/schemas.yaml',
      'openapi.yaml',
      'paths/widget-move.yaml',
      'paths/widget.yaml',
    ]);
  });

  it('throws SpecLoadError naming the file when the spec cannot be parsed at all', async () => {
    // Prepare
    const dir = mkdtempSync(join(tmpdir(), 'spec-'));
    const file = join(dir, 'broken.yaml');
    writeFileSync(file, 'openapi: 3.0.3\npaths: [unclosed\n');
    // Act
    const loading = loadSpec(file);
    // Assess
    await expect(loading).rejects.toMatchObject({
      name: 'SpecLoadError',
      message: expect.stringContaining('broken.yaml'),
    });
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports operations with unresolvable $refs and keeps the others', async () => {
    // Prepare
    const dir = mkdtempSync(join(tmpdir(), 'spec-'));
    const file = join(dir, 'openapi.yaml');
    const ok = "responses: {'200': {description: ok}}";
    writeFileSync(
      file,
      [
        'openapi: 3.0.3',
        "info: {title: t, version: '1'}",
        'paths:',
        `  /a: {get: {operationId: a, ${ok}}}`,
        `  /b: {get: {operationId: b, parameters: [{$ref: '#/components/parameters/Nope'}], ${ok}}}`,
        '  /c: {$ref: missing.yaml}',
        '',
      ].join('\n'),
    );
    // Act
    const spec = await loadSpec(file);
    // Assess
    expect(spec.invalid.map((i) => [i.operation_id, i.reason.split(':')[0]])).toEqual([
      ['b', 'unresolvable $ref'],
      ['/c', 'unresolvable $ref'],
    ]);
    expect(spec.invalid[1]?.reason).toContain('Error opening file missing.yaml');
    expect(Object.keys((spec.document as { paths: object }).paths)).toEqual(['/a', '/b']);
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every operation and its operationId when schemas reference themselves across files', async () => {
    // Prepare: DigitalOcean's shape: operations in their own files, a definitions file with a self-reference.
    const dir = mkdtempSync(join(tmpdir(), 'spec-'));
    mkdirSync(join(dir, 'ops'));
    mkdirSync(join(dir, 'overlays'));
    const write = (file: string, value: unknown) => writeFileSync(join(dir, file), stringify(value));
    const uuid = { name: 'uuid', in: 'path', required: true, schema: { type: 'string' } };
    const agent = { content: { 'application/json': { schema: { $ref: '../definitions.yaml#/agent' } } } };
    write('openapi.yaml', {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/agents/{uuid}': { get: { $ref: 'ops/get-agent.yaml' }, put: { $ref: 'ops/update-agent.yaml' } },
      },
    });
    write('ops/get-agent.yaml', {
      operationId: 'get_agent',
      parameters: [uuid],
      responses: { '200': { description: 'ok', ...agent } },
    });
    write('ops/update-agent.yaml', {
      operationId: 'update_agent',
      parameters: [uuid],
      requestBody: agent,
      responses: { '200': { description: 'ok' } },
    });
    write('definitions.yaml', {
      agent: {
        type: 'object',
        properties: { name: { type: 'string' }, child_agents: { type: 'array', items: { $ref: '#/agent' } } },
      },
    });
    write('overlays/get.yaml', {
      operation_id: 'get_agent',
      iq_enabled: true,
      safety_tier: 'normal',
      reversible: false,
    });
    write('overlays/update.yaml', {
      operation_id: 'update_agent',
      iq_enabled: true,
      safety_tier: 'normal',
      reversible: true,
      compensation_operation_id: 'update_agent',
      parameter_allowlist: ['name'],
      compensation: {
        pre_image: { operation_id: 'get_agent', parameters: { uuid: '{{request.uuid}}' } },
        parameters: { uuid: '{{request.uuid}}', name: '{{before.child_agents[0].child_agents[1].name}}' },
      },
    });
    // Act
    const { registry, transform, warnings } = await buildWithReport(
      join(dir, 'openapi.yaml'),
      join(dir, 'overlays'),
    );
    // Assess
    expect(transform.skipped).toEqual([]);
    expect(warnings).toEqual([]);
    expect(registry.actions.map((a) => a.action_id)).toEqual(['get_agent', 'update_agent']);
    expect(registry.actions[1]?.compensation?.parameters.name).toBe(
      '{{before.child_agents.0.child_agents.1.name}}',
    );
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['an empty file', (dir: string) => writeFileSync(join(dir, 'spec.yaml'), ''), 'the file is empty'],
    ['a directory', (dir: string) => mkdirSync(join(dir, 'spec.yaml')), 'it is a directory, not a file'],
    [
      'not OpenAPI',
      (dir: string) => writeFileSync(join(dir, 'spec.yaml'), 'openapi: 2.5\n'),
      'not an OpenAPI 3.0/3.1',
    ],
  ])('names the problem when the spec is %s', async (_what, make, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'spec-'));
    make(dir);
    await expect(loadSpec(join(dir, 'spec.yaml'))).rejects.toMatchObject({
      name: 'SpecLoadError',
      message: expect.stringContaining(message),
    });
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports a $ref to a schema that does not exist, and still uses the operation', async () => {
    // Prepare: Square's own spec has such a reference, deep inside a shared component.
    const dir = mkdtempSync(join(tmpdir(), 'spec-'));
    const file = join(dir, 'openapi.yaml');
    writeFileSync(
      file,
      [
        'openapi: 3.0.3',
        "info: {title: t, version: '1'}",
        'paths:',
        "  /a: {get: {operationId: a, responses: {'200': {description: ok}}}}",
        'components:',
        '  schemas:',
        "    Item: {type: object, properties: {mode: {$ref: '#/components/schemas/Missing'}}}",
        '',
      ].join('\n'),
    );
    // Act
    const spec = await loadSpec(file);
    // Assess
    expect(spec.invalid).toEqual([]);
    expect(spec.warnings).toEqual([
      'unresolvable $ref #/components/schemas/Missing: treated as an unknown schema',
    ]);
    rmSync(dir, { recursive: true, force: true });
  });
});
