import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../lib/registry/compile/build-registry.ts';

const ROOT = join(import.meta.dirname, '../..');

describe('compiled-registry.generated.json', () => {
  it('equals a fresh build of openapi/ + overlays/ (STYLE 10: CI proves the artefact is fresh)', async () => {
    // Prepare
    const committed: unknown = JSON.parse(
      readFileSync(join(ROOT, 'lib/registry/compiled-registry.generated.json'), 'utf8'),
    );
    // Act
    const fresh = await build(join(ROOT, 'openapi/booking-api.yaml'), join(ROOT, 'overlays'));
    // Assess
    expect(
      JSON.parse(JSON.stringify(fresh)),
      'lib/registry/compiled-registry.generated.json is stale: run npm run registry:build and commit the result',
    ).toEqual(committed);
  });
});
