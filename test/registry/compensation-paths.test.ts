import { describe, expect, it } from 'vitest';
import { ActionRegistry } from '../../lib/registry/action-registry.ts';
import { toFunctionDeclaration } from '../../lib/registry/gemini-declarations.ts';
import { jsonBody, okResponse, op, overlay, specDoc, transformDoc } from './helpers.ts';

type Json = Record<string, unknown>;

const orderResponse = okResponse({
  order: {
    type: 'object',
    properties: {
      orderId: { type: 'string' },
      lines: { type: 'array', items: { type: 'object', properties: { lineId: { type: 'string' } } } },
    },
  },
});

/** createOrder (body: a list of lines), getOrder (read), cancelOrder; the templates under test go on createOrder. */
const doc = specDoc({
  ...op('post', '/orders', {
    operationId: 'createOrder',
    requestBody: jsonBody(
      { lines: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } } } } },
      ['lines'],
    ),
    responses: orderResponse,
  }),
  ...op('get', '/orders/{orderId}', {
    operationId: 'getOrder',
    parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'string' } }],
    responses: orderResponse,
  }),
  ...op('post', '/orders/{orderId}/cancel', {
    operationId: 'cancelOrder',
    parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'string' } }],
    requestBody: jsonBody({ reason: { type: 'string' } }),
    responses: orderResponse,
  }),
});

function withCompensation(compensation: Json, cancel: Json = {}) {
  return transformDoc(doc, [
    overlay({
      operation_id: 'createOrder',
      parameter_allowlist: ['lines'],
      reversible: true,
      compensation_operation_id: 'cancelOrder',
      compensation: compensation as never,
    }),
    overlay({ operation_id: 'getOrder' }),
    overlay({ operation_id: 'cancelOrder', parameter_allowlist: ['reason'], ...cancel }),
  ]);
}

describe('compensation templates over paths (issue 17)', () => {
  it('accepts dotted paths and list items of the response, the request and the pre-image, in the compiled form', () => {
    // Act
    const result = withCompensation({
      pre_image: { operation_id: 'getOrder', parameters: { order_id: '{{response.order.order_id}}' } },
      parameters: { order_id: '{{ response.order.order_id }}', reason: 'Undo {{request.lines[0].sku}}' },
    });
    // Assess: a pre-image may only read the request, so this one is refused, naming the source.
    expect(result.skipped.find((s) => s.operation_id === 'createOrder')?.reason).toBe(
      "pre_image order_id: '{{response.order.order_id}}' reads 'response'; only request may be used here",
    );
    const ok = withCompensation({
      parameters: { order_id: '{{ response.order.lines[0].line_id }}', reason: '{{request.lines.0.sku}}' },
    });
    expect(ok.actions.find((a) => a.action_id === 'createOrder')?.compensation?.parameters).toEqual({
      order_id: '{{response.order.lines.0.line_id}}',
      reason: '{{request.lines.0.sku}}',
    });
  });

  it.each([
    [
      '{{response.order.missing}}',
      "{{response.order.missing}} is not in the success response schema (no 'missing')",
    ],
    [
      '{{response.order.lines.line_id}}',
      "{{response.order.lines.line_id}} is not in the success response schema (no 'line_id')",
    ],
    ['{{request.lines[0].colour}}', '{{request.lines[0].colour}} is not a parameter of the forward call'],
    ['{{before.order.order_id}}', '{{before.order.order_id}} needs compensation.pre_image'],
    [
      '{{step_1.order_id}}',
      "'{{step_1.order_id}}' reads 'step_1'; only request, response, before may be used here",
    ],
    ['{{response.order..x}}', "malformed template '{{response.order..x}}'"],
  ])('refuses %s, naming the problem', (template, reason) => {
    const result = withCompensation({ parameters: { order_id: template } });
    expect(result.skipped.find((s) => s.operation_id === 'createOrder')?.reason).toContain(
      `compensation order_id: ${reason}`,
    );
  });

  describe('execution-only compensations', () => {
    const valid = { parameters: { order_id: '{{response.order.order_id}}' } };

    it('registers an iq_enabled: false compensation for the executor only', () => {
      // Act
      const result = withCompensation(valid, { iq_enabled: false });
      const registry = new ActionRegistry(result.actions);
      // Assess
      expect(registry.get('cancelOrder')?.execution_only).toBe(true);
      expect(registry.requireExecutable('cancelOrder').action_id).toBe('cancelOrder');
      expect(registry.isModelVisible('cancelOrder')).toBe(false);
      expect(registry.modelVisible().map((a) => a.action_id)).toEqual(['createOrder', 'getOrder']);
      expect(() => toFunctionDeclaration(registry.require('cancelOrder'))).toThrow(/execution-only/);
    });

    it('leaves an iq_enabled: false operation out when nothing runs it', () => {
      const result = withCompensation(valid, { iq_enabled: false });
      const unused = transformDoc(doc, [overlay({ operation_id: 'cancelOrder', iq_enabled: false })]);
      expect(result.skipped.map((s) => s.operation_id)).not.toContain('cancelOrder');
      expect(unused.skipped).toContainEqual(
        expect.objectContaining({ operation_id: 'cancelOrder', kind: 'not_enabled' }),
      );
    });

    it('keeps blocked blocked: a blocked compensation is still an error', () => {
      const result = withCompensation(valid, { iq_enabled: false, safety_tier: 'blocked' });
      expect(result.skipped.find((s) => s.operation_id === 'createOrder')?.reason).toBe(
        "compensation operation 'cancelOrder' is blocked",
      );
      expect(() => new ActionRegistry(result.actions).requireExecutable('cancelOrder')).toThrow(/blocked/);
    });
  });
});
