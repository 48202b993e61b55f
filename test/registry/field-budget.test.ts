import { describe, expect, it } from 'vitest';
import { MAX_FIELDS } from '../../lib/registry/compile/value-mapping.ts';
import { jsonBody, okResponse, op, overlay, specDoc, transformDoc } from './helpers.ts';

/** An object of `width` string fields, `required` of them required. */
function wide(width: number, required = 0): Record<string, unknown> {
  const properties = Object.fromEntries(
    Array.from({ length: width }, (_, i) => [`field_${i}`, { type: 'string' }]),
  );
  return { type: 'object', properties, required: Object.keys(properties).slice(0, required) };
}

const spec = (properties: Record<string, unknown>, required: string[] = []) =>
  specDoc(
    op('post', '/envelopes', {
      operationId: 'sendEnvelope',
      requestBody: jsonBody(properties, required),
      responses: okResponse(),
    }),
  );

describe('transform: the field budget of one action', () => {
  it(`exposes at most ${MAX_FIELDS} nested fields of an object allowlisted whole, and reports the rest`, () => {
    // Prepare: 3 × 300 fields under one allowlisted object (DocuSign's envelope is this shape, only wider).
    const body = { envelope: { type: 'object', properties: { a: wide(300), b: wide(300), c: wide(300) } } };
    // Act
    const result = transformDoc(spec(body), [
      overlay({ operation_id: 'sendEnvelope', parameter_allowlist: ['envelope'] }),
    ]);
    // Assess
    const envelope = result.actions[0]?.parameters.find((p) => p.name === 'envelope');
    const nested = (envelope?.fields ?? []).reduce((n, f) => n + 1 + (f.fields?.length ?? 0), 0);
    expect(nested).toBe(MAX_FIELDS);
    // a, its 300 fields, b and the first fields of b fill the budget; the rest of b, and c whole, are cut.
    const cut = result.hidden.filter((h) => h.reason === 'too_large');
    const firstCut = MAX_FIELDS - 302;
    expect(cut.map((h) => h.wire_name)).toEqual([
      ...Array.from({ length: 300 - firstCut }, (_, i) => `envelope.b.field_${firstCut + i}`),
      'envelope.c',
    ]);
    expect(cut[0]).toEqual({
      action_id: 'sendEnvelope',
      wire_name: `envelope.b.field_${MAX_FIELDS - 302}`,
      location: 'body',
      reason: 'too_large',
      detail: `is past the ${MAX_FIELDS}-field budget of one action`,
    });
  });

  it('skips the action, with the reason, when a required field is past the budget', () => {
    // Prepare
    const body = { envelope: wide(MAX_FIELDS + 1, MAX_FIELDS + 1) };
    // Act
    const result = transformDoc(spec(body, ['envelope']), [overlay({ operation_id: 'sendEnvelope' })]);
    // Assess
    expect(result.actions).toEqual([]);
    expect(result.skipped).toEqual([
      {
        operation_id: 'sendEnvelope',
        kind: 'unsupported',
        reason: `required input 'envelope' needs field envelope.field_${MAX_FIELDS}, which is past the ${MAX_FIELDS}-field budget of one action`,
        source: 'sendEnvelope.yaml',
      },
    ]);
  });
});
