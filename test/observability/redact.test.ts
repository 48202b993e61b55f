import { describe, expect, it } from 'vitest';
import {
  isPiiKey,
  isSecretKey,
  maskByKey,
  maskFreeText,
  redact,
  redactSerialized,
} from '../../lib/observability/redact.ts';

describe('redact', () => {
  describe('isSecretKey', () => {
    it.each([
      'token',
      'user_token',
      'accessToken',
      'Authorization',
      'api_key',
      'LANGFUSE_SECRET_KEY',
      'password',
      'cookie',
    ])('treats %s as a secret', (key) => {
      expect(isSecretKey(key)).toBe(true);
    });

    it.each([
      'prompt_tokens',
      'input_tokens',
      'maxTokens',
      'tokenUsage',
      'token_count',
      'idempotency_key',
      'booking_id',
    ])('keeps %s (token counts and ids are not secrets)', (key) => {
      expect(isSecretKey(key)).toBe(false);
    });
  });

  describe('isPiiKey', () => {
    it.each([
      'email',
      'guest_email',
      'emailAddress',
      'phone',
      'phone_number',
      'contactPhone',
      'guest_name',
      'guestName',
      'last_name',
    ])('treats %s as PII', (key) => {
      expect(isPiiKey(key)).toBe(true);
    });

    it.each(['channel', 'name', 'email_sent', 'booking_reference', 'party_size'])(
      'does not treat %s as PII',
      (key) => {
        expect(isPiiKey(key)).toBe(false);
      },
    );
  });

  describe('maskFreeText', () => {
    it('masks emails and phone numbers but keeps dates, times and booking references', () => {
      // Prepare
      const text = 'Move BK-1042 to 2026-12-12 15:00, tell john.smith@example.com or +61 412 345 678';
      // Act
      const masked = maskFreeText(text);
      // Assess
      expect(masked).toBe('Move BK-1042 to 2026-12-12 15:00, tell j***@example.com or ***78');
    });

    it.each([
      ['call 0412.345.678 today', 'call ***78 today'],
      ['call (04) 1234 5678 today', 'call ***78 today'],
      ['call (312) 555-0142 today', 'call ***42 today'],
      ['move to 12.12.2026 or 10.30-11.30', 'move to 12.12.2026 or 10.30-11.30'],
    ])(
      'masks a phone typed with dots or parentheses, keeps dotted dates and time spans: %s',
      (text, masked) => {
        // Act / Assess (issue 30)
        expect(maskFreeText(text)).toBe(masked);
      },
    );

    it('redacts bearer credentials and JWTs quoted in text', () => {
      const masked = maskFreeText(
        '401 for Authorization: Bearer abc.DEF-123 and eyJhbGci.eyJzdWIi.c2lnbmF0dXJl',
      );
      expect(masked).toBe('401 for Authorization: Bearer [redacted] and [redacted]');
    });

    it('is idempotent', () => {
      const once = maskFreeText('mail j.doe@example.com, call 0412 345 678');
      expect(maskFreeText(once)).toBe(once);
    });
  });

  describe('maskByKey', () => {
    it('masks by the kind of key, including values that do not look like their kind', () => {
      expect(maskByKey('email', 'john@example.com')).toBe('j***@example.com');
      expect(maskByKey('email', 'not an address')).toBe('n*** a*** a***');
      expect(maskByKey('guest_phone', '+61 412 345 678')).toBe('***78');
      expect(maskByKey('guest_name', 'John Smith')).toBe('J*** S***');
      expect(maskByKey('party_size', 4)).toBe(4);
    });
  });

  describe('redact', () => {
    it('drops secrets, masks PII keys and keeps token usage', () => {
      // Prepare
      const value = {
        token: 'CANARY-1',
        guest: { email: 'ann@example.com', guest_name: 'Ann Lee' },
        usage: { input_tokens: 12 },
        note: 'phone 0412 345 678',
      };
      // Act
      const clean = redact(value);
      // Assess
      expect(clean).toEqual({
        guest: { email: 'a***@example.com', guest_name: 'A*** L***' },
        usage: { input_tokens: 12 },
        note: 'phone ***78',
      });
    });
  });

  describe('redactSerialized', () => {
    it('honours keys inside JSON strings and masks plain text', () => {
      expect(redactSerialized('{"guest_name":"Ann Lee","authorization":"Bearer x"}')).toBe(
        '{"guest_name":"A*** L***"}',
      );
      expect(redactSerialized('[{"content":"hi ann@example.com"}]')).toBe(
        '[{"content":"hi a***@example.com"}]',
      );
      expect(redactSerialized('call ann@example.com')).toBe('call a***@example.com');
      expect(redactSerialized('[not json ann@example.com')).toBe('[not json a***@example.com');
    });
  });
});
