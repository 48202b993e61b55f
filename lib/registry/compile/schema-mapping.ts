import type { ParameterType } from '../../contracts/enums.ts';
import type { CompiledParameter } from '../compiled-action.ts';
import { isRecord, type JsonRecord } from './openapi-shapes.ts';

/** An OpenAPI schema expressed as one of the 001 primitive parameter types. */
export interface PrimitiveMapping {
  ok: true;
  type: ParameterType;
  enum_values?: string[];
  constraints: NonNullable<CompiledParameter['constraints']>;
  default?: unknown;
  description?: string;
  /** format: password or x-sensitive: true on the schema. */
  sensitive: boolean;
}

/** Why a schema is not one of the 001 primitives (object, array, union, untyped…). */
export interface NonPrimitive {
  ok: false;
  reason: string;
}

export type SchemaMapping = PrimitiveMapping | NonPrimitive;

/** A schema with allOf and single-variant unions flattened. */
export type Normalised = { ok: true; schema: JsonRecord } | NonPrimitive;

/** A union variant that only adds requirements (`anyOf: [{required: [a]}, {required: [b]}]`): no shape of its own. */
function constraintOnly(variant: unknown): boolean {
  return (
    isRecord(variant) &&
    Object.keys(variant).every((k) => ['required', 'title', 'description'].includes(k) || k.startsWith('x-'))
  );
}

/**
 * `anyOf: [{type: integer}, {type: string}]` (an id given either way): text carries every variant, so the union
 * is a string; a union of numbers is a number. Anything with structure stays a union.
 */
function scalarUnion(variants: unknown[]): JsonRecord | undefined {
  const types = variants.map((v) =>
    isRecord(v) && typeof v.type === 'string' && v.properties === undefined && v.items === undefined
      ? v.type
      : undefined,
  );
  if (
    variants.length < 2 ||
    types.some((t) => t === undefined || !['string', 'integer', 'number'].includes(t))
  ) {
    return undefined;
  }
  return types.includes('string') ? { type: 'string' } : { type: 'number' };
}

/** allOf nesting deeper than this is a cycle (a schema that includes itself), not a real schema. */
const MAX_ALL_OF_DEPTH = 8;

/**
 * Flattens allOf (the common `allOf: [$ref]` wrapper) and single-variant unions (`anyOf: [X, null]`). A union of
 * requirement-only variants ("one of these fields is required") is dropped: every field stays optional, and the
 * API says which combination it wants.
 */
export function normaliseSchema(schema: JsonRecord, depth = 0): Normalised {
  if (depth > MAX_ALL_OF_DEPTH) return { ok: false, reason: 'is an allOf that includes itself' };
  let merged: JsonRecord = { ...schema };
  if (Array.isArray(schema.allOf)) {
    delete merged.allOf;
    for (const part of schema.allOf) {
      if (!isRecord(part)) continue;
      const inner = normaliseSchema(part, depth + 1);
      if (!inner.ok) return inner;
      merged = { ...inner.schema, ...merged, ...mergedProperties(inner.schema, merged) };
    }
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const variants = merged[key];
    if (!Array.isArray(variants)) continue;
    delete merged[key];
    if (variants.every(constraintOnly)) continue;
    const nonNull = variants.filter((v) => !(isRecord(v) && v.type === 'null'));
    const scalar = scalarUnion(nonNull);
    if (scalar !== undefined) {
      merged = { ...scalar, ...merged };
      continue;
    }
    const only = nonNull[0];
    if (nonNull.length !== 1 || !isRecord(only))
      return { ok: false, reason: `is ${key === 'anyOf' ? 'an' : 'a'} ${key} union` };
    const inner = normaliseSchema(only, depth + 1);
    if (!inner.ok) return inner;
    merged = { ...inner.schema, ...merged };
  }
  return { ok: true, schema: merged };
}

/** allOf parts each declaring some properties and required fields: the object has all of them. */
function mergedProperties(part: JsonRecord, merged: JsonRecord): JsonRecord {
  const out: JsonRecord = {};
  if (isRecord(part.properties) && isRecord(merged.properties)) {
    out.properties = { ...part.properties, ...merged.properties };
  }
  if (Array.isArray(part.required) && Array.isArray(merged.required)) {
    out.required = [...new Set([...part.required, ...merged.required])];
  }
  return out;
}

/** The schema's single type: `string`, `object`, `array`…; undefined when it has none or several. */
export function schemaType(schema: JsonRecord): string | undefined {
  const { type } = schema;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) {
    const nonNull = type.filter((t) => t !== 'null');
    return nonNull.length === 1 && typeof nonNull[0] === 'string' ? nonNull[0] : undefined;
  }
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string')) return 'string';
  if (isRecord(schema.properties)) return 'object';
  if (isRecord(schema.items)) return 'array';
  return undefined;
}

function accepts(pattern: string, samples: string[], rejects: string[]): boolean {
  try {
    const re = new RegExp(pattern, 'u');
    return samples.every((s) => re.test(s)) && rejects.every((s) => !re.test(s));
  } catch {
    return false;
  }
}

/** A pattern that accepts HH:MM clock times and nothing date-like is a 001 `time`. */
export function isTimePattern(pattern: string): boolean {
  return accepts(pattern, ['09:30', '23:45', '00:00'], ['2024-03-15', 'abc', '0930', '12345678', '9:30 pm']);
}

/** A pattern that accepts YYYY-MM-DD and nothing time-like is a 001 `date`. */
export function isDatePattern(pattern: string): boolean {
  // Phone-like patterns also accept digits and dashes, so plain digit runs must be rejected.
  return accepts(
    pattern,
    ['2024-03-15', '1999-12-31'],
    ['09:30', 'abc', '15/03/2024', '12345678', '+61 412 345 678'],
  );
}

function stringType(schema: JsonRecord): Pick<PrimitiveMapping, 'type' | 'enum_values'> {
  const format = typeof schema.format === 'string' ? schema.format : undefined;
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : undefined;
  if (
    Array.isArray(schema.enum) &&
    schema.enum.length > 0 &&
    schema.enum.every((v) => typeof v === 'string')
  ) {
    return { type: 'enum', enum_values: schema.enum as string[] };
  }
  if (format === 'date' || (pattern !== undefined && isDatePattern(pattern))) return { type: 'date' };
  if (format === 'date-time') return { type: 'datetime' };
  if (format === 'time' || (pattern !== undefined && isTimePattern(pattern))) return { type: 'time' };
  return { type: 'string' };
}

function constraintsOf(schema: JsonRecord, integer: boolean): PrimitiveMapping['constraints'] {
  const num = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  let minimum = num('minimum');
  let maximum = num('maximum');
  // OpenAPI 3.1 numeric exclusive bounds: tightened to inclusive ones for integers.
  const exclusiveMin = num('exclusiveMinimum');
  const exclusiveMax = num('exclusiveMaximum');
  if (exclusiveMin !== undefined) minimum = integer ? exclusiveMin + 1 : exclusiveMin;
  if (exclusiveMax !== undefined) maximum = integer ? exclusiveMax - 1 : exclusiveMax;
  const c: PrimitiveMapping['constraints'] = {};
  if (minimum !== undefined) c.minimum = minimum;
  if (maximum !== undefined) c.maximum = maximum;
  const minLength = num('minLength');
  const maxLength = num('maxLength');
  if (minLength !== undefined) c.min_length = minLength;
  if (maxLength !== undefined) c.max_length = maxLength;
  if (typeof schema.pattern === 'string') c.pattern = schema.pattern;
  if (typeof schema.format === 'string') c.format = schema.format;
  if (integer) c.integer = true;
  return c;
}

function primitiveType(
  type: string,
  schema: JsonRecord,
): Pick<PrimitiveMapping, 'type' | 'enum_values'> | undefined {
  if (type === 'string') return stringType(schema);
  if (type === 'integer' || type === 'number') return { type: 'number' };
  if (type === 'boolean') return { type: 'boolean' };
  return undefined;
}

/**
 * Maps an OpenAPI schema to a 001 primitive (string / number / boolean / date / datetime / time / enum) from its
 * type, format and pattern. Integers are numbers with `constraints.integer`.
 */
export function mapSchema(raw: unknown): SchemaMapping {
  if (!isRecord(raw)) return { ok: false, reason: 'has no schema' };
  if (typeof raw.$ref === 'string') return { ok: false, reason: `has an unresolved $ref ${raw.$ref}` };
  const normalised = normaliseSchema(raw);
  if (!normalised.ok) return normalised;
  const { schema } = normalised;
  const type = schemaType(schema);
  if (type === undefined) return { ok: false, reason: 'has no single primitive type' };
  const mapped = primitiveType(type, schema);
  if (mapped === undefined) return { ok: false, reason: `is an ${type}, not a primitive` };
  return {
    ok: true,
    ...mapped,
    constraints: constraintsOf(schema, type === 'integer'),
    ...(schema.default === undefined ? {} : { default: schema.default }),
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    sensitive: schema.format === 'password' || schema['x-sensitive'] === true,
  };
}
