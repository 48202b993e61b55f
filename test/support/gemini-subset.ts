/** docs/design-facts.md "Gemini rejects much of JSON Schema". */
const FORBIDDEN = new Set([
  'additionalProperties',
  '$schema',
  'const',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'propertyNames',
  'exclusiveMinimum',
  'exclusiveMaximum',
  '$ref',
  '$defs',
  'definitions',
  'prefixItems',
  'pattern',
  'nullable',
  'strict',
]);

/** The subset our declarations use; nested objects and lists are allowed (issue 17), each fully typed. */
const ALLOWED = new Set([
  'type',
  'description',
  'enum',
  'format',
  'properties',
  'required',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'items',
  'minItems',
  'maxItems',
]);

function isRecord(node: unknown): node is Record<string, unknown> {
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}

/**
 * Every problem found by walking a declaration's schema recursively (properties and list items); the path
 * says where. Empty means Gemini accepts it.
 */
export function geminiProblems(node: unknown, path = 'parameters'): string[] {
  if (!isRecord(node)) return [];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    const here = `${path}.${key}`;
    if (FORBIDDEN.has(key)) problems.push(`${here} is forbidden`);
    else if (!ALLOWED.has(key)) problems.push(`${here} is not in the accepted subset`);
    if (key === 'type' && (typeof value !== 'string' || value === 'null'))
      problems.push(`${here} must be one type`);
    if (key === 'format' && value !== 'date-time') problems.push(`${here}=${String(value)} is not date-time`);
    if (key === 'enum' && !(Array.isArray(value) && value.every((v) => typeof v === 'string'))) {
      problems.push(`${here} must hold strings`);
    }
    if (key === 'properties' && isRecord(value)) {
      for (const [name, child] of Object.entries(value))
        problems.push(...geminiProblems(child, `${here}.${name}`));
    }
    if (key === 'items') problems.push(...geminiProblems(value, here));
  }
  if (node.type === 'array' && !isRecord(node.items)) problems.push(`${path} is a list without items`);
  if (node.type === 'object' && !isRecord(node.properties))
    problems.push(`${path} is an object without properties`);
  return problems;
}
