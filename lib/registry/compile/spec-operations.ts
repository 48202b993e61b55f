import { snakeCase } from '../naming.ts';
import { HTTP_METHODS, isRecord, type JsonRecord, recordAt, stringAt } from './openapi-shapes.ts';
import { normaliseSchema } from './schema-mapping.ts';
import type { SkippedOperation } from './transform-types.ts';

/** One OpenAPI operation, dereferenced, with path-level parameters merged in. */
export interface SpecOperation {
  operation_id: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  summary?: string;
  description?: string;
  /** Parameter objects; operation-level ones override path-level ones with the same name and location. */
  parameters: JsonRecord[];
  request_body?: JsonRecord;
  /** snake_case top-level fields of the success JSON response, when its schema declares them. */
  response_fields?: string[];
  /** The success JSON response schema, dereferenced (possibly a cycle), for template path checks. */
  response_schema?: JsonRecord;
}

const SUPPORTED = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Key of an operation by method and path, as the per-operation validation fallback reports them. */
export function operationKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

function mergeParameters(pathLevel: unknown[], operationLevel: unknown[]): JsonRecord[] {
  const merged = new Map<string, JsonRecord>();
  for (const p of [...pathLevel, ...operationLevel]) {
    if (isRecord(p)) merged.set(`${String(p.in)}:${String(p.name)}`, p);
  }
  return [...merged.values()];
}

/** The JSON schema of the first 2xx response, if it has one. */
export function successSchema(operation: JsonRecord): JsonRecord | undefined {
  const responses = recordAt(operation, 'responses') ?? {};
  const code = Object.keys(responses)
    .filter((c) => /^2(\d\d|XX)$/i.test(c))
    .sort()[0];
  if (code === undefined) return undefined;
  const content = recordAt(responses[code], 'content') ?? {};
  const json = Object.keys(content).find((type) => /json/i.test(type));
  return json === undefined ? undefined : recordAt(content[json], 'schema');
}

/** snake_case names of the success response's top-level properties (issue 2: responses are snake_case). */
export function responseFields(operation: JsonRecord): string[] | undefined {
  const schema = successSchema(operation);
  if (schema === undefined) return undefined;
  const normalised = normaliseSchema(schema);
  if (!normalised.ok) return undefined;
  const properties = recordAt(normalised.schema, 'properties');
  return properties === undefined ? undefined : Object.keys(properties).map(snakeCase);
}

function toOperation(method: string, path: string, pathItem: JsonRecord, op: JsonRecord): SpecOperation {
  const pathParams = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
  const opParams = Array.isArray(op.parameters) ? op.parameters : [];
  const body = recordAt(op, 'requestBody');
  const fields = responseFields(op);
  const responseSchema = successSchema(op);
  const summary = stringAt(op, 'summary');
  const description = stringAt(op, 'description');
  return {
    operation_id: String(op.operationId),
    method: method.toUpperCase() as SpecOperation['method'],
    path,
    ...(summary === undefined ? {} : { summary }),
    ...(description === undefined ? {} : { description }),
    parameters: mergeParameters(pathParams, opParams),
    ...(body === undefined ? {} : { request_body: body }),
    ...(fields === undefined ? {} : { response_fields: fields }),
    ...(responseSchema === undefined ? {} : { response_schema: responseSchema }),
  };
}

/** Operations of a dereferenced document plus the ones that cannot become actions at all. */
export interface ExtractedOperations {
  operations: SpecOperation[];
  skipped: SkippedOperation[];
}

/**
 * Reads every operation of a dereferenced OpenAPI document, except those in `exclude` (invalid per the
 * OpenAPI schema). Operations without an operationId, with a duplicate one, or with an unsupported method are
 * reported: 001 action_id "matches source operationId".
 */
export function extractOperations(
  document: unknown,
  exclude: ReadonlySet<string> = new Set(),
): ExtractedOperations {
  const operations: SpecOperation[] = [];
  const skipped: SkippedOperation[] = [];
  const seen = new Set<string>();
  for (const [path, pathItem] of Object.entries(recordAt(document, 'paths') ?? {})) {
    if (!isRecord(pathItem)) continue;
    for (const method of HTTP_METHODS) {
      const op = pathItem[method];
      if (!isRecord(op) || exclude.has(operationKey(method, path))) continue;
      const id = stringAt(op, 'operationId');
      const where = operationKey(method, path);
      if (id === undefined || id === '') {
        skipped.push({ operation_id: where, kind: 'invalid_operation', reason: 'has no operationId' });
      } else if (seen.has(id)) {
        skipped.push({
          operation_id: id,
          kind: 'invalid_operation',
          reason: `duplicate operationId (${where})`,
        });
      } else if (!SUPPORTED.has(method.toUpperCase())) {
        skipped.push({
          operation_id: id,
          kind: 'unsupported',
          reason: `HTTP method ${method} is not supported`,
        });
      } else {
        seen.add(id);
        operations.push(toOperation(method, path, pathItem, op));
      }
    }
  }
  return { operations, skipped };
}
