import { describe, expect, it } from 'vitest';
import { mapSchema } from '../../lib/registry/compile/schema-mapping.ts';
import { jsonBody, okResponse, op, overlay, specDoc, thingIdParam, transformDoc } from './helpers.ts';

describe('parameters', () => {
  describe('mapSchema', () => {
    it.each([
      [{ type: 'string' }, 'string'],
      [{ type: 'integer' }, 'number'],
      [{ type: 'number' }, 'number'],
      [{ type: 'boolean' }, 'boolean'],
      [{ type: 'string', format: 'date' }, 'date'],
      [{ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }, 'date'],
      [{ type: 'string', format: 'date-time' }, 'datetime'],
      [{ type: 'string', format: 'time' }, 'time'],
      [{ type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' }, 'time'],
      [{ type: 'string', pattern: '^\\+?[0-9 ()-]{6,20}$' }, 'string'],
      [{ type: 'string', enum: ['email', 'sms'] }, 'enum'],
      [{ type: ['string', 'null'], format: 'date' }, 'date'],
      [{ allOf: [{ type: 'string', format: 'date-time' }] }, 'datetime'],
      [{ anyOf: [{ type: 'integer' }, { type: 'null' }] }, 'number'],
      // An id given as a number or as text: text carries both.
      [{ oneOf: [{ type: 'string' }, { type: 'integer' }] }, 'string'],
      [{ anyOf: [{ type: 'integer' }, { type: 'number' }] }, 'number'],
    ])('maps %j to %s', (schema, type) => {
      expect(mapSchema(schema)).toMatchObject({ ok: true, type });
    });

    it.each([
      [{ type: 'object', properties: { a: { type: 'string' } } }, 'is an object, not a primitive'],
      [{ type: 'array', items: { type: 'string' } }, 'is an array, not a primitive'],
      [
        { oneOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'string' }] },
        'is a oneOf union',
      ],
      [{ anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'string' }] }, 'is an anyOf union'],
      [{}, 'has no single primitive type'],
    ])('refuses %j: %s', (schema, reason) => {
      expect(mapSchema(schema)).toEqual({ ok: false, reason });
    });

    it('keeps enum values, constraints, integer-ness and the default', () => {
      expect(mapSchema({ type: 'integer', minimum: 1, maximum: 10, default: 10 })).toMatchObject({
        type: 'number',
        constraints: { minimum: 1, maximum: 10, integer: true },
        default: 10,
      });
      expect(mapSchema({ type: 'string', enum: ['csv', 'json'] })).toMatchObject({
        type: 'enum',
        enum_values: ['csv', 'json'],
      });
    });
  });

  describe('transform', () => {
    const doc = specDoc(
      op(
        'put',
        '/things/{thingId}/slots',
        {
          operationId: 'moveThing',
          parameters: [
            { name: 'dryRun', in: 'query', schema: { type: 'boolean' } },
            {
              name: 'X-Venue-Zone',
              in: 'header',
              required: true,
              schema: { type: 'string', enum: ['north', 'south'] },
            },
            { name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string' } },
            { name: 'If-Match', in: 'header', schema: { type: 'string' } },
          ],
          requestBody: jsonBody(
            {
              startTime: {
                type: 'string',
                pattern: '^([01]\\d|2[0-3]):[0-5]\\d$',
                description: 'New start.',
              },
              onDate: { type: 'string', format: 'date' },
              partySize: { type: 'integer', minimum: 1, maximum: 100 },
              tags: { type: 'array', items: { type: 'string' } },
              meta: { type: 'object', additionalProperties: true },
              updatedAt: { type: 'string', format: 'date-time', readOnly: true },
            },
            ['startTime', 'onDate'],
          ),
          responses: okResponse(),
        },
        [thingIdParam],
      ),
    );

    it('turns path, query, header and body inputs into snake_case parameters that remember the wire', () => {
      // Act
      const result = transformDoc(doc, [
        overlay({ operation_id: 'moveThing', parameter_allowlist: ['dry_run', 'party_size', 'tags'] }),
      ]);
      // Assess
      const parameters = result.actions[0]?.parameters ?? [];
      expect(parameters.map((p) => [p.name, p.type, p.location, p.wire_name, p.required])).toEqual([
        ['thing_id', 'string', 'path', 'thingId', true],
        ['dry_run', 'boolean', 'query', 'dryRun', false],
        ['x_venue_zone', 'enum', 'header', 'X-Venue-Zone', true],
        ['start_time', 'time', 'body', 'startTime', true],
        ['on_date', 'date', 'body', 'onDate', true],
        ['party_size', 'number', 'body', 'partySize', false],
        ['tags', 'array', 'body', 'tags', false],
      ]);
      expect(parameters.find((p) => p.name === 'tags')?.items).toEqual({ type: 'string' });
      expect(parameters.find((p) => p.name === 'party_size')?.constraints).toEqual({
        minimum: 1,
        maximum: 100,
        integer: true,
      });
      expect(parameters.find((p) => p.name === 'x_venue_zone')?.enum_values).toEqual(['north', 'south']);
    });

    it('never exposes transport headers, even required ones, and hides optional inputs it cannot express', () => {
      // Act
      const result = transformDoc(doc, [
        overlay({ operation_id: 'moveThing', parameter_allowlist: ['tags', 'meta'] }),
      ]);
      // Assess
      expect(result.hidden.map((h) => [h.wire_name, h.reason, h.detail])).toEqual([
        ['dryRun', 'not_allowlisted', undefined],
        ['Idempotency-Key', 'transport_header', undefined],
        ['If-Match', 'transport_header', undefined],
        ['partySize', 'not_allowlisted', undefined],
        ['meta', 'unsupported', 'is an object with free-form keys'],
        ['updatedAt', 'read_only', undefined],
      ]);
    });

    it('rejects an overlay that allowlists a transport header', () => {
      const result = transformDoc(doc, [
        overlay({ operation_id: 'moveThing', parameter_allowlist: ['If-Match'] }),
      ]);
      expect(result.skipped[0]).toMatchObject({
        kind: 'invalid_overlay',
        reason: expect.stringContaining('transport header'),
      });
    });

    it('skips an operation whose required input cannot be expressed, with that reason', () => {
      // Prepare
      const nested = specDoc(
        op('post', '/orders', {
          operationId: 'createOrder',
          requestBody: jsonBody({ lines: { type: 'array', items: { type: 'object' } } }, ['lines']),
          responses: okResponse(),
        }),
      );
      // Act
      const result = transformDoc(nested, [overlay({ operation_id: 'createOrder' })]);
      // Assess
      expect(result.actions).toEqual([]);
      expect(result.skipped).toEqual([
        {
          operation_id: 'createOrder',
          kind: 'unsupported',
          reason: "required input 'lines' is a list whose item is an object with free-form keys",
          source: 'createOrder.yaml',
        },
      ]);
    });

    it('makes every field of an optional body optional', () => {
      // Prepare
      const optionalBody = specDoc(
        op(
          'post',
          '/things/{thingId}/close',
          {
            operationId: 'closeThing',
            requestBody: jsonBody({ reason: { type: 'string', maxLength: 50 } }, ['reason'], false),
            responses: okResponse(),
          },
          [thingIdParam],
        ),
      );
      // Act
      const result = transformDoc(optionalBody, [
        overlay({ operation_id: 'closeThing', parameter_allowlist: ['reason'] }),
      ]);
      // Assess
      expect(result.actions[0]?.parameters.find((p) => p.name === 'reason')).toMatchObject({
        required: false,
        constraints: { max_length: 50 },
      });
    });

    it('marks PII parameters from the overlay and from well-known names', () => {
      // Prepare
      const contact = specDoc(
        op('patch', '/contact', {
          operationId: 'updateContact',
          requestBody: jsonBody({
            email: { type: 'string' },
            nickname: { type: 'string' },
            colour: { type: 'string' },
          }),
          responses: okResponse(),
        }),
      );
      // Act
      const result = transformDoc(contact, [
        overlay({
          operation_id: 'updateContact',
          parameter_allowlist: ['email', 'nickname', 'colour'],
          pii_parameters: ['nickname'],
        }),
      ]);
      // Assess
      expect(result.actions[0]?.parameters.map((p) => [p.name, p.pii ?? false])).toEqual([
        ['email', true],
        ['nickname', true],
        ['colour', false],
      ]);
    });

    it('rejects output_fields that the response does not have', () => {
      const result = transformDoc(doc, [overlay({ operation_id: 'moveThing', output_fields: ['colour'] })]);
      expect(result.skipped[0]).toMatchObject({
        kind: 'invalid_overlay',
        reason: expect.stringContaining("'colour'"),
      });
    });
  });
});
