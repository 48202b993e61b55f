import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { expectedFormat } from './expected-format.ts';
import type { JsonSchemaObject, SpecOperation, SpecParameter } from './openapi-spec.ts';
import { badRequest, type SandboxApiError } from './sandbox-error.ts';

const addFormats = addFormatsPlugin.default ?? addFormatsPlugin;

/** Parameters arrive as strings (path, query, headers), so they are coerced to the spec's types. */
const paramsAjv = addFormats(new Ajv({ strict: false, verbose: true, coerceTypes: true, useDefaults: true }));
/** JSON bodies are typed already: no coercion, so `"partySize": "4"` is a 400, as a strict API would say. */
const bodyAjv = addFormats(new Ajv({ strict: false, verbose: true, useDefaults: true }));

/** A request as the HTTP layer read it. */
export interface RawRequest {
  path: Record<string, string>;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON, or undefined when the request had no body. */
  body: unknown;
}

/** A request that passed the spec: parameters by their spec name, coerced and defaulted. */
export interface ValidRequest {
  params: Record<string, unknown>;
  body: Record<string, unknown>;
}

type Location = 'path' | 'query' | 'header';
const LOCATIONS: Location[] = ['path', 'query', 'header'];

/** Validates requests of one operation against its OpenAPI schemas (compiled once). */
export class RequestValidator {
  private readonly params: Record<Location, ValidateFunction>;
  private readonly body?: { required: boolean; validate: ValidateFunction };

  constructor(private readonly operation: SpecOperation) {
    this.params = {
      path: paramsAjv.compile(objectSchema(operation.parameters, 'path')),
      query: paramsAjv.compile(objectSchema(operation.parameters, 'query')),
      header: paramsAjv.compile(objectSchema(operation.parameters, 'header')),
    };
    if (operation.requestBody) {
      this.body = {
        required: operation.requestBody.required,
        validate: bodyAjv.compile(operation.requestBody.schema),
      };
    }
  }

  /** Returns the validated request or throws a 400 naming the field and its expected format. */
  validate(raw: RawRequest): ValidRequest {
    const params: Record<string, unknown> = {};
    for (const location of LOCATIONS) {
      const values = this.collect(location, raw);
      if (!this.params[location](values)) throw toBadRequest(this.params[location].errors, location);
      Object.assign(params, values);
    }
    return { params, body: this.validateBody(raw.body) };
  }

  private validateBody(body: unknown): Record<string, unknown> {
    if (!this.body) return {};
    if (body === undefined && this.body.required) {
      throw badRequest('body', 'a JSON object', 'the request body is required (a JSON object)');
    }
    const value = body ?? {};
    if (!this.body.validate(value)) throw toBadRequest(this.body.validate.errors, 'body');
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw badRequest('body', 'a JSON object', 'the request body must be a JSON object');
    }
    return { ...value };
  }

  private collect(location: Location, raw: RawRequest): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const p of this.operation.parameters.filter((x) => x.in === location)) {
      const value =
        location === 'path'
          ? raw.path[p.name]
          : location === 'query'
            ? (raw.query.get(p.name) ?? undefined)
            : firstHeader(raw.headers[p.name.toLowerCase()]);
      if (value !== undefined) values[p.name] = value;
    }
    return values;
  }
}

function objectSchema(parameters: SpecParameter[], location: Location): JsonSchemaObject {
  const own = parameters.filter((p) => p.in === location);
  return {
    type: 'object',
    properties: Object.fromEntries(own.map((p) => [p.name, p.schema ?? {}])),
    required: own.filter((p) => p.required).map((p) => p.name),
  };
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Turns the first ajv error into the 400 body: which field, what it should look like, what we got. */
function toBadRequest(errors: ErrorObject[] | null | undefined, location: string): SandboxApiError {
  const error = errors?.[0];
  if (!error) return badRequest(location, 'a valid request', `invalid ${location}`);
  const parent = asSchema(error.parentSchema);
  const at = error.instancePath.split('/').filter(Boolean);

  if (error.keyword === 'required') {
    const missing = String(error.params.missingProperty);
    const field = [...at, missing].join('.');
    const format = expectedFormat(asSchema(asSchema(parent?.properties)?.[missing]));
    return badRequest(field, format, `${field} is required (${format})`);
  }
  const field = at.join('.') || location;
  if (error.keyword === 'minProperties') {
    const names = Object.keys(asSchema(parent?.properties) ?? {}).join(', ');
    const format = `a JSON object with at least one of: ${names}`;
    return badRequest(field, format, `${field} must contain at least one of: ${names}`);
  }
  const format = expectedFormat(parent);
  const got = JSON.stringify(error.data);
  return badRequest(field, format, `${field} must be ${format}, got ${got?.slice(0, 80) ?? 'nothing'}`);
}

function asSchema(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value))
    : undefined;
}
