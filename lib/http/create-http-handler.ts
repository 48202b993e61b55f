import type { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { DEFAULT_DEADLINE_MARGIN_MS } from '../config/config.ts';
import { flushTracesMiddleware } from '../observability/flush-traces.ts';
import { invocationDeadline, withDeadline } from '../ports/deadline-scope.ts';
import type { Tracer } from '../ports/tracer.ts';
import { rejectForbiddenKeys } from './forbidden-body-keys.ts';
import type { HttpRoute } from './http-route.ts';
import { jsonResponse } from './json-response.ts';
import { bodyGuard, methodGuard } from './request-guards.ts';
import { parseRequestInput } from './request-input.ts';
import { serviceErrorMiddleware } from './service-error-middleware.ts';
import { readUserToken } from './user-token.ts';
import { userTokenMiddleware } from './user-token-middleware.ts';

/** What every HTTP handler needs from its composition. */
export interface HttpDeps {
  /** Flushed before the handler returns, on success and on error (bounded by the composition; never fails). */
  tracer?: Pick<Tracer, 'flush'>;
  /**
   * What the handler keeps back from the Lambda's remaining time (config DEADLINE_MARGIN_MS): every booking API and
   * model call of the use case is budgeted from the rest, so the error middleware still answers with a
   * ServiceError before AWS kills the invocation. Default {@link DEFAULT_DEADLINE_MARGIN_MS}.
   */
  deadlineMarginMs?: number;
}

/**
 * Middy's early-timeout backstop (its `timeoutEarlyInMillis`): if something the deadline does not bound (a
 * DynamoDB or SQS call) is still running this close to the Lambda timeout, Middy aborts and throws TimeoutError,
 * which the error table answers as a 503. Below the smallest DEADLINE_MARGIN_MS (1 s), so budgeted calls always
 * give up first and report their own error.
 */
export const TIMEOUT_BACKSTOP_MS = 500;

/**
 * Builds the Middy handler of one route, middleware first so types flow: Lambda context and per-request log keys
 * (Powertools injectLambdaContext, keys reset after each request) → trace flush (its after/onError run last, once
 * the response or error body is final) → deps (once per cold start: composition/lazy.ts) → header normalisation →
 * the one error middleware → method (405 with Allow) → token check (401) → body cap and repeated keys on POST (413,
 * 400) → JSON body on POST (400) → zod input (400) → use case under the invocation's deadline (issue 28) → 200 JSON.
 * Middy's early timeout is the backstop ({@link TIMEOUT_BACKSTOP_MS}).
 * `logger` is the Lambda's module-scope logger; the composition hands the same one to the use cases.
 */
export function createHttpHandler<TDeps extends HttpDeps, TInput>(
  route: HttpRoute<TDeps, TInput>,
  deps: () => Promise<TDeps>,
  logger: Logger,
) {
  let resolved: TDeps | undefined;
  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult>({
    timeoutEarlyInMillis: TIMEOUT_BACKSTOP_MS,
  })
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
    .use(methodGuard(route))
    .use(userTokenMiddleware());
  if (route.method === 'POST')
    handler.use(bodyGuard()).use(httpJsonBodyParser({ reviver: rejectForbiddenKeys }));
  return handler.handler(async function handleHttpRoute(event: APIGatewayProxyEvent, context: Context) {
    const current = resolved ?? (await deps());
    const input = parseRequestInput(route.input, {
      path: event.pathParameters ?? {},
      query: event.queryStringParameters ?? {},
      body: event.body,
    });
    logger.appendKeys({ ...route.correlationIds?.(input) });
    // Issue 28: one deadline budget per invocation, for every call the use case makes, however deep.
    const deadline = invocationDeadline(context, current.deadlineMarginMs ?? DEFAULT_DEADLINE_MARGIN_MS);
    const body = await withDeadline(deadline, () => route.run(current, input, readUserToken(event.headers)));
    logger.info(`${route.method} ${route.path} 200`, { status: 200 });
    return jsonResponse(200, body);
  });
}
