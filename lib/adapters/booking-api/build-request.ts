import type { ActionCall } from '../../ports/booking-api.ts';

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
 * Builds the request of a CompiledAction: snake_case args go to their location under their wire name
 * (path, query, header or JSON body); auth, Idempotency-Key and If-Match become headers. Args the action
 * does not declare are not sent (000: only the curated parameters reach the API).
 */
export function buildRequest(baseUrl: string, call: ActionCall): BuiltRequest {
  const { action, args } = call;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {
    accept: 'application/json',
    authorization: `Bearer ${call.token}`,
  };
  const body: Record<string, unknown> = {};
  let path = action.path;

  for (const parameter of action.parameters) {
    const value = args[parameter.name];
    if (value === undefined || value === null) continue;
    if (parameter.location === 'path') {
      path = path.replace(`{${parameter.wire_name}}`, encodeURIComponent(String(value)));
    } else if (parameter.location === 'query') {
      query.set(parameter.wire_name, String(value));
    } else if (parameter.location === 'header') {
      headers[parameter.wire_name.toLowerCase()] = String(value);
    } else {
      body[parameter.wire_name] = value;
    }
  }
  const unfilled = /\{([^}]+)\}/.exec(path);
  if (unfilled) {
    const name = action.parameters.find((p) => p.wire_name === unfilled[1])?.name ?? unfilled[1]!;
    throw new RequestBuildError(`${name} is required to call ${action.action_id}`, name);
  }
  if (call.idempotencyKey !== undefined) headers['idempotency-key'] = call.idempotencyKey;
  if (call.ifMatch !== undefined) headers['if-match'] = call.ifMatch;

  const sendsBody = Object.keys(body).length > 0;
  if (sendsBody) headers['content-type'] = 'application/json';
  const search = query.size > 0 ? `?${query}` : '';
  return {
    url: `${baseUrl.replace(/\/+$/, '')}${path}${search}`,
    method: action.method,
    headers,
    ...(sendsBody ? { body: JSON.stringify(body) } : {}),
  };
}
