import { describe, expect, it } from 'vitest';
import { ActionRegistry } from '../../lib/registry/action-registry.ts';
import { jsonBody, okResponse, op, overlay, specDoc, thingIdParam, transformDoc } from './helpers.ts';

const getThing = op(
  'get',
  '/things/{thingId}',
  {
    operationId: 'getThing',
    description: 'OpenAPI text for getThing.',
    responses: okResponse({ thingId: { type: 'string' }, colour: { type: 'string' } }),
  },
  [thingIdParam],
);

const paintThing = op(
  'post',
  '/things/{thingId}/paint',
  {
    operationId: 'paintThing',
    requestBody: jsonBody(
      { colour: { type: 'string' }, glossy: { type: 'boolean' }, coats: { type: 'integer' } },
      ['colour'],
    ),
    responses: okResponse(),
  },
  [thingIdParam],
);

describe('transform', () => {
  describe('rule 1: only iq_enabled operations', () => {
    it('transforms enabled operations and skips disabled ones and ones without an overlay', () => {
      // Prepare
      const doc = specDoc({
        ...getThing,
        ...paintThing,
        ...op('get', '/other', { operationId: 'other', responses: okResponse() }),
      });
      // Act
      const result = transformDoc(doc, [
        overlay({ operation_id: 'getThing' }),
        overlay({ operation_id: 'paintThing', iq_enabled: false }),
      ]);
      // Assess
      expect(result.actions.map((a) => a.action_id)).toEqual(['getThing']);
      expect(result.skipped).toEqual([
        expect.objectContaining({ operation_id: 'other', kind: 'no_overlay' }),
        expect.objectContaining({ operation_id: 'paintThing', kind: 'not_enabled' }),
      ]);
    });

    it('keeps blocked operations for audit, but no model view contains them', () => {
      // Prepare
      const doc = specDoc({ ...getThing, ...paintThing });
      // Act
      const result = transformDoc(doc, [
        overlay({ operation_id: 'getThing' }),
        overlay({ operation_id: 'paintThing', iq_enabled: false, safety_tier: 'blocked' }),
      ]);
      const registry = new ActionRegistry(result.actions);
      // Assess
      expect(registry.require('paintThing').safety_tier).toBe('blocked');
      expect(registry.modelVisible().map((a) => a.action_id)).toEqual(['getThing']);
      expect(registry.mutations()).toEqual([]);
    });
  });

  describe('rule 2: required always, optional only when allowlisted', () => {
    it('exposes required parameters and only the allowlisted optional ones', () => {
      // Prepare
      const doc = specDoc({ ...paintThing });
      // Act
      const result = transformDoc(doc, [
        overlay({ operation_id: 'paintThing', parameter_allowlist: ['glossy'] }),
      ]);
      // Assess
      const action = result.actions[0];
      expect(action?.parameters.map((p) => [p.name, p.required])).toEqual([
        ['thing_id', true],
        ['colour', true],
        ['glossy', false],
      ]);
      expect(result.hidden).toEqual([
        expect.objectContaining({ action_id: 'paintThing', wire_name: 'coats', reason: 'not_allowlisted' }),
      ]);
    });

    it('accepts allowlist entries by wire name as well as snake_case name', () => {
      const result = transformDoc(specDoc({ ...paintThing }), [
        overlay({ operation_id: 'paintThing', parameter_allowlist: ['coats'] }),
      ]);
      expect(result.actions[0]?.parameters.map((p) => p.name)).toContain('coats');
    });

    it('rejects an overlay whose allowlist names an unknown parameter', () => {
      // Act
      const result = transformDoc(specDoc({ ...paintThing }), [
        overlay({ operation_id: 'paintThing', parameter_allowlist: ['glosy'] }),
      ]);
      // Assess
      expect(result.actions).toEqual([]);
      expect(result.skipped[0]).toMatchObject({
        kind: 'invalid_overlay',
        reason: expect.stringContaining("'glosy'"),
      });
    });
  });

  describe('rule 3: sensitive parameters never', () => {
    const secretive = op('post', '/secrets', {
      operationId: 'secretive',
      parameters: [
        { name: 'X-Api-Key', in: 'header', schema: { type: 'string' } },
        { name: 'accessToken', in: 'query', schema: { type: 'string' } },
        { name: 'nickname', in: 'query', schema: { type: 'string' }, 'x-sensitive': true },
      ],
      requestBody: jsonBody({
        password: { type: 'string' },
        clientSecret: { type: 'string' },
        card_number: { type: 'string' },
        cvv: { type: 'string' },
        pin: { type: 'string', format: 'password' },
        loyaltyCode: { type: 'string' },
        label: { type: 'string' },
      }),
      responses: okResponse(),
    });
    const everything = [
      'x_api_key',
      'access_token',
      'nickname',
      'password',
      'client_secret',
      'card_number',
      'cvv',
      'pin',
      'loyalty_code',
      'label',
    ];

    it('hides sensitive names, format password, x-sensitive and overlay sensitive_parameters, even when allowlisted', () => {
      // Act
      const result = transformDoc(specDoc({ ...secretive }), [
        overlay({
          operation_id: 'secretive',
          parameter_allowlist: everything,
          sensitive_parameters: ['loyaltyCode'],
        }),
      ]);
      // Assess
      expect(result.actions[0]?.parameters.map((p) => p.name)).toEqual(['label']);
      const sensitive = result.hidden.filter((h) => h.reason === 'sensitive').map((h) => h.wire_name);
      expect(sensitive.sort()).toEqual(
        [
          'X-Api-Key',
          'accessToken',
          'nickname',
          'password',
          'clientSecret',
          'card_number',
          'cvv',
          'pin',
          'loyaltyCode',
        ].sort(),
      );
      expect(
        result.hidden.every((h) => h.reason !== 'sensitive' || h.detail === 'allowlisted, but sensitive'),
      ).toBe(true);
    });

    it('skips an operation whose required input is sensitive, with that reason', () => {
      // Prepare
      const doc = specDoc(
        op('post', '/login', {
          operationId: 'login',
          requestBody: jsonBody({ password: { type: 'string' } }, ['password']),
          responses: okResponse(),
        }),
      );
      // Act
      const result = transformDoc(doc, [overlay({ operation_id: 'login' })]);
      // Assess
      expect(result.actions).toEqual([]);
      expect(result.skipped[0]).toMatchObject({
        kind: 'unsupported',
        reason: expect.stringContaining('sensitive'),
      });
    });
  });

  describe('rule 4: descriptions from the overlay, augmented with examples', () => {
    it('uses llm_description, adds usage hints and the examples', () => {
      // Act
      const result = transformDoc(specDoc({ ...getThing }), [
        overlay({
          operation_id: 'getThing',
          llm_description: 'Reads a thing. Use it to check colours.',
          examples: ['What colour is thing 7?'],
        }),
      ]);
      // Assess
      expect(result.actions[0]?.description).toBe(
        'Reads a thing. Use it to check colours. Read-only: safe to call while planning. Examples: "What colour is thing 7?".',
      );
      expect(result.actions[0]?.examples).toEqual(['What colour is thing 7?']);
    });

    it('falls back to the OpenAPI description and the humanised operationId as name', () => {
      const result = transformDoc(specDoc({ ...getThing }), [overlay({ operation_id: 'getThing' })]);
      expect(result.actions[0]).toMatchObject({
        name: 'Get thing',
        description: expect.stringMatching(/^OpenAPI text for getThing\./),
      });
    });

    it('keeps the description within 500 chars, dropping examples before cutting the text', () => {
      // Prepare
      const long = `${'word '.repeat(85)}end.`; // 429 chars: room for the hint and one example only
      // Act
      const result = transformDoc(specDoc({ ...getThing }), [
        overlay({
          operation_id: 'getThing',
          llm_description: long,
          examples: ['one example', 'two example', 'three example'],
        }),
      ]);
      // Assess
      const description = result.actions[0]?.description ?? '';
      expect(description.length).toBeLessThanOrEqual(500);
      expect(description).toContain('end.');
      expect(description).toContain('one example');
      expect(description).not.toContain('two example');
    });

    it('states irreversibility and high risk in the description of a mutation', () => {
      const result = transformDoc(specDoc({ ...paintThing }), [
        overlay({ operation_id: 'paintThing', safety_tier: 'high_risk' }),
      ]);
      expect(result.actions[0]?.description).toContain('High risk');
      expect(result.actions[0]?.description).toContain('Irreversible');
    });
  });

  describe('rule 5: safety tier and reversibility', () => {
    it('carries tier and reversibility, and resolves a self-compensation with a pre-image', () => {
      // Prepare
      const doc = specDoc({ ...getThing, ...paintThing });
      // Act
      const result = transformDoc(doc, [
        overlay({ operation_id: 'getThing', output_fields: ['colour'] }),
        overlay({
          operation_id: 'paintThing',
          safety_tier: 'high_risk',
          reversible: true,
          compensation_operation_id: 'paintThing',
          compensation: {
            pre_image: { operation_id: 'getThing', parameters: { thing_id: '{{request.thing_id}}' } },
            parameters: { thing_id: '{{request.thing_id}}', colour: '{{before.colour}}' },
          },
        }),
      ]);
      // Assess
      const paint = result.actions.find((a) => a.action_id === 'paintThing');
      expect(paint).toMatchObject({
        safety_tier: 'high_risk',
        reversible: true,
        compensation_action_id: 'paintThing',
        compensation: {
          action_id: 'paintThing',
          parameters: { thing_id: '{{request.thing_id}}', colour: '{{before.colour}}' },
          pre_image: { action_id: 'getThing', parameters: { thing_id: '{{request.thing_id}}' } },
        },
      });
      expect(result.actions.find((a) => a.action_id === 'getThing')).toMatchObject({
        reversible: false,
        read_only: true,
      });
    });

    it('accepts a mutual compensation (assign undoes unassign and back)', () => {
      // Prepare
      const doc = specDoc({
        ...op('post', '/things/{thingId}/assign', { operationId: 'assign', responses: okResponse() }, [
          thingIdParam,
        ]),
        ...op('post', '/things/{thingId}/unassign', { operationId: 'unassign', responses: okResponse() }, [
          thingIdParam,
        ]),
      });
      const undoWith = (id: string, other: string) =>
        overlay({
          operation_id: id,
          reversible: true,
          compensation_operation_id: other,
          compensation: { parameters: { thing_id: '{{request.thing_id}}' } },
        });
      // Act
      const result = transformDoc(doc, [undoWith('assign', 'unassign'), undoWith('unassign', 'assign')]);
      // Assess
      expect(result.actions.map((a) => [a.action_id, a.compensation?.action_id])).toEqual([
        ['assign', 'unassign'],
        ['unassign', 'assign'],
      ]);
    });

    it('rejects an irreversible overlay that declares a compensation', () => {
      const result = transformDoc(specDoc({ ...paintThing }), [
        overlay({ operation_id: 'paintThing', compensation: { parameters: {} } }),
      ]);
      expect(result.skipped[0]).toMatchObject({
        kind: 'invalid_overlay',
        reason: expect.stringContaining('reversible is false'),
      });
    });

    it('rejects a compensation that misses a required parameter of the compensation action', () => {
      // Act
      const result = transformDoc(specDoc({ ...paintThing }), [
        overlay({
          operation_id: 'paintThing',
          reversible: true,
          compensation_operation_id: 'paintThing',
          compensation: { parameters: { thing_id: '{{request.thing_id}}' } },
        }),
      ]);
      // Assess
      expect(result.skipped[0]?.reason).toBe("compensation misses required parameter 'colour' of paintThing");
    });
  });
});
