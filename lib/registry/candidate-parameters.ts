import { snakeCase } from './naming.ts';
import { isRecord, type JsonRecord, recordAt, stringAt } from './openapi-shapes.ts';
import { mapSchema, normaliseSchema, type SchemaMapping } from './schema-mapping.ts';
import type { SpecOperation } from './spec-operations.ts';

/** Every input of an operation, before the filtering rules run. */
export interface CandidateParameter {
  /** The name on the wire (camelCase in our API). */
  wire_name: string;
  /** The snake_case action parameter name. */
  name: string;
  location: 'path' | 'query' | 'header' | 'cookie' | 'body';
  required: boolean;
  mapping: SchemaMapping;
  description?: string;
  /** x-sensitive: true on the parameter object itself. */
  x_sensitive: boolean;
}

export type CandidateResult = { ok: true; candidates: CandidateParameter[] } | { ok: false; reason: string };

const LOCATIONS = new Set(['path', 'query', 'header', 'cookie']);

function parameterSchema(param: JsonRecord): unknown {
  if (param.schema !== undefined) return param.schema;
  // A parameter may carry `content` instead of `schema`: use its single media type's schema.
  const content = recordAt(param, 'content') ?? {};
  const first = Object.values(content)[0];
  return recordAt(first, 'schema');
}

function fromParameter(param: JsonRecord): CandidateParameter | string {
  const wire = stringAt(param, 'name');
  const location = stringAt(param, 'in');
  if (wire === undefined || location === undefined || !LOCATIONS.has(location)) {
    return `has a parameter without a valid name and location (${JSON.stringify(wire ?? '?')})`;
  }
  const description = stringAt(param, 'description');
  return {
    wire_name: wire,
    name: snakeCase(wire),
    location: location as CandidateParameter['location'],
    // OpenAPI: path parameters are always required.
    required: location === 'path' || param.required === true,
    mapping: mapSchema(parameterSchema(param)),
    ...(description === undefined ? {} : { description }),
    x_sensitive: param['x-sensitive'] === true,
  };
}

function jsonSchemaOfBody(body: JsonRecord): JsonRecord | undefined | string {
  const content = recordAt(body, 'content') ?? {};
  const types = Object.keys(content);
  const json = types.find((t) => /json/i.test(t));
  if (json === undefined)
    return types.length === 0 ? undefined : `request body media type ${types.join(', ')}`;
  return recordAt(content[json], 'schema') ?? {};
}

function fromBody(body: JsonRecord): CandidateParameter[] | string {
  const bodyRequired = body.required === true;
  const schema = jsonSchemaOfBody(body);
  if (typeof schema === 'string') return bodyRequired ? `needs a ${schema}, which is not supported` : [];
  if (schema === undefined) return [];
  const result = normaliseSchema(schema);
  if (!result.ok || (result.schema.type !== undefined && result.schema.type !== 'object')) {
    return bodyRequired ? 'needs a request body that is not a JSON object of fields' : [];
  }
  const normalised = result.schema;
  const required = new Set(Array.isArray(normalised.required) ? normalised.required : []);
  const candidates: CandidateParameter[] = [];
  for (const [wire, property] of Object.entries(recordAt(normalised, 'properties') ?? {})) {
    // Server-set fields are never inputs.
    if (isRecord(property) && property.readOnly === true) continue;
    const mapping = mapSchema(property);
    candidates.push({
      wire_name: wire,
      name: snakeCase(wire),
      location: 'body',
      required: bodyRequired && required.has(wire),
      mapping,
      ...(mapping.ok && mapping.description !== undefined ? { description: mapping.description } : {}),
      x_sensitive: isRecord(property) && property['x-sensitive'] === true,
    });
  }
  return candidates;
}

/** Path, query, header and cookie parameters plus the top-level fields of a JSON request body. */
export function candidateParameters(operation: SpecOperation): CandidateResult {
  const candidates: CandidateParameter[] = [];
  for (const param of operation.parameters) {
    const candidate = fromParameter(param);
    if (typeof candidate === 'string') return { ok: false, reason: candidate };
    candidates.push(candidate);
  }
  if (operation.request_body !== undefined) {
    const body = fromBody(operation.request_body);
    if (typeof body === 'string') return { ok: false, reason: body };
    candidates.push(...body);
  }
  return { ok: true, candidates };
}
