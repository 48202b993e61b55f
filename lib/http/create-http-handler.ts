import type { Logger } from '@aws-lambda-powertools/logger';
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { HttpRoute } from './http-route.ts';
import { jsonResponse } from './json-response.ts';
import { parseRequestInput } from './request-input.ts';
import { serviceErrorMiddleware } from './service-error-middleware.ts';
import { readUserToken } from './user-token.ts';
import { userTokenMiddleware } from './user-token-middleware.ts';

/** What every HTTP handler needs from its composition: a logger (correlation ids, redacting replacer). */
export interface HttpDeps {
  logger: Logger;
}

/**
 * Builds the Middy handler of one route: header normalisation → token check (401) → JSON body (POST) →
 * zod input (400) → use case → 200 JSON; any error goes through the one error middleware. `deps` is called on
 * every request and is expected to return the same cold-start instance (lib/composition/lazy.ts).
 */
export function createHttpHandler<TDeps extends HttpDeps, TInput>(
  route: HttpRoute<TDeps, TInput>,
  deps: () => Promise<TDeps>,
  fallbackLogger: Logger,
) {
  let logger = fallbackLogger;
  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use(httpHeaderNormalizer())
    .use(serviceErrorMiddleware(() => logger))
    .use(userTokenMiddleware());
  if (route.method === 'POST') handler.use(httpJsonBodyParser());
  return handler.handler(async function handleHttpRoute(event: APIGatewayProxyEvent, context: Context) {
    const resolved = await deps();
    logger = resolved.logger;
    logger.resetKeys();
    logger.addContext(context);
    const input = parseRequestInput(route.input, {
      path: event.pathParameters ?? {},
      query: event.queryStringParameters ?? {},
      body: event.body,
    });
    logger.appendKeys({ operation: route.operationId, ...route.correlationIds?.(input) });
    const body = await route.run(resolved, input, readUserToken(event.headers));
    logger.info(`${route.method} ${route.path} 200`, { status: 200 });
    return jsonResponse(200, body);
  });
}
