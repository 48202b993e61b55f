import { fc, test } from '@fast-check/vitest';
import { ToolMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { quoteBookingData } from '../../../lib/contracts/booking-data-block.ts';
import { validateArguments } from '../../../lib/executor/step/argument-schema.ts';
import {
  compensationIdempotencyKey,
  stepIdempotencyKey,
} from '../../../lib/executor/step/idempotency-keys.ts';
import { leavesMutationInDoubt } from '../../../lib/executor/step/in-doubt.ts';
import { observationMessage, responseForModel } from '../../../lib/executor/step/observation.ts';
import { maskDeep, maskParameters } from '../../../lib/executor/step/pii-masking.ts';
import { answersIn, isEvidenced, NO_EVIDENCE } from '../../../lib/executor/step/placeholder-evidence.ts';
import { beforeFieldsOf } from '../../../lib/executor/step/pre-image.ts';
import { stepOutputLookup } from '../../../lib/executor/step/templates.ts';
import { CompiledAction } from '../../../lib/registry/compiled-action.ts';
import { loadCompiledRegistry } from '../../../lib/registry/compiled-registry.ts';

/** The small rules runStep is built from, each pinned by what it promises (keys, masking, evidence, caps). */
const registry = loadCompiledRegistry();

describe('idempotency keys (docs/design-facts.md "SQS semantics that bite")', () => {
  test.prop([fc.uuid(), fc.integer({ min: 1, max: 50 }), fc.integer({ min: -2, max: 9 })])(
    'attempt 1 (or none) is the plan+step key; attempt k ≥ 2 its own; compensation its own',
    (plan, step, attempt) => {
      // Act / Assess
      expect(stepIdempotencyKey(plan, step, attempt)).toBe(
        attempt <= 1 ? `${plan}:step-${step}` : `${plan}:step-${step}:attempt-${attempt}`,
      );
      expect(compensationIdempotencyKey(plan, step)).toBe(`${plan}:step-${step}:compensate`);
    },
  );
});

describe('leavesMutationInDoubt', () => {
  test.prop([fc.option(fc.integer({ min: 400, max: 599 }), { nil: undefined })])(
    'only no answer at all or a gateway 502/504 leaves a write in doubt',
    (status) => {
      // Act / Assess
      expect(leavesMutationInDoubt({ ok: false, status, error_type: 'server_error', message: 'm' })).toBe(
        status === undefined || status === 502 || status === 504,
      );
    },
  );
});

describe('responseForModel / observationMessage', () => {
  const booking = registry.require('getBooking');

  it('a small response is shown whole, contact details masked', () => {
    // Act
    const shown = responseForModel(booking, {
      booking_id: 'bk_1',
      email: 'ana@example.com',
      guest: { phone: '+61 400 000 000' },
    });
    // Assess
    expect(shown.booking_id).toBe('bk_1');
    expect(JSON.stringify(shown)).not.toContain('ana@example.com');
    expect(JSON.stringify(shown)).not.toContain('400 000 000');
  });

  it('a response over 2000 characters keeps only the declared output and key fields', () => {
    // Prepare
    const big = {
      booking_id: 'bk_1',
      note_id: 'n1',
      product_name: 'Escape',
      blob: 'x'.repeat(2_000),
      other: 1,
    };
    const exact = {
      booking_id: 'b',
      blob: 'x'.repeat(2_000 - JSON.stringify({ booking_id: 'b', blob: '' }).length),
    };
    // Act / Assess
    expect(responseForModel(booking, big)).toEqual({
      booking_id: 'bk_1',
      note_id: 'n1',
      product_name: 'Escape',
    });
    expect(JSON.stringify(exact)).toHaveLength(2_000);
    expect(responseForModel(booking, exact)).toEqual(exact);
  });

  it('a tool message quotes the observation as booking data (issue 14)', () => {
    // Act
    const message = observationMessage('call-1', 'updateGuestCount', { status: 'not_run', reason: 'r' });
    // Assess
    expect(message).toBeInstanceOf(ToolMessage);
    expect(message.tool_call_id).toBe('call-1');
    expect(message.name).toBe('updateGuestCount');
    expect(message.content).toBe(quoteBookingData({ status: 'not_run', reason: 'r' }));
  });
});

describe('PII masking of parameters and nested data', () => {
  it('masks declared PII parameters and PII keys at any depth, leaves the rest', () => {
    // Prepare
    const contact = registry.require('updateContactDetails');
    // Act
    const masked = maskParameters(contact, {
      guest_name: 'Ana Lopez',
      booking_id: 'bk_1',
      extra: [{ email: 'bob@example.com', n: 1 }, null, 'plain'],
    });
    // Assess
    expect(masked?.booking_id).toBe('bk_1');
    expect(masked?.guest_name).not.toBe('Ana Lopez');
    expect(masked?.extra).toEqual([{ email: 'b***@example.com', n: 1 }, null, 'plain']);
    expect(maskParameters(contact, undefined)).toBeUndefined();
    expect(maskDeep({ a: { phone: '0400 123 456' } })).not.toEqual({ a: { phone: '0400 123 456' } });
  });

  it('without an action, only the well-known keys are masked', () => {
    // Act / Assess
    expect(maskParameters(undefined, { guest_name: 'Ana Lopez', party: 'Ana Lopez' })).toMatchObject({
      party: 'Ana Lopez',
    });
    expect(maskParameters(undefined, { guest_name: 'Ana Lopez' })?.guest_name).not.toBe('Ana Lopez');
  });
});

describe('placeholder evidence (000 Post-confirmation immutability)', () => {
  const outputs = new Map([[1, { note: { id: 'note_7', tags: ['a', 7] }, empty: null }]]);
  const evidence = { outputs, answers: ['The booking is BK-2044, thanks'] };

  it('a scalar anywhere in the referenced step’s output backs the value; another step’s does not', () => {
    // Act / Assess
    expect(isEvidenced('{{step_1.note_id}}', 'note_7', evidence)).toBe(true);
    expect(isEvidenced('{{step_1.note_id}}', ' note_7 ', evidence)).toBe(true);
    expect(isEvidenced('{{step_1.note_id}}', 7, evidence)).toBe(true);
    expect(isEvidenced('{{step_2.note_id}}', 'note_7', evidence)).toBe(false);
    expect(isEvidenced('{{step_1.note_id}}', 'note_8', evidence)).toBe(false);
    expect(isEvidenced('{{step_1.note_id}}', 'null', evidence)).toBe(false);
  });

  it('a whole word of the user’s answer backs it; a part of a word, an object or a blank never does', () => {
    // Act / Assess
    expect(isEvidenced('{{step_3.booking_id}}', 'bk-2044', evidence)).toBe(true);
    expect(isEvidenced('{{step_3.booking_id}}', 'BK-204', evidence)).toBe(false);
    expect(isEvidenced('{{step_3.booking_id}}', 'K-2044', evidence)).toBe(false);
    expect(isEvidenced('{{step_3.booking_id}}', 'The', evidence)).toBe(true);
    expect(isEvidenced('{{step_3.booking_id}}', { id: 'note_7' }, evidence)).toBe(false);
    expect(isEvidenced('{{step_3.booking_id}}', null, evidence)).toBe(false);
    expect(isEvidenced('{{step_3.booking_id}}', '  ', evidence)).toBe(false);
    expect(isEvidenced('{{step_1.note_id}}', 'note_7', NO_EVIDENCE)).toBe(false);
    expect(isEvidenced('{{step_1.x}}', 'a.b', { outputs: new Map(), answers: ['axb'] })).toBe(false);
  });

  it('never reads a null or a list as the value offered, nor a value without its own characters', () => {
    // Prepare: the user's words hold "null", the booking id and a phone number without its brackets.
    const said = {
      outputs: new Map([[1, { id: ' note_9 ' }]]),
      answers: ['null, I said BK-2044, call 02 9999 0000'],
    };
    // Act / Assess
    expect(isEvidenced('{{step_3.booking_id}}', null, said)).toBe(false);
    expect(isEvidenced('{{step_3.booking_id}}', ['BK-2044'], said)).toBe(false);
    expect(isEvidenced('{{step_3.phone}}', '(02) 9999 0000', said)).toBe(false);
    expect(isEvidenced('{{step_3.booking_id}}', 'BK-2044', said)).toBe(true);
    // A value the API padded with spaces still backs the same value.
    expect(isEvidenced('{{step_1.note_id}}', 'note_9', said)).toBe(true);
  });

  it('reads the user’s answers from ask_user results only, skipping blank and foreign ones', () => {
    // Prepare
    const answer = (text: string, name = 'ask_user') =>
      new ToolMessage({
        tool_call_id: 'c',
        name,
        content: quoteBookingData({ status: 'answered', answer: text }),
      });
    const messages = [
      answer('BK-2044'),
      answer('   '),
      answer('ignored', 'updateGuestCount'),
      new ToolMessage({
        tool_call_id: 'c',
        name: 'ask_user',
        content: quoteBookingData({ status: 'refused', answer: 'x' }),
      }),
      new ToolMessage({ tool_call_id: 'c', name: 'ask_user', content: 'not json' }),
      new ToolMessage({
        tool_call_id: 'c',
        name: 'ask_user',
        content: quoteBookingData({ status: 'answered', answer: 3 }),
      }),
      answer('the 19th'),
    ];
    // Act / Assess
    expect(answersIn(messages)).toEqual(['BK-2044', 'the 19th']);
  });
});

describe('stepOutputLookup / beforeFieldsOf / validateArguments', () => {
  it('reads {{step_N.path}} from step N’s recorded output, nothing from other scopes', () => {
    // Prepare
    const lookup = stepOutputLookup(new Map([[2, { booking: { id: 'bk_9' } }]]));
    // Act / Assess
    expect(lookup('step_2', 'booking.id', ['booking', 'id'])).toBe('bk_9');
    expect(lookup('step_3', 'booking.id', ['booking', 'id'])).toBeUndefined();
    expect(lookup('request', 'booking.id', ['booking', 'id'])).toBeUndefined();
  });

  it('stores only the identity fields and what the compensation reads back', () => {
    // Act / Assess
    expect(beforeFieldsOf(registry.require('rescheduleBooking'))).toEqual([
      'booking_id',
      'booking_reference',
      'version',
      'date',
      'start_time',
    ]);
    expect(beforeFieldsOf(registry.require('createBooking'))).toEqual([
      'booking_id',
      'booking_reference',
      'version',
    ]);
  });

  it('names the field at fault, the unknown keys, or the arguments as a whole', () => {
    // Prepare
    const guestCount = registry.require('updateGuestCount');
    // Act
    const wrongType = validateArguments(guestCount, { booking_id: 'bk_1', party_size: 'many' });
    const unknown = validateArguments(guestCount, { booking_id: 'bk_1', party_size: 3, a: 1, b: 2 });
    const good = validateArguments(guestCount, { booking_id: 'bk_1', party_size: 3 });
    // Assess
    expect(wrongType.ok ? [] : wrongType.issues.map((i) => i.field)).toEqual(['party_size']);
    expect(unknown.ok ? [] : unknown.issues.map((i) => i.field)).toEqual(['a, b']);
    expect(good).toEqual({ ok: true, args: { booking_id: 'bk_1', party_size: 3 } });
  });

  it('names a nested field by its whole path, as the booking API’s 400 does', () => {
    // Prepare: a foreign spec's object parameter (issue 17) with a required nested email.
    const guestCount = registry.require('updateGuestCount');
    const withGuest = CompiledAction.parse({
      ...guestCount,
      action_id: 'updateGuestContact',
      parameters: [
        ...guestCount.parameters,
        {
          name: 'guest',
          type: 'object',
          required: true,
          description: 'The guest.',
          location: 'body',
          wire_name: 'guest',
          fields: [
            { name: 'email', wire_name: 'email', type: 'string', required: true, description: 'Email.' },
          ],
        },
      ],
    });
    // Act
    const missing = validateArguments(withGuest, { booking_id: 'bk_1', party_size: 3, guest: {} });
    // Assess
    expect(missing.ok ? [] : missing.issues.map((i) => i.field)).toEqual(['guest.email']);
  });
});
