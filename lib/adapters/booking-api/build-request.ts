import type { ActionCall } from '../../ports/booking-api.ts';
import type { CompiledValue } from '../../registry/compiled-action.ts';

/** An HTTP request ready for fetch. Holds the token in `headers`: never log it. */
export interface BuiltRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** A call that can't become a request (a required path parameter is missing). */
export class RequestBuildError extends Error {
  override readonly name = 'RequestBuildError';

  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/**
 * A nested value on the wire: object keys back to their wire names, fields the registry does not declare
 * dropped (000: only the curated parameters reach the API).
 */
function toWire(value: unknown, shape: CompiledValue): unknown {
  if (shape.type === 'array' && Array.isArray(value) && shape.items) {
    const items = shape.items;
    return value.map((item) => toWire(item, items));
  }
  if (shape.type === 'object' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const out: Record<string, unknown> = {};
    for (const field of shape.fields ?? []) {
      const v = Reflect.get(value, field.name);
      if (v !== undefined && v !== null) out[field.wire_name] = toWire(v, field);
    }
    return out;
  }
  return value;
}

/** A list in a path or header: comma-separated (OpenAPI style simple, the default there). */
function flat(value: unknown): string {
  return Array.isArray(value) ? value.map(String).join(',') : String(value);
}

/**
 * Builds the request of a CompiledAction: snake_case args go to their location under their wire name
 * (path, query, header, JSON body field, or the whole JSON body), nested fields too; auth, Idempotency-Key and
 * If-Match become headers, and the action's danger acknowledgements only on a confirmed high-risk step. Args
 * the action does not declare are not sent (000: only the curated parameters reach the API).
 */
export function buildRequest(baseUrl: string, call: ActionCall): BuiltRequest {
  const { action, args } = call;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {
    accept: 'application/json',
    authorization: `Bearer ${call.token}`,
  };
  const fields: Record<string, unknown> = {};
  let whole: unknown;
  let path = action.path;

  for (const parameter of action.parameters) {
    const value = args[parameter.name];
    if (value === undefined || value === null) continue;
    if (parameter.location === 'path') {
      path = path.replace(`{${parameter.wire_name}}`, encodeURIComponent(flat(value)));
    } else if (parameter.location === 'query') {
      // A list is repeated (OpenAPI style form, explode true: the default for query parameters).
      for (const item of Array.isArray(value) ? value : [value])
        query.append(parameter.wire_name, String(item));
    } else if (parameter.location === 'header') {
      headers[parameter.wire_name.toLowerCase()] = flat(value);
    } else if (parameter.location === 'whole_body') {
      whole = toWire(value, parameter);
    } else {
      fields[parameter.wire_name] = toWire(value, parameter);
    }
  }
  const unfilled = /\{([^}]+)\}/.exec(path);
  if (unfilled) {
    const name = action.parameters.find((p) => p.wire_name === unfilled[1])?.name ?? unfilled[1]!;
    throw new RequestBuildError(`${name} is required to call ${action.action_id}`, name);
  }
  if (call.idempotencyKey !== undefined) headers['idempotency-key'] = call.idempotencyKey;
  if (call.ifMatch !== undefined) headers['if-match'] = call.ifMatch;
  if (call.confirmedHighRisk === true) {
    for (const header of action.danger_headers ?? []) headers[header.wire_name.toLowerCase()] = header.value;
  }

  const body = whole !== undefined ? whole : Object.keys(fields).length > 0 ? fields : undefined;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const search = query.size > 0 ? `?${query}` : '';
  return {
    url: `${baseUrl.replace(/\/+$/, '')}${path}${search}`,
    method: action.method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}
