import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { boundedText, plainText } from '../../lib/registry/compile/plain-text.ts';
import { isDangerHeaderName, isSensitiveName } from '../../lib/registry/sensitive.ts';
import { jsonBody, okResponse, op, overlay, specDoc, transformDoc } from './helpers.ts';

describe('sensitive names (word rules, not substrings)', () => {
  it.each([
    'password',
    'client_secret',
    'apiKey',
    'X-Api-Key',
    'access_token',
    'refreshToken',
    'id_token',
    'token',
    'hf_token',
    'card_number',
    'cvv',
    'registry_credentials',
    'Proxy-Authorization',
    'private_key',
    'Cookie',
  ])('%s is a secret', (name) => {
    expect(isSensitiveName(name)).toBe(true);
  });

  it.each([
    'max_tokens',
    'page_token',
    'next_page_token',
    'api_key_uuid',
    'model_api_key_uuid',
    'anthropic_key_uuid',
    'idempotency_key',
    'ssh_keys',
    'password_policy',
    'token_count',
    'secret_name',
    'span_id',
    'japan_office',
    'booking_id',
  ])('%s is not', (name) => {
    expect(isSensitiveName(name)).toBe(false);
  });

  test.prop([
    fc.constantFrom('password', 'api_key', 'access_token', 'secret'),
    fc.constantFrom('uuid', 'id', 'name', 'count', 'policy'),
  ])('a name about a secret (its id, name, count…) is never the secret', (secret, about) => {
    expect(isSensitiveName(`${secret}_${about}`)).toBe(false);
    expect(isSensitiveName(secret)).toBe(true);
  });

  it('recognises danger acknowledgements among headers only', () => {
    expect(isDangerHeaderName('header', 'X-Dangerous')).toBe(true);
    expect(isDangerHeaderName('header', 'X-Confirm-Destroy')).toBe(true);
    expect(isDangerHeaderName('query', 'dangerous')).toBe(false);
    expect(isDangerHeaderName('header', 'X-Request-Id')).toBe(false);
  });

  it('lets an overlay correct the name rule either way, but never a flag that holds no secret', () => {
    // Prepare
    const doc = specDoc(
      op('post', '/keys', {
        operationId: 'rotateKey',
        requestBody: jsonBody({
          access_key: { type: 'string' },
          label: { type: 'string' },
          allow_credentials: { type: 'boolean' },
        }),
        responses: okResponse(),
      }),
    );
    // Act
    const result = transformDoc(doc, [
      overlay({
        operation_id: 'rotateKey',
        parameter_allowlist: ['access_key', 'label', 'allow_credentials'],
        non_sensitive_parameters: ['access_key'],
        sensitive_parameters: ['label'],
      }),
    ]);
    // Assess
    expect(result.actions[0]?.parameters.map((p) => p.name)).toEqual(['access_key', 'allow_credentials']);
    expect(result.hidden).toEqual([
      expect.objectContaining({
        wire_name: 'label',
        reason: 'sensitive',
        detail: 'allowlisted, but sensitive',
      }),
    ]);
  });
});

describe('descriptions as plain text', () => {
  it('strips HTML and markdown, keeping the words', () => {
    expect(
      plainText(
        '## Overview\n\nReturns the [Location](entity:Location) for **this** `booking_id`.<br/>See <a href="x">docs</a> &amp; more.\n\n- one\n- two',
      ),
    ).toBe('Overview Returns the Location for this booking_id. See docs & more. one two');
  });

  test.prop([fc.lorem({ mode: 'sentences', maxCount: 12 }), fc.integer({ min: 20, max: 300 })])(
    'bounded text never exceeds the bound and ends at a sentence or with an ellipsis',
    (text, max) => {
      const bounded = boundedText(text, max);
      expect(bounded.length).toBeLessThanOrEqual(max);
      if (bounded !== text) expect(bounded).toMatch(/[.!?…]$/);
    },
  );

  it('prefers the summary when the description is long, unless the summary is just the operationId', () => {
    // Prepare
    const long = `${'Lots of detail about scopes and permissions. '.repeat(10)}`;
    const doc = specDoc({
      ...op('get', '/a', {
        operationId: 'getA',
        summary: 'Read one A',
        description: long,
        responses: okResponse(),
      }),
      ...op('get', '/b', {
        operationId: 'GetB',
        summary: 'GetB',
        description: long,
        responses: okResponse(),
      }),
    });
    // Act
    const result = transformDoc(doc, [overlay({ operation_id: 'getA' }), overlay({ operation_id: 'GetB' })]);
    // Assess
    const a = result.actions.find((x) => x.action_id === 'getA');
    const b = result.actions.find((x) => x.action_id === 'GetB');
    expect(a?.description).toBe('Read one A Read-only: safe to call while planning.');
    expect(b?.description.startsWith('Lots of detail about scopes and permissions.')).toBe(true);
    expect(b?.description.length).toBeLessThanOrEqual(500);
  });
});
