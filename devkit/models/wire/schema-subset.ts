/** JSON Schema keys Gemini rejects (docs/design-facts.md), plus `pattern`, which the registry keeps out on purpose. */
const FORBIDDEN_KEYS = new Set([
  '$schema',
  '$ref',
  '$defs',
  'definitions',
  'additionalProperties',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'const',
  'propertyNames',
  'patternProperties',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'prefixItems',
  'pattern',
]);

/**
 * Every construct in function declarations that Gemini rejects, as "path: problem" strings: forbidden keys,
 * `type` arrays (nullable), `format` other than date-time/enum, and non-string enums.
 */
export function findForbiddenSchemaKeys(node: unknown, path = '$'): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => findForbiddenSchemaKeys(item, `${path}[${i}]`));
  if (node === null || typeof node !== 'object') return [];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    const at = `${path}.${key}`;
    if (FORBIDDEN_KEYS.has(key)) problems.push(`${at}: forbidden key`);
    if (key === 'type' && Array.isArray(value)) problems.push(`${at}: type array`);
    if (key === 'format' && typeof value === 'string' && !['date-time', 'enum'].includes(value)) {
      problems.push(`${at}: format ${value}`);
    }
    if (key === 'enum' && Array.isArray(value) && value.some((v) => typeof v !== 'string')) {
      problems.push(`${at}: non-string enum`);
    }
    // `properties` maps names to schemas: its keys are parameter names, not schema keywords.
    if (key === 'properties' && value && typeof value === 'object') {
      for (const [name, schema] of Object.entries(value))
        problems.push(...findForbiddenSchemaKeys(schema, `${at}.${name}`));
    } else {
      problems.push(...findForbiddenSchemaKeys(value, at));
    }
  }
  return problems;
}

/** Gemini's rule for function names: a letter or underscore, then letters, digits, `_`, `.`, `-`; 64 at most. */
export const FUNCTION_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
