import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { MAX_BODY_BYTES } from '../../lib/http/request-guards.ts';
import type { Clock } from '../../lib/ports/clock.ts';
import { API_GATEWAY_TIMEOUT_MS } from '../cdk/function-limits.ts';
import { toApiGatewayEvent } from './api-gateway-event.ts';
import { LOCAL_TIMEOUT_MS, lambdaContext } from './lambda-context.ts';

/** An API Gateway proxy handler, as exported by functions/*.ts. */
export type ProxyHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/** One resource + method of the RestApi and the handler module behind it. */
export interface GatewayRoute {
  method: 'GET' | 'POST';
  /** Resource template, e.g. /v1/plans/{plan_id}/confirm. */
  resource: string;
  functionName: string;
  handler: ProxyHandler;
  /** The Lambda's timeout (infra/cdk/function-limits.ts); default the gateway's `timeoutMs`. */
  timeoutMs?: number;
}

/** What API Gateway answers when the Lambda is killed at its timeout (shaped by the CDK app's DEFAULT_5XX). */
export const LAMBDA_TIMEOUT_RESPONSE = { status: 502, message: 'Internal server error' } as const;
/** What API Gateway answers when the integration has not answered after 29 s. */
export const GATEWAY_TIMEOUT_RESPONSE = { status: 504, message: 'Endpoint request timed out' } as const;

/** A running local gateway. */
export interface LocalGateway {
  /** http://127.0.0.1:<port> */
  url: string;
  stop(): Promise<void>;
}

/** A path parameter that is not valid percent-encoding (e.g. %E0%A4%A): a 400, never a gateway failure. */
export class MalformedPathError extends Error {
  override readonly name = 'MalformedPathError';
  constructor(
    readonly parameter: string,
    options?: { cause?: unknown },
  ) {
    super(`${parameter} is not valid percent-encoding`, options);
  }
}

/**
 * Matches a concrete path against a resource template; returns its path parameters, percent-decoded as API Gateway
 * hands them to the Lambda. Throws MalformedPathError when a parameter cannot be decoded.
 */
export function matchResource(resource: string, path: string): Record<string, string> | undefined {
  const names: string[] = [];
  const pattern = resource.replace(/\{(\w+)\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}/?$`).exec(path);
  if (!match) return undefined;
  return Object.fromEntries(names.map((n, i) => [n, decodePathParameter(n, match[i + 1] ?? '')]));
}

function decodePathParameter(name: string, raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch (error) {
    throw new MalformedPathError(name, { cause: error });
  }
}

/**
 * HTTP on 127.0.0.1 that turns each request into the REST (v1) proxy event API Gateway would send and invokes
 * the same handler module the Lambda runs. It never logs headers or bodies (X-User-Token).
 */
export async function startLocalGateway(options: {
  routes: GatewayRoute[];
  clock: Clock;
  port?: number;
  /** The Lambda timeout of a route that names none; default 60 s. */
  timeoutMs?: number;
  /** API Gateway's integration timeout; default 29 s (lambda-context.ts localLimits lifts it for the relay). */
  gatewayTimeoutMs?: number;
}): Promise<LocalGateway> {
  const server = createServer((req, res) => {
    serve(options, req, res).catch((error: unknown) => {
      answer(res, 500, { error_type: 'service_unavailable', message: 'local gateway failure' });
      process.stderr.write(`local gateway: ${error instanceof Error ? error.name : 'error'}\n`);
    });
  });
  // Bytes that are not HTTP at all get a ServiceError too, instead of Node's bare "400 Bad Request".
  server.on('clientError', function refuseMalformedHttp(_error, socket) {
    const body = JSON.stringify({ error_type: 'invalid_input', message: 'malformed HTTP request' });
    if (socket.writable) {
      socket.end(
        `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    } else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

async function serve(
  options: { routes: GatewayRoute[]; clock: Clock; timeoutMs?: number; gatewayTimeoutMs?: number },
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = requestUrl(req.url ?? '/');
  const body = await readBody(req);
  if (!url) return answer(res, 400, { error_type: 'invalid_input', message: 'malformed request target' });
  if (body === undefined) return answer(res, 413, tooLarge);
  for (const route of options.routes) {
    let params: Record<string, string> | undefined;
    try {
      params = req.method === route.method ? matchResource(route.resource, url.pathname) : undefined;
    } catch (error) {
      if (!(error instanceof MalformedPathError)) throw error;
      return answer(res, 400, { error_type: 'invalid_input', message: error.message });
    }
    if (!params) continue;
    const event = toApiGatewayEvent({
      method: route.method,
      resource: route.resource,
      path: url.pathname,
      pathParameters: Object.keys(params).length > 0 ? params : null,
      query: url.searchParams,
      headers: flattenHeaders(req.headers),
      body: body.length > 0 ? body : null,
      requestId: randomUUID(),
      sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
      requestTimeEpoch: options.clock.now().getTime(),
    });
    const lambdaTimeoutMs = route.timeoutMs ?? options.timeoutMs ?? LOCAL_TIMEOUT_MS;
    const result = await invokeWithLimits(
      route,
      event,
      lambdaTimeoutMs,
      options.gatewayTimeoutMs ?? API_GATEWAY_TIMEOUT_MS,
    );
    if ('killed' in result) {
      process.stderr.write(
        `local gateway: ${route.functionName} ${result.killed === 'lambda' ? `timed out after ${lambdaTimeoutMs} ms (AWS kills the Lambda)` : 'passed the 29 s integration timeout'}; answered ${result.status}\n`,
      );
      return answer(res, result.status, { error_type: 'service_unavailable', message: result.message });
    }
    res.writeHead(result.statusCode, stringHeaders(result.headers));
    res.end(result.body);
    return;
  }
  // Issue 27: a known resource with another method is a 405 naming the methods it has (RFC 9110 §15.5.6).
  const allow = allowedMethods(options.routes, url.pathname);
  if (allow) {
    return answer(
      res,
      405,
      {
        error_type: 'invalid_input',
        message: `method ${req.method} is not allowed on ${url.pathname}; use ${allow}`,
      },
      { allow },
    );
  }
  // API Gateway answers unknown resources itself; the CDK app shapes those as a ServiceError too.
  answer(res, 404, {
    error_type: 'invalid_input',
    message: `no such resource: ${req.method} ${url.pathname}`,
  });
}

/** A limit the invocation ran into, and what API Gateway answers for it. */
type Killed = { killed: 'lambda' | 'gateway'; status: number; message: string };

/**
 * Runs the handler as AWS would bound it (issue 28): at the Lambda's timeout the invocation is over and API Gateway
 * answers 502; at the integration timeout (29 s) it answers 504, whichever comes first. The local handler cannot be
 * killed, so it keeps running in the background and its late answer is dropped; what IQ sees is what AWS would send.
 */
async function invokeWithLimits(
  route: GatewayRoute,
  event: APIGatewayProxyEvent,
  lambdaTimeoutMs: number,
  gatewayTimeoutMs: number,
): Promise<APIGatewayProxyResult | Killed> {
  const byLambda = lambdaTimeoutMs <= gatewayTimeoutMs;
  const limit: Killed = byLambda
    ? { killed: 'lambda', ...LAMBDA_TIMEOUT_RESPONSE }
    : { killed: 'gateway', ...GATEWAY_TIMEOUT_RESPONSE };
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<Killed>((resolve) => {
    timer = setTimeout(() => resolve(limit), Math.min(lambdaTimeoutMs, gatewayTimeoutMs));
  });
  const invocation = route.handler(event, lambdaContext(route.functionName, lambdaTimeoutMs));
  // A handler that fails after its answer was given up on must not become an unhandled rejection.
  invocation.catch(() => undefined);
  try {
    return await Promise.race([invocation, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** A ServiceError the gateway answers itself (API Gateway's own responses, shaped by the CDK app). */
function answer(
  res: ServerResponse,
  status: number,
  body: { error_type: string; message: string },
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { ...headers, 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The handlers' own 413 text (lib/http/request-guards.ts), answered before any handler runs. */
const tooLarge = {
  error_type: 'invalid_input',
  message: `request body is larger than ${MAX_BODY_BYTES} bytes`,
};

/** The methods the routes serve on `path` (a malformed parameter matches nothing here), or undefined. */
function allowedMethods(routes: readonly GatewayRoute[], path: string): string | undefined {
  const methods = routes.filter((r) => {
    try {
      return matchResource(r.resource, path) !== undefined;
    } catch {
      return false;
    }
  });
  return methods.length > 0 ? [...new Set(methods.map((r) => r.method))].join(', ') : undefined;
}

/**
 * The request target as a URL. An origin-form target is a path, even one that reads like a URL without a scheme
 * ("//x" is a path here, not a host); an absolute-form target must parse. Undefined when it cannot be read.
 */
function requestUrl(target: string): URL | undefined {
  try {
    return target.startsWith('/') ? new URL(`http://127.0.0.1${target}`) : new URL(target);
  } catch {
    return undefined;
  }
}

/**
 * The body as text, or undefined once it passes MAX_BODY_BYTES (issue 27: a 413). The rest of an oversized body
 * is read and dropped, never kept, so the client still gets the answer and memory stays bounded.
 */
function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES) chunks.push(c);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function flattenHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined) out[key] = Array.isArray(value) ? value.join(',') : value;
  }
  return out;
}

function stringHeaders(headers: APIGatewayProxyResult['headers']): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k, String(v)]));
}
