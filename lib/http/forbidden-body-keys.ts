/**
 * Keys a JSON body may not carry. `__proto__` (and `constructor.prototype`) could reach an object's prototype if a
 * body were ever merged or copied loosely; no field of openapi/service.yaml has these names, so a body that uses
 * them is refused with its own 400 rather than parsed (OWASP: prototype pollution).
 */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** A body key refused at parse time: 400 invalid_input naming the key (lib/http/error-mapping.ts). */
export class ForbiddenBodyKeyError extends Error {
  override readonly name = 'ForbiddenBodyKeyError';
  /** Read by Middy's JSON body parser: an error with a status is rethrown as is, not wrapped as "malformed". */
  readonly statusCode = 400;

  constructor(readonly key: string) {
    super(`request body must not contain the key ${key}`);
  }
}

/** JSON.parse reviver for http-json-body-parser: throws on a forbidden key at any depth. */
export function rejectForbiddenKeys(key: string, value: unknown): unknown {
  if (FORBIDDEN_KEYS.has(key)) throw new ForbiddenBodyKeyError(key);
  return value;
}

/**
 * The key behind Middy's own refusal (422 "Forbidden key in JSON body", `cause.data` = the key): its check of
 * `__proto__` and `constructor.prototype` runs before the reviver. Undefined for any other error.
 */
export function middyForbiddenKey(error: Error): string | undefined {
  if (!('statusCode' in error) || error.statusCode !== 422) return undefined;
  const cause: unknown = error.cause;
  const key = cause && typeof cause === 'object' && 'data' in cause ? cause.data : undefined;
  return typeof key === 'string' && FORBIDDEN_KEYS.has(key) ? key : undefined;
}
