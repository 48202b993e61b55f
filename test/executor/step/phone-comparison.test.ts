import { describe, expect, it } from 'vitest';
import { decideArguments } from '../../../lib/executor/step/argument-rules.ts';
import {
  canonicalValue,
  normaliseValue,
  readingOf,
  sameValue,
} from '../../../lib/executor/step/canonical-value.ts';
import { judgeReadBack, judgeVerify } from '../../../lib/executor/step/read-back.ts';
import { stepOutputLookup } from '../../../lib/executor/step/templates.ts';
import { CompiledAction } from '../../../lib/registry/compiled-action.ts';
import { loadCompiledRegistry } from '../../../lib/registry/compiled-registry.ts';

/**
 * Issue 30: after confirmation the executor compares phones as numbers read in the venue's country, never as
 * text: the confirmed E.164 value, a model's restatement and the booking API's echo ("+61 412 345 678") are one
 * number; another number is a change.
 */
const registry = loadCompiledRegistry();
const contact = registry.require('updateContactDetails');
const phoneParam = contact.parameters.find((p) => p.name === 'phone');
const AU = { timeZone: 'Australia/Sydney', locale: 'en-AU' };
const US = { timeZone: 'America/Chicago', locale: 'en-US' };
const noOutputs = stepOutputLookup(new Map());

describe('readingOf', () => {
  it('marks a phone parameter, and only that one', () => {
    expect(phoneParam && readingOf(phoneParam, AU)).toEqual({ venue: AU, phone: true });
    const email = contact.parameters.find((p) => p.name === 'email');
    expect(email && readingOf(email, AU)).toEqual({ venue: AU });
  });
});

describe('canonicalValue / sameValue / normaliseValue of a phone', () => {
  it('reads a phone as its E.164 form in the venue’s country', () => {
    expect(canonicalValue('string', '(04) 1234 5678', { venue: AU, phone: true })).toBe('+61412345678');
    expect(canonicalValue('string', '(312) 555-0142', { venue: US, phone: true })).toBe('+13125550142');
  });

  it('takes the E.164 value and the booking API’s echo as the same number, another number as a change', () => {
    const reading = { venue: AU, phone: true };
    expect(sameValue('string', '+61 412 345 678', '+61412345678', reading)).toBe(true);
    expect(sameValue('string', '0412.345.678', '+61412345678', reading)).toBe(true);
    expect(sameValue('string', '+61 412 345 679', '+61412345678', reading)).toBe(false);
  });

  it('compares text parameters as text: the phone reading is the parameter’s, not the value’s', () => {
    expect(sameValue('string', '+61 412 345 678', '+61412345678', { venue: AU })).toBe(false);
  });

  it('writes a phone as E.164, and leaves a value that is no number as it is', () => {
    expect(normaliseValue('string', '0412 345 678', { venue: AU, phone: true })).toBe('+61412345678');
    expect(normaliseValue('string', '0412 345', { venue: AU, phone: true })).toBe('0412 345');
  });
});

describe('decideArguments: a confirmed phone', () => {
  const confirmed = { booking_id: 'bk_1045', phone: '+61412345678' };

  it('accepts the model restating it in another form, and sends the E.164 value', () => {
    // Act
    const decision = decideArguments(
      contact,
      confirmed,
      { ...confirmed, phone: '+61 412 345 678' },
      noOutputs,
      undefined,
      AU,
    );

    // Assess
    expect(decision).toEqual({ ok: true, args: confirmed, ignored: [], filled: [] });
  });

  it('refuses another number, naming it', () => {
    // Act
    const decision = decideArguments(
      contact,
      confirmed,
      { ...confirmed, phone: '0412 345 679' },
      noOutputs,
      undefined,
      AU,
    );

    // Assess
    expect(decision).toEqual({
      ok: false,
      kind: 'changed_confirmed_value',
      violations: ['phone was confirmed as "+61412345678"; the call had "0412 345 679"'],
    });
  });

  it('sends a phone confirmed in a national form (a plan stored before issue 30) as E.164: never mixed formats', () => {
    // Act
    const decision = decideArguments(
      contact,
      { booking_id: 'bk_1045', phone: '0412 345 678' },
      { booking_id: 'bk_1045', phone: '0412 345 678' },
      noOutputs,
      undefined,
      AU,
    );

    // Assess
    expect(decision).toMatchObject({ ok: true, args: { phone: '+61412345678' } });
  });
});

describe('read-back of a phone change whose answer was lost', () => {
  const step = {
    resolved_parameters: { booking_id: 'bk_1045', phone: '+61412345678' },
    before: { booking_id: 'bk_1045', phone: '+61 407 664 019', version: 3 },
  };

  it('judgeReadBack: the API echoes "+61 412 345 678" with the version moved: applied', () => {
    // Prepare
    const data = { booking_id: 'bk_1045', phone: '+61 412 345 678', version: 4 };

    // Act / Assess
    expect(judgeReadBack(contact, step, data, AU)).toEqual({ kind: 'applied', data });
  });

  it('judgeReadBack: another number with the version moved is someone else’s change', () => {
    expect(judgeReadBack(contact, step, { phone: '+61 412 345 679', version: 4 }, AU)).toEqual({
      kind: 'unknown',
      reason: 'the booking shows a change that is not this one',
    });
  });

  it('judgeVerify: the echoed number shows the sent one', () => {
    // Prepare
    const verified = CompiledAction.parse({
      ...contact,
      action_id: 'updateContactVerified',
      verify: {
        action_id: 'getBooking',
        parameters: { booking_id: '{{request.booking_id}}' },
        fields: { phone: '{{request.phone}}' },
      },
    });
    const data = { booking_id: 'bk_1045', phone: '+61 412 345 678' };

    // Act / Assess
    expect(judgeVerify(verified, { resolved_parameters: step.resolved_parameters }, data, AU)).toEqual({
      kind: 'applied',
      data,
    });
  });
});
