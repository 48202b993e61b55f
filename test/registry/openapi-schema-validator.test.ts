import { describe, expect, it } from 'vitest';
import { openapiSchemaErrors } from '../../lib/registry/compile/openapi-schema-validator.ts';

const doc = (openapi: string, parameter: Record<string, unknown>) => ({
  openapi,
  info: { title: 't', version: '1' },
  paths: {
    '/things/{id}': {
      get: { operationId: 'getThing', parameters: [parameter], responses: { '200': { description: 'ok' } } },
    },
  },
});

describe('openapiSchemaErrors', () => {
  it.each(['3.0.3', '3.1.0'])('accepts a valid %s document', (version) => {
    // Prepare
    const schema = version === '3.1.0' ? { type: ['string', 'null'] } : { type: 'string', nullable: true };
    // Act
    const errors = openapiSchemaErrors(doc(version, { name: 'id', in: 'path', required: true, schema }));
    // Assess
    expect(errors).toEqual([]);
  });

  it.each(['3.0.3', '3.1.0'])(
    'points into the operation of a %s document that breaks the schema',
    (version) => {
      // Act: a parameter without `in`.
      const errors = openapiSchemaErrors(doc(version, { name: 'id', schema: { type: 'string' } }));
      // Assess
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.map((e) => e.instancePath)).toContain('/paths/~1things~1{id}/get/parameters/0');
    },
  );

  it('gives the same answer twice (the compiled validator is reused, its errors copied)', () => {
    // Prepare
    const bad = doc('3.0.3', { name: 'id', schema: { type: 'string' } });
    // Act
    const first = openapiSchemaErrors(bad);
    openapiSchemaErrors(doc('3.0.3', { name: 'id', in: 'path', required: true, schema: { type: 'string' } }));
    const second = openapiSchemaErrors(bad);
    // Assess
    expect(second).toEqual(first);
    expect(first.length).toBeGreaterThan(0);
  });
});
