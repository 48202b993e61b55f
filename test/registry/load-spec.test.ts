import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildWithReport } from '../../lib/registry/build-registry.ts';
import { loadSpec } from '../../lib/registry/load-spec.ts';

const SPECS = join(import.meta.dirname, '../fixtures/specs');

describe('loadSpec', () => {
  it('still yields the valid operations of a spec in which one operation violates the OpenAPI schema', async () => {
    // Arrange
    const dir = join(SPECS, 'one-invalid-operation');
    // Act
    const { registry, transform } = await buildWithReport(join(dir, 'openapi.yaml'), join(dir, 'overlays'));
    // Assert
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
    // Arrange
    const dir = join(SPECS, 'multi-file');
    // Act
    const { registry, transform } = await buildWithReport(join(dir, 'openapi.yaml'), join(dir, 'overlays'));
    // Assert
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
    // Arrange
    const dir = mkdtempSync(join(tmpdir(), 'spec-'));
    const file = join(dir, 'broken.yaml');
    writeFileSync(file, 'openapi: 3.0.3\npaths: [unclosed\n');
    // Act
    const loading = loadSpec(file);
    // Assert
    await expect(loading).rejects.toMatchObject({
      name: 'SpecLoadError',
      message: expect.stringContaining('broken.yaml'),
    });
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports operations with unresolvable $refs and keeps the others', async () => {
    // Arrange
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
    // Assert
    expect(spec.invalid.map((i) => [i.operation_id, i.reason.split(':')[0]])).toEqual([
      ['b', 'unresolvable $ref'],
      ['/c', 'unresolvable $ref'],
    ]);
    expect(spec.invalid[1]?.reason).toContain('Error opening file missing.yaml');
    expect(Object.keys((spec.document as { paths: object }).paths)).toEqual(['/a', '/b']);
    rmSync(dir, { recursive: true, force: true });
  });
});
