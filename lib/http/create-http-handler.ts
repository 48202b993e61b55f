import type { Logger } from '@aws-lambda-powertools/logger';
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { Tracer } from '../ports/tracer.ts';
import { rejectForbiddenKeys } from './forbidden-body-keys.ts';
import type { HttpRoute } from './http-route.ts';
import { jsonResponse } from './json-response.ts';
import { parseRequestInput } from './request-input.ts';
import { serviceErrorMiddleware } from './service-error-middleware.ts';
import { readUserToken } from './user-token.ts';
import { userTokenMiddleware } from './user-token-middleware.ts';

/** What every HTTP handler needs from its composition: a logger (correlation ids, redacting replacer). */
export interface HttpDeps {
  logger: Logger;
  /** Flushed before the handler returns, on success and on error (bounded by the composition; never fails). */
  tracer?: Pick<Tracer, 'flush'>;
}

/**
 * Builds the Middy handler of one route: deps (once per cold start) → header normalisation → token check (401)
 * → JSON body on POST (400) → zod input (400) → use case → 200 JSON. Every error goes through the one error
 * middleware. `deps` is called per request and must return the same cold-start instance (composition/lazy.ts);
 * `fallbackLogger` only serves when building the deps themselves failed. The composition step is registered
 * first, so its `after`/`onError` run last: the traces are flushed once the response (or error body) is final.
 */
export function createHttpHandler<TDeps extends HttpDeps, TInput>(
  route: HttpRoute<TDeps, TInput>,
  deps: () => Promise<TDeps>,
  fallbackLogger: Logger,
) {
  let resolved: TDeps | undefined;
  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use({
      name: 'composition',
      before: async function resolveDeps(request) {
        resolved = await deps();
        resolved.logger.resetKeys();
        resolved.logger.addContext(request.context);
        resolved.logger.appendKeys({ operation: route.operationId });
      },
      after: function flushAfterResponse() {
        return flushTraces(resolved);
      },
      onError: function flushAfterError() {
        return flushTraces(resolved);
      },
    })
    .use(httpHeaderNormalizer())
    .use(serviceErrorMiddleware(() => resolved?.logger ?? fallbackLogger))
    .use(userTokenMiddleware());
  if (route.method === 'POST') handler.use(httpJsonBodyParser({ reviver: rejectForbiddenKeys }));
  return handler.handler(async function handleHttpRoute(event: APIGatewayProxyEvent) {
    const current = resolved ?? (await deps());
    const input = parseRequestInput(route.input, {
      path: event.pathParameters ?? {},
      query: event.queryStringParameters ?? {},
      body: event.body,
    });
    current.logger.appendKeys({ ...route.correlationIds?.(input) });
    const body = await route.run(current, input, readUserToken(event.headers));
    current.logger.info(`${route.method} ${route.path} 200`, { status: 200 });
    return jsonResponse(200, body);
  });
}

/**
 * Issue 7: flush before the Lambda returns. The tracer's flush is bounded (LANGFUSE_FLUSH_TIMEOUT_MS) and must
 * never fail the request: a throwing `after` would turn the 200 into an error, so anything thrown is logged.
 */
async function flushTraces(deps: HttpDeps | undefined): Promise<void> {
  if (!deps?.tracer) return;
  try {
    await deps.tracer.flush();
  } catch (error) {
    deps.logger.warn('trace flush failed', { error_name: error instanceof Error ? error.name : 'unknown' });
  }
}
