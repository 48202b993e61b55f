/**
 * The few OpenAPI 3.x shapes the transformer reads, as loose records: the document was validated by
 * swagger-parser, but in the per-operation fallback some parts may not be, so every read is guarded.
 */
export type JsonRecord = Record<string, unknown>;

/** True for a plain (non-array) object. */
export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The record at `key`, or undefined. */
export function recordAt(value: unknown, key: string): JsonRecord | undefined {
  if (!isRecord(value)) return undefined;
  const child = value[key];
  return isRecord(child) ? child : undefined;
}

/** The string at `key`, or undefined. */
export function stringAt(value: unknown, key: string): string | undefined {
  if (!isRecord(value)) return undefined;
  const child = value[key];
  return typeof child === 'string' ? child : undefined;
}

/** The array at `key`, or an empty array. */
export function arrayAt(value: unknown, key: string): unknown[] {
  if (!isRecord(value)) return [];
  const child = value[key];
  return Array.isArray(child) ? child : [];
}

/** HTTP methods an OpenAPI path item may hold, in the order operations are read. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** `#/a/b~1c` → ['a', 'b/c'] (RFC 6901). */
function pointer(ref: string): string[] {
  return ref
    .slice(2)
    .split('/')
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Follows local `$ref`s (`#/...`) in a bundled document; anything else is returned as it is. */
export function resolveLocalRef(document: unknown, value: JsonRecord | undefined): JsonRecord | undefined {
  let current = value;
  for (
    let hops = 0;
    hops < 16 && typeof current?.$ref === 'string' && current.$ref.startsWith('#/');
    hops += 1
  ) {
    let target: unknown = document;
    for (const key of pointer(current.$ref)) {
      target = typeof target === 'object' && target !== null ? Reflect.get(target, key) : undefined;
    }
    if (!isRecord(target)) return current;
    current = target;
  }
  return current;
}
