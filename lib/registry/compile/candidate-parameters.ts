import { snakeCase } from '../naming.ts';
import { isRecord, type JsonRecord, recordAt, stringAt } from './openapi-shapes.ts';
import { normaliseSchema, schemaType } from './schema-mapping.ts';
import type { SpecOperation } from './spec-operations.ts';
import type { HiddenParameter } from './transform-types.ts';

/** Every input of an operation, before the filtering rules run. */
export interface CandidateParameter {
  /** The name on the wire (camelCase in our API). */
  wire_name: string;
  /** The snake_case action parameter name (`body_<name>` for a body field that clashes with a parameter). */
  name: string;
  location: 'path' | 'query' | 'header' | 'cookie' | 'body' | 'whole_body';
  required: boolean;
  /** The OpenAPI schema, dereferenced (it may be a cycle: walk it with a bound). */
  schema: unknown;
  description?: string;
  /** x-sensitive: true on the parameter object itself. */
  x_sensitive: boolean;
}

export type CandidateResult =
  | {
      ok: true;
      candidates: CandidateParameter[];
      dropped: Omit<HiddenParameter, 'action_id'>[];
      notes: string[];
    }
  | { ok: false; reason: string };

const LOCATIONS = new Set(['path', 'query', 'header', 'cookie']);
/** The name of a parameter that is the entire request body (an array, a string…). */
export const WHOLE_BODY = 'body';

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
    schema: parameterSchema(param),
    ...(description === undefined ? {} : { description }),
    x_sensitive: param['x-sensitive'] === true,
  };
}

type BodyResult =
  | { candidates: CandidateParameter[]; dropped: Omit<HiddenParameter, 'action_id'>[] }
  | string;

function fromBody(body: JsonRecord): BodyResult {
  const required = body.required === true;
  const content = recordAt(body, 'content') ?? {};
  const types = Object.keys(content);
  const json = types.find((t) => /json/i.test(t));
  if (json === undefined) {
    if (types.length === 0) return { candidates: [], dropped: [] };
    const reason = `has a ${types.join(', ')} request body, which is not supported`;
    if (required) return reason;
    return {
      candidates: [],
      dropped: [{ wire_name: WHOLE_BODY, location: 'body', reason: 'unsupported', detail: reason }],
    };
  }
  const schema = recordAt(content[json], 'schema') ?? {};
  const normalised = normaliseSchema(schema);
  const type = normalised.ok ? schemaType(normalised.schema) : undefined;
  if (normalised.ok && type === 'object' && isRecord(normalised.schema.properties)) {
    return { candidates: bodyFields(normalised.schema, required), dropped: [] };
  }
  // Not an object of fields (a list, a string, a union…): the whole body is one parameter.
  const description = stringAt(body, 'description') ?? stringAt(schema, 'description');
  return {
    candidates: [
      {
        wire_name: WHOLE_BODY,
        name: WHOLE_BODY,
        location: 'whole_body',
        required,
        schema,
        ...(description === undefined ? {} : { description }),
        x_sensitive: false,
      },
    ],
    dropped: [],
  };
}

function bodyFields(schema: JsonRecord, bodyRequired: boolean): CandidateParameter[] {
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(recordAt(schema, 'properties') ?? {}).map(([wire, property]) => {
    const description = stringAt(property, 'description');
    return {
      wire_name: wire,
      name: snakeCase(wire),
      location: 'body',
      required: bodyRequired && required.has(wire),
      schema: property,
      ...(description === undefined ? {} : { description }),
      x_sensitive: isRecord(property) && property['x-sensitive'] === true,
    };
  });
}

/**
 * A body field named like a path, query or header parameter (DigitalOcean repeats `agent_uuid` in both): the
 * parameter keeps the name, the body field becomes `body_<name>`, and the report says so.
 */
function disambiguate(operationId: string, candidates: CandidateParameter[], notes: string[]): void {
  const outside = new Set(candidates.filter((c) => c.location !== 'body').map((c) => c.name));
  for (const c of candidates) {
    if (c.location !== 'body' || !outside.has(c.name)) continue;
    const renamed = `body_${c.name}`;
    notes.push(
      `${operationId}: body field '${c.wire_name}' is exposed as '${renamed}' (a parameter is named '${c.name}')`,
    );
    c.name = renamed;
  }
}

/** Path, query, header and cookie parameters plus the JSON request body: its fields, or the whole body. */
export function candidateParameters(operation: SpecOperation): CandidateResult {
  const candidates: CandidateParameter[] = [];
  for (const param of operation.parameters) {
    const candidate = fromParameter(param);
    if (typeof candidate === 'string') return { ok: false, reason: candidate };
    candidates.push(candidate);
  }
  let dropped: Omit<HiddenParameter, 'action_id'>[] = [];
  if (operation.request_body !== undefined) {
    const body = fromBody(operation.request_body);
    if (typeof body === 'string') return { ok: false, reason: body };
    candidates.push(...body.candidates);
    dropped = body.dropped;
  }
  const notes: string[] = [];
  disambiguate(operation.operation_id, candidates, notes);
  return { ok: true, candidates, dropped, notes };
}
