import { describe, expect, it } from 'vitest';
import { ActionMetadataOverlay } from '../../lib/contracts/overlay.ts';
import { ActionRegistry } from '../../lib/registry/action-registry.ts';
import { jsonBody, okResponse, op, overlay, specDoc, transformDoc } from './helpers.ts';

type Json = Record<string, unknown>;

const orderResponse = okResponse({
  order: {
    type: 'object',
    properties: {
      orderId: { type: 'string' },
      version: { type: 'integer' },
      lines: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } } } },
    },
  },
});

/** addLine (a mutation whose effect shows in a list of getOrder), getOrder (read), and a read-only listOrders. */
const doc = specDoc({
  ...op('post', '/orders/{orderId}/lines', {
    operationId: 'addLine',
    parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'string' } }],
    requestBody: jsonBody({ sku: { type: 'string' } }, ['sku']),
    responses: orderResponse,
  }),
  ...op('get', '/orders/{orderId}', {
    operationId: 'getOrder',
    parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'string' } }],
    responses: orderResponse,
  }),
});

const VALID = {
  operation_id: 'getOrder',
  parameters: { order_id: '{{request.order_id}}' },
  fields: { 'order.lines.sku': '{{ request.sku }}' },
  version: 'order.version',
};

function withVerify(verify: Json, on = 'addLine') {
  const result = transformDoc(doc, [
    overlay({ operation_id: 'addLine', ...(on === 'addLine' ? { verify: verify as never } : {}) }),
    overlay({ operation_id: 'getOrder', ...(on === 'getOrder' ? { verify: verify as never } : {}) }),
  ]);
  return { result, reason: result.skipped.find((s) => s.operation_id === on)?.reason };
}

describe('overlay verify block (ADR 0011)', () => {
  it('compiles a valid block: request templates, response paths through lists, a version path', () => {
    // Act
    const { result, reason } = withVerify(VALID);

    // Assess
    expect(reason).toBeUndefined();
    expect(new ActionRegistry(result.actions).get('addLine')?.verify).toEqual({
      action_id: 'getOrder',
      parameters: { order_id: '{{request.order_id}}' },
      fields: { 'order.lines.sku': '{{request.sku}}' },
      version: 'order.version',
    });
  });

  it.each<[string, Json, string]>([
    [
      'a missing read',
      { operation_id: 'getOrdr' },
      "verify.operation_id 'getOrdr' does not exist in the spec",
    ],
    ['a read that is a mutation', { operation_id: 'addLine' }, "verify.operation_id 'addLine' is not a read"],
    [
      'an uncovered read parameter',
      { parameters: {} },
      "verify.parameters misses required parameter 'order_id'",
    ],
    [
      'a read parameter that is not the read’s',
      { parameters: { order_id: '{{request.order_id}}', colour: 'red' } },
      "verify.parameters parameter 'colour' is not a parameter of getOrder",
    ],
    [
      'a read parameter from the lost response',
      { parameters: { order_id: '{{response.order.order_id}}' } },
      "verify.parameters order_id: '{{response.order.order_id}}' reads 'response'; only request may be used here",
    ],
    [
      'a field the read does not return',
      { fields: { 'order.status': '{{request.sku}}' } },
      "verify.fields 'order.status' is not in the verify read's response schema (no 'status')",
    ],
    [
      'a field that is not a path',
      { fields: { 'order..sku': '{{request.sku}}' } },
      "verify.fields 'order..sku' is not a path",
    ],
    [
      'an intended value from the pre-image',
      { fields: { 'order.lines.sku': '{{before.sku}}' } },
      "verify.fields order.lines.sku: '{{before.sku}}' reads 'before'; only request may be used here",
    ],
    [
      'an intended value the request does not have',
      { fields: { 'order.lines.sku': '{{request.colour}}' } },
      'verify.fields order.lines.sku: {{request.colour}} is not a parameter of the forward call',
    ],
    [
      'a version the read does not return',
      { version: 'order.revision' },
      "verify.version 'order.revision' is not in the verify read's response schema (no 'revision')",
    ],
  ])('rejects %s, naming the field', (_what, change, message) => {
    // Act
    const { result, reason } = withVerify({ ...VALID, ...change });

    // Assess
    expect(reason).toContain(message);
    expect(result.actions.map((a) => a.action_id)).not.toContain('addLine');
  });

  it('rejects a verify block on a read', () => {
    const { reason } = withVerify(VALID, 'getOrder');
    expect(reason).toBe('verify is for actions that change something; this one is a read');
  });

  it('rejects a block with no field to compare, and unknown keys, when the overlay is parsed', () => {
    // Act
    const empty = ActionMetadataOverlay.safeParse({
      operation_id: 'addLine',
      iq_enabled: true,
      safety_tier: 'normal',
      reversible: false,
      verify: { ...VALID, fields: {} },
    });
    const unknown = ActionMetadataOverlay.safeParse({
      operation_id: 'addLine',
      iq_enabled: true,
      safety_tier: 'normal',
      reversible: false,
      verify: { ...VALID, equals: {} },
    });

    // Assess
    expect(empty.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['verify.fields', 'verify.fields needs at least one response field to compare'],
    ]);
    expect(unknown.error?.issues[0]?.message).toContain('Unrecognized key: "equals"');
  });
});
