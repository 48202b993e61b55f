import { snakeCase } from './naming.ts';

/**
 * 000 Transformation Rules 2: "Sensitive parameters (passwords, tokens) never exposed". Detection works on the
 * words of a name, not on substrings, so key material is caught and the names of things about it are not:
 * `api_key`, `x_api_key`, `access_token`, `client_secret`, `card_number` are secrets; `api_key_uuid`,
 * `page_token`, `max_tokens`, `idempotency_key`, `ssh_keys` are not.
 */

/** Words that are secret material on their own (credentials, card data). */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'passphrase',
  'passcode',
  'secret',
  'secrets',
  'credential',
  'credentials',
  'cvv',
  'cvv2',
  'cvc',
  'csc',
  'pin',
  'pan',
  'cookie',
]);

/** `<qualifier>_token` is a credential; `page_token`, `next_token`, `stop_token`, `max_tokens` are not. */
const TOKEN_QUALIFIERS = new Set([
  'access',
  'refresh',
  'id',
  'auth',
  'bearer',
  'session',
  'api',
  'oauth',
  'csrf',
  'xsrf',
  'personal',
  'client',
  'security',
  'jwt',
  'private',
  'secret',
  'hf',
  'github',
  'gitlab',
  'card',
  'payment',
  'registration',
  'verification',
  'reset',
]);

/** `<qualifier>_key` is key material; `idempotency_key`, `ssh_key` (public), `sort_key` are not. */
const KEY_QUALIFIERS = new Set([
  'api',
  'access',
  'secret',
  'private',
  'signing',
  'encryption',
  'master',
  'client',
]);

/** Word pairs that are card or account data. */
const DATA_PAIRS = [
  ['card', 'number'],
  ['account', 'number'],
  ['security', 'code'],
  ['track', 'data'],
];

/** A trailing word that makes the name about a secret (its id, name, count…) rather than the secret itself. */
const ABOUT_SUFFIXES = new Set([
  'id',
  'ids',
  'uuid',
  'uuids',
  'name',
  'names',
  'count',
  'type',
  'types',
  'length',
  'policy',
  'expires',
  'expiry',
  'expiration',
  'at',
  'version',
  'status',
  'enabled',
  'required',
  'prefix',
  'hint',
  'set',
]);

function words(name: string): string[] {
  const snake = snakeCase(name);
  // `apikey`, `passwd` and friends arrive glued: split the common compounds so the word rules see them.
  return snake
    .replace(/apikey/g, 'api_key')
    .replace(/accesstoken/g, 'access_token')
    .replace(/cardnumber/g, 'card_number')
    .split('_')
    .filter(Boolean);
}

function pairAt(w: string[], i: number, first: ReadonlySet<string> | string, second: string): boolean {
  const head = w[i - 1];
  return (
    w[i] === second && head !== undefined && (typeof first === 'string' ? head === first : first.has(head))
  );
}

/** True when a parameter name names a secret (credential, auth token, API key, card or account data). */
export function isSensitiveName(name: string): boolean {
  const w = words(name);
  // `password_policy`, `api_key_uuid`, `secret_name`, `token_count`: about a secret, not the secret.
  if (w.length > 1 && ABOUT_SUFFIXES.has(w[w.length - 1] ?? '')) return false;
  return isSensitiveWords(w);
}

function isSensitiveWords(w: string[]): boolean {
  if (w.length === 1 && w[0] === 'token') return true;
  for (let i = 0; i < w.length; i += 1) {
    const word = w[i] ?? '';
    if (SECRET_WORDS.has(word)) return true;
    if (pairAt(w, i, TOKEN_QUALIFIERS, 'token')) return true;
    if (pairAt(w, i, KEY_QUALIFIERS, 'key')) return true;
    if (DATA_PAIRS.some(([a, b]) => pairAt(w, i, a ?? '', b ?? ''))) return true;
    // The Authorization header's relatives: Proxy-Authorization, X-Authorization.
    if (word === 'authorization') return true;
  }
  return false;
}

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

/** True for a header the HTTP client sets itself. */
export function isTransportHeader(location: string, wireName: string): boolean {
  return location === 'header' && TRANSPORT_HEADERS.has(wireName.toLowerCase());
}

/** Words of a header that acknowledges a destructive call: `X-Dangerous`, `X-Confirm-Destroy`, `X-Acknowledge`. */
const DANGER_WORDS = new Set(['dangerous', 'danger', 'confirm', 'confirmed', 'acknowledge', 'acknowledged']);

/** True for a header whose only purpose is to acknowledge destruction (never a model parameter). */
export function isDangerHeaderName(location: string, wireName: string): boolean {
  return location === 'header' && words(wireName).some((w) => DANGER_WORDS.has(w));
}
