import type { Logger } from '@aws-lambda-powertools/logger';
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
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
 * Builds the Middy handler of one route: deps (once per cold start) → header normalisation → token check (401)
 * → JSON body on POST (400) → zod input (400) → use case → 200 JSON. Every error goes through the one error
 * middleware. `deps` is called per request and must return the same cold-start instance (composition/lazy.ts);
 * `fallbackLogger` only serves when building the deps themselves failed.
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
    })
    .use(httpHeaderNormalizer())
    .use(serviceErrorMiddleware(() => resolved?.logger ?? fallbackLogger))
    .use(userTokenMiddleware());
  if (route.method === 'POST') handler.use(httpJsonBodyParser());
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
