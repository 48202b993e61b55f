/**
 * 000 Transformation Rules 2: "Sensitive parameters (passwords, tokens) never exposed". A name matching this
 * pattern is sensitive whatever the overlay says.
 */
const SENSITIVE_NAME =
  /(pass(word|wd|phrase)|token|secret|api[-_ ]?key|card[-_ ]?number|\bpan\b|cvv|cvc|pin_?code)/i;

/**
 * Headers the HTTP client owns (Idempotency-Key from plan id + step, If-Match from the booking version, the
 * bearer token): never action parameters, whatever the spec or overlay says.
 */
const TRANSPORT_HEADERS = new Set([
  'idempotency-key',
  'if-match',
  'if-none-match',
  'authorization',
  'content-type',
  'accept',
]);

/** True when a parameter name looks like a secret (password, token, secret, API key, card number, CVV). */
export function isSensitiveName(name: string): boolean {
  return SENSITIVE_NAME.test(name) || SENSITIVE_NAME.test(name.replace(/_/g, ' '));
}

/** True for a header the HTTP client sets itself. */
export function isTransportHeader(location: string, wireName: string): boolean {
  return location === 'header' && TRANSPORT_HEADERS.has(wireName.toLowerCase());
}
