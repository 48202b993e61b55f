import type middy from '@middy/core';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { DuplicateBodyKeyError, firstDuplicateKey } from './duplicate-json-keys.ts';

/**
 * Issue 27: the largest request body the service accepts, in bytes (64 KiB). The largest valid body is an answer
 * or a request of 4,000 characters (openapi/service.yaml), at most 16 KB of UTF-8; anything near the cap is not
 * a request. The local gateway applies the same cap (infra/local/local-gateway.ts); API Gateway's own is 10 MB.
 */
export const MAX_BODY_BYTES = 64 * 1024;

/** RFC 9110 §15.5.6: the resource exists but not with this method; `allow` is the Allow header's value. */
export class MethodNotAllowedError extends Error {
  override readonly name = 'MethodNotAllowedError';

  constructor(
    readonly method: string,
    readonly path: string,
    readonly allow: string,
  ) {
    super(`method ${method} is not allowed on ${path}; use ${allow}`);
  }
}

/** RFC 9110 §15.5.14: the body is larger than MAX_BODY_BYTES; refused before it is parsed. */
export class PayloadTooLargeError extends Error {
  override readonly name = 'PayloadTooLargeError';

  constructor(readonly bytes: number) {
    super(`request body is larger than ${MAX_BODY_BYTES} bytes`);
  }
}

/** A wrong method is a 405 with Allow, whatever else is wrong with the request (the route exists). */
export function methodGuard(route: {
  method: string;
  path: string;
}): middy.MiddlewareObj<APIGatewayProxyEvent> {
  return {
    name: 'method-guard',
    before: function requireRouteMethod(request) {
      const method = request.event.httpMethod;
      if (method !== route.method) throw new MethodNotAllowedError(method, route.path, route.method);
    },
  };
}

/** Same test as Middy's JSON body parser: application/json, or a +json type. */
const JSON_TYPE = /^application\/(.+\+)?json($|;.+)/;

/**
 * Before the JSON body parser: a body above MAX_BODY_BYTES is a 413, and a JSON body that repeats a key is a 400
 * naming it (JSON.parse would keep the last one silently). Anything else (a wrong content type, malformed JSON)
 * is left to the parser, which names it.
 */
export function bodyGuard(): middy.MiddlewareObj<APIGatewayProxyEvent> {
  return {
    name: 'body-guard',
    before: function refuseOversizedOrRepeatedKeys(request) {
      const { body, isBase64Encoded, headers } = request.event;
      if (body === null || body === undefined) return;
      const bytes = Buffer.byteLength(body, isBase64Encoded ? 'base64' : 'utf8');
      if (bytes > MAX_BODY_BYTES) throw new PayloadTooLargeError(bytes);
      if (!JSON_TYPE.test(headers?.['content-type'] ?? '')) return;
      const text = isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
      if (!isJson(text)) return;
      const repeated = firstDuplicateKey(text);
      if (repeated !== undefined) throw new DuplicateBodyKeyError(repeated);
    },
  };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
