import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { CompiledAction } from '../../lib/registry/compiled-action.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import { argsSchema, toFunctionDeclaration } from '../../lib/registry/gemini-declarations.ts';
import { geminiProblems } from '../support/gemini-subset.ts';
import { jsonBody, okResponse, op, overlay, specDoc, thingIdParam, transformDoc } from './helpers.ts';

/** An action with every 001 type, built through the transformer like any other. */
function everyTypeAction(): CompiledAction {
  const doc = specDoc(
    op(
      'post',
      '/things/{thingId}',
      {
        operationId: 'everyType',
        requestBody: jsonBody(
          {
            label: { type: 'string', minLength: 1, maxLength: 20, pattern: '^[a-z]+$', format: 'email' },
            count: { type: 'integer', minimum: 1, maximum: 9, default: 2 },
            ratio: { type: 'number', exclusiveMinimum: 0 },
            flag: { type: ['boolean', 'null'] },
            day: { type: 'string', format: 'date' },
            at: { type: 'string', format: 'date-time' },
            time: { type: 'string', pattern: '^\\d{2}:\\d{2}$' },
            channel: { type: 'string', enum: ['email', 'sms'] },
          },
          ['label', 'count', 'ratio', 'flag', 'day', 'at', 'time', 'channel'],
        ),
        responses: okResponse(),
      },
      [thingIdParam],
    ),
  );
  const action = transformDoc(doc, [overlay({ operation_id: 'everyType' })]).actions[0];
  if (action === undefined) throw new Error('fixture did not compile');
  return action;
}

describe('toFunctionDeclaration', () => {
  const registry = loadCompiledRegistry();
  const actions = [...registry.modelVisible(), everyTypeAction()];

  it.each(actions.map((a) => [a.action_id, a] as const))(
    'declares %s inside the subset Gemini accepts',
    (_id, action) => {
      // Act
      const declaration = toFunctionDeclaration(action);
      // Assess
      expect(Object.keys(declaration).sort()).toEqual(['description', 'name', 'parameters']);
      expect(declaration.parameters.type).toBe('object');
      expect(geminiProblems(declaration.parameters)).toEqual([]);
    },
  );

  it('detects a forbidden key, so the walk above can fail', () => {
    const problems = geminiProblems({
      type: 'object',
      properties: { a: { type: ['string', 'null'], format: 'email' } },
      additionalProperties: false,
    });
    expect(problems).toEqual([
      'parameters.properties.a.type must be one type',
      'parameters.properties.a.format=email is not date-time',
      'parameters.additionalProperties is forbidden',
    ]);
  });

  it('maps each 001 type to a Gemini type and puts formats in the description', () => {
    // Act
    const { parameters } = toFunctionDeclaration(everyTypeAction());
    // Assess
    expect(parameters.properties).toMatchObject({
      label: { type: 'string', minLength: 1, maxLength: 20 },
      count: { type: 'integer', minimum: 1, maximum: 9, description: expect.stringContaining('Default: 2.') },
      ratio: { type: 'number', minimum: 0 },
      flag: { type: 'boolean' },
      day: { type: 'string', description: expect.stringContaining('YYYY-MM-DD') },
      at: { type: 'string', format: 'date-time' },
      time: { type: 'string', description: expect.stringContaining('HH:MM') },
      channel: { type: 'string', enum: ['email', 'sms'] },
    });
    expect(parameters.required).toContain('thing_id');
  });

  it('refuses to declare a blocked action', () => {
    expect(() => toFunctionDeclaration(registry.require('refundBooking'))).toThrow(/blocked/);
  });
});

describe('argsSchema', () => {
  const reschedule = loadCompiledRegistry().require('rescheduleBooking');

  it('accepts valid arguments', () => {
    const args = { booking_id: 'bk_42', date: '2025-03-15', start_time: '15:00' };
    expect(argsSchema(reschedule).parse(args)).toEqual(args);
  });

  it('names each bad argument: format, pattern, missing and unknown keys', () => {
    // Act
    const result = argsSchema(reschedule).safeParse({
      booking_id: 'BK-42',
      date: '2025-02-30',
      notify_guest: true,
    });
    // Assess
    const issues = result.error?.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`) ?? [];
    expect(issues).toEqual([
      'booking_id: must match ^bk_[a-z0-9]+$',
      'date: must be an ISO date YYYY-MM-DD',
      expect.stringMatching(/^start_time: /),
      '(root): Unrecognized key: "notify_guest"',
    ]);
  });

  it('checks enums and integer bounds', () => {
    const search = loadCompiledRegistry().require('searchBookings');
    const confirm = loadCompiledRegistry().require('sendBookingConfirmation');
    expect(argsSchema(search).safeParse({ search_text: 'smith', max_results: 11 }).success).toBe(false);
    expect(argsSchema(search).safeParse({ search_text: 'smith', max_results: 2.5 }).success).toBe(false);
    expect(argsSchema(confirm).safeParse({ booking_id: 'bk_1', channel: 'fax' }).success).toBe(false);
    expect(argsSchema(confirm).safeParse({ booking_id: 'bk_1', channel: 'sms' }).success).toBe(true);
  });

  it('converts (as LangChain does) to JSON Schema inside the Gemini subset', () => {
    for (const action of [...loadCompiledRegistry().modelVisible(), everyTypeAction()]) {
      // Prepare: LangChain strips these two keys itself (docs/design-facts.md).
      const {
        $schema: _schema,
        additionalProperties: _extra,
        ...converted
      } = z.toJSONSchema(argsSchema(action));
      // Act
      const problems = geminiProblems(converted);
      // Assess
      expect(problems, action.action_id).toEqual([]);
    }
  });

  it('accepts {{step_N.field}} placeholders only when asked to', () => {
    const args = { booking_id: '{{step_1.booking_id}}', date: '2025-03-15', start_time: '15:00' };
    expect(argsSchema(reschedule).safeParse(args).success).toBe(false);
    expect(argsSchema(reschedule, { placeholders: true }).safeParse(args).success).toBe(true);
  });
});
