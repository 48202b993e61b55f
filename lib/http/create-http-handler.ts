import type { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { flushTracesMiddleware } from '../observability/flush-traces.ts';
import type { Tracer } from '../ports/tracer.ts';
import { rejectForbiddenKeys } from './forbidden-body-keys.ts';
import type { HttpRoute } from './http-route.ts';
import { jsonResponse } from './json-response.ts';
import { parseRequestInput } from './request-input.ts';
import { serviceErrorMiddleware } from './service-error-middleware.ts';
import { readUserToken } from './user-token.ts';
import { userTokenMiddleware } from './user-token-middleware.ts';

/** What every HTTP handler needs from its composition. */
export interface HttpDeps {
  /** Flushed before the handler returns, on success and on error (bounded by the composition; never fails). */
  tracer?: Pick<Tracer, 'flush'>;
}

/**
 * Builds the Middy handler of one route, middleware first so types flow: Lambda context and per-request log keys
 * (Powertools injectLambdaContext, keys reset after each request) → trace flush (its after/onError run last, once
 * the response or error body is final) → deps (once per cold start: composition/lazy.ts) → header normalisation →
 * the one error middleware → token check (401) → JSON body on POST (400) → zod input (400) → use case → 200 JSON.
 * `logger` is the Lambda's module-scope logger; the composition hands the same one to the use cases.
 */
export function createHttpHandler<TDeps extends HttpDeps, TInput>(
  route: HttpRoute<TDeps, TInput>,
  deps: () => Promise<TDeps>,
  logger: Logger,
) {
  let resolved: TDeps | undefined;
  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(flushTracesMiddleware(() => resolved?.tracer, logger))
    .use({
      name: 'composition',
      before: async function resolveDeps() {
        resolved = await deps();
        logger.appendKeys({ operation: route.operationId });
      },
    })
    .use(httpHeaderNormalizer())
    .use(serviceErrorMiddleware(logger))
    .use(userTokenMiddleware());
  if (route.method === 'POST') handler.use(httpJsonBodyParser({ reviver: rejectForbiddenKeys }));
  return handler.handler(async function handleHttpRoute(event: APIGatewayProxyEvent) {
    const current = resolved ?? (await deps());
    const input = parseRequestInput(route.input, {
      path: event.pathParameters ?? {},
      query: event.queryStringParameters ?? {},
      body: event.body,
    });
    logger.appendKeys({ ...route.correlationIds?.(input) });
    const body = await route.run(current, input, readUserToken(event.headers));
    logger.info(`${route.method} ${route.path} 200`, { status: 200 });
    return jsonResponse(200, body);
  });
}
