import { describe, expect, it } from 'vitest';
import { jsonBody, okResponse, op, overlay, specDoc, thingIdParam, transformDoc } from './helpers.ts';

type Json = Record<string, unknown>;

/** POST /things/{thingId} with a JSON body of these properties. */
function postThing(properties: Json, required: string[] = [], extra: Json = {}) {
  return specDoc(
    op(
      'post',
      '/things/{thingId}',
      {
        operationId: 'postThing',
        requestBody: jsonBody(properties, required),
        responses: okResponse(),
        ...extra,
      },
      [thingIdParam],
    ),
  );
}

const node: Json = { type: 'object', properties: { label: { type: 'string' } } };
// A schema that contains itself, as a dereferenced self-referencing $ref does (a cycle of objects).
(node.properties as Json).children = { type: 'array', items: node };

describe('structured inputs (issue 17)', () => {
  it('takes a required list of objects and a nested object, exposing required fields and allowlisted ones', () => {
    // Prepare
    const doc = postThing(
      {
        items: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            required: ['sku'],
            properties: { sku: { type: 'string' }, qty: { type: 'integer' }, note: { type: 'string' } },
          },
        },
        tags: { type: 'array', items: { type: 'string' } },
        shipping: { type: 'object', properties: { city: { type: 'string' }, zip: { type: 'string' } } },
      },
      ['items'],
    );
    // Act
    const result = transformDoc(doc, [
      overlay({ operation_id: 'postThing', parameter_allowlist: ['items.qty', 'tags', 'shipping.city'] }),
    ]);
    // Assess
    const [, items, tags, shipping] = result.actions[0]?.parameters ?? [];
    expect(items).toMatchObject({
      name: 'items',
      type: 'array',
      required: true,
      constraints: { min_items: 1 },
    });
    expect(items?.items?.fields?.map((f) => [f.name, f.required])).toEqual([
      ['sku', true],
      ['qty', false],
    ]);
    expect(tags).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(shipping?.fields?.map((f) => f.name)).toEqual(['city']);
    expect(result.hidden.map((h) => [h.wire_name, h.reason])).toEqual([
      ['items[].note', 'not_allowlisted'],
      ['shipping.zip', 'not_allowlisted'],
    ]);
  });

  it('allowlisting an object exposes everything under it (except what is server-set or secret)', () => {
    const doc = postThing({
      card: {
        type: 'object',
        properties: {
          holder: { type: 'string' },
          card_number: { type: 'string' },
          id: { type: 'string', readOnly: true },
        },
      },
    });
    const result = transformDoc(doc, [overlay({ operation_id: 'postThing', parameter_allowlist: ['card'] })]);
    expect(result.actions[0]?.parameters[1]?.fields?.map((f) => f.name)).toEqual(['holder']);
    expect(result.hidden.map((h) => [h.wire_name, h.reason])).toEqual([
      ['card.card_number', 'sensitive'],
      ['card.id', 'read_only'],
    ]);
  });

  it('skips an operation whose required nested field is secret, and names it', () => {
    const doc = postThing(
      { login: { type: 'object', required: ['password'], properties: { password: { type: 'string' } } } },
      ['login'],
    );
    const result = transformDoc(doc, [overlay({ operation_id: 'postThing' })]);
    expect(result.skipped[0]?.reason).toBe(
      "required input 'login' needs field login.password, which is sensitive",
    );
  });

  it('rejects an overlay naming a nested field that does not exist', () => {
    const doc = postThing({ shipping: { type: 'object', properties: { city: { type: 'string' } } } });
    const result = transformDoc(doc, [
      overlay({ operation_id: 'postThing', parameter_allowlist: ['shipping.town'] }),
    ]);
    expect(result.skipped[0]).toMatchObject({
      kind: 'invalid_overlay',
      reason: "parameter_allowlist names unknown field 'shipping.town' (shipping has no town)",
    });
  });

  it('expands a self-referencing schema to a bounded depth, with a note and the cut field reported', () => {
    const doc = postThing({ tree: node });
    const result = transformDoc(doc, [overlay({ operation_id: 'postThing', parameter_allowlist: ['tree'] })]);
    const tree = result.actions[0]?.parameters[1];
    const child = tree?.fields?.find((f) => f.name === 'children')?.items;
    expect(child?.fields?.map((f) => f.name)).toEqual(['label']);
    expect(result.hidden).toContainEqual(
      expect.objectContaining({ wire_name: 'tree.children[].children', reason: 'recursive' }),
    );
    expect(result.notes).toEqual([
      'postThing: tree.children[].children nests its own schema; expanded 1 level(s) deep, the rest is cut',
    ]);
  });

  it('takes a body that is not an object as one parameter, `body`', () => {
    const doc = specDoc(
      op('put', '/things/{thingId}/tags', {
        operationId: 'setTags',
        parameters: [thingIdParam],
        requestBody: {
          content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } },
        },
        responses: okResponse(),
      }),
    );
    const result = transformDoc(doc, [overlay({ operation_id: 'setTags', parameter_allowlist: ['body'] })]);
    expect(result.actions[0]?.parameters[1]).toMatchObject({
      name: 'body',
      location: 'whole_body',
      type: 'array',
      required: false,
    });
  });

  it('reports an optional body it cannot send, and skips an operation that needs one', () => {
    const body = (required: boolean) => ({
      required,
      content: { 'text/csv': { schema: { type: 'string' } } },
    });
    const doc = (required: boolean) =>
      specDoc(
        op('post', '/imports', {
          operationId: 'importThings',
          requestBody: body(required),
          responses: okResponse(),
        }),
      );
    const optional = transformDoc(doc(false), [overlay({ operation_id: 'importThings' })]);
    const required = transformDoc(doc(true), [overlay({ operation_id: 'importThings' })]);
    expect(optional.hidden).toEqual([
      expect.objectContaining({
        wire_name: 'body',
        reason: 'unsupported',
        detail: expect.stringMatching(/text\/csv/),
      }),
    ]);
    expect(required.skipped[0]?.reason).toBe('has a text/csv request body, which is not supported');
  });

  it('exposes a body field named like a path parameter as body_<name>, with a note', () => {
    const doc = postThing({ thingId: { type: 'string' }, name: { type: 'string' } }, ['thingId']);
    const result = transformDoc(doc, [overlay({ operation_id: 'postThing' })]);
    expect(result.actions[0]?.parameters.map((p) => [p.name, p.location, p.wire_name])).toEqual([
      ['thing_id', 'path', 'thingId'],
      ['body_thing_id', 'body', 'thingId'],
    ]);
    expect(result.notes).toEqual([
      "postThing: body field 'thingId' is exposed as 'body_thing_id' (a parameter is named 'thing_id')",
    ]);
  });

  it('refuses objects in query parameters but takes lists of values', () => {
    const doc = specDoc(
      op('get', '/things', {
        operationId: 'listThings',
        parameters: [
          { name: 'ids', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
          { name: 'filter', in: 'query', schema: { type: 'object', properties: { a: { type: 'string' } } } },
        ],
        responses: okResponse(),
      }),
    );
    const result = transformDoc(doc, [
      overlay({ operation_id: 'listThings', parameter_allowlist: ['ids', 'filter'] }),
    ]);
    expect(result.actions[0]?.parameters.map((p) => p.name)).toEqual(['ids']);
    expect(result.hidden[0]).toMatchObject({
      wire_name: 'filter',
      detail: 'is a query parameter holding structured values',
    });
  });
});

describe('danger acknowledgements (issue 17)', () => {
  const destroy = (header: string, required = true) =>
    specDoc(
      op('delete', '/things/{thingId}', {
        operationId: 'destroyThing',
        parameters: [thingIdParam, { name: header, in: 'header', required, schema: { type: 'boolean' } }],
        responses: okResponse(),
      }),
    );

  it('turns X-Dangerous into a header the HTTP client sets, never a parameter', () => {
    const result = transformDoc(destroy('X-Dangerous'), [
      overlay({ operation_id: 'destroyThing', safety_tier: 'high_risk' }),
    ]);
    expect(result.actions[0]?.parameters.map((p) => p.name)).toEqual(['thing_id']);
    expect(result.actions[0]?.danger_headers).toEqual([{ wire_name: 'X-Dangerous', value: 'true' }]);
  });

  it('takes other names from the overlay, and requires a high_risk tier', () => {
    const custom = transformDoc(destroy('X-Really', false), [
      overlay({ operation_id: 'destroyThing', safety_tier: 'high_risk', danger_headers: ['X-Really'] }),
    ]);
    const normal = transformDoc(destroy('X-Dangerous'), [overlay({ operation_id: 'destroyThing' })]);
    expect(custom.actions[0]?.danger_headers).toEqual([{ wire_name: 'X-Really', value: 'true' }]);
    expect(normal.skipped[0]).toMatchObject({
      kind: 'invalid_overlay',
      reason:
        'X-Dangerous acknowledges a destructive call: safety_tier must be high_risk (or blocked), not normal',
    });
  });
});
