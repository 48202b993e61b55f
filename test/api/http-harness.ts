import type { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { createHandler as answerPrompt } from '../../functions/answer-prompt.ts';
import { createHandler as confirmPlan } from '../../functions/confirm-plan.ts';
import { createHandler as getPlan } from '../../functions/get-plan.ts';
import { createHandler as handleRequest } from '../../functions/handle-request.ts';
import type { PlanServiceDeps } from '../../lib/composition/plan-service.ts';
import type { RequestServiceDeps } from '../../lib/composition/request-service.ts';
import { createLogger } from '../../lib/observability/logger.ts';
import type { HandleRequest } from '../../lib/planner/request-outcome.ts';
import { aLambdaContext, anHttpEvent, type HttpEventInput } from '../support/events.ts';

/** The Lambdas' logger with nothing printed. */
export function silentLogger(): Logger {
  return createLogger({ LOG_LEVEL: 'SILENT' });
}

/** A handler's answer, body parsed. */
export interface HttpResult {
  status: number;
  body: unknown;
  headers: APIGatewayProxyResult['headers'];
}

async function invoke(
  handler: (
    event: ReturnType<typeof anHttpEvent>,
    context: ReturnType<typeof aLambdaContext>,
  ) => Promise<APIGatewayProxyResult>,
  input: HttpEventInput,
): Promise<HttpResult> {
  const result = await handler(anHttpEvent(input), aLambdaContext());
  return { status: result.statusCode, body: JSON.parse(result.body), headers: result.headers };
}

/** Calls the four function modules (the same createHandler the Lambdas and the local gateway use). */
export function httpClient(
  planDeps: PlanServiceDeps,
  handle: HandleRequest,
  logger: Logger = silentLogger(),
) {
  const requestDeps: RequestServiceDeps = { handleRequest: handle, tracer: planDeps.tracer };
  const handlers = {
    confirm: confirmPlan(async () => planDeps, logger),
    get: getPlan(async () => planDeps, logger),
    answer: answerPrompt(async () => planDeps, logger),
    request: handleRequest(async () => requestDeps, logger),
  };
  type Extra = Partial<HttpEventInput>;
  return {
    request: (body: unknown, extra: Extra = {}) =>
      invoke(handlers.request, { method: 'POST', resource: '/v1/requests', body, ...extra }),
    confirm: (planId: string, body: unknown, extra: Extra = {}) =>
      invoke(handlers.confirm, {
        method: 'POST',
        resource: '/v1/plans/{plan_id}/confirm',
        pathParameters: { plan_id: planId },
        body,
        ...extra,
      }),
    get: (planId: string, query: Record<string, string>, extra: Extra = {}) =>
      invoke(handlers.get, {
        method: 'GET',
        resource: '/v1/plans/{plan_id}',
        pathParameters: { plan_id: planId },
        query,
        ...extra,
      }),
    answer: (planId: string, body: unknown, extra: Extra = {}) =>
      invoke(handlers.answer, {
        method: 'POST',
        resource: '/v1/plans/{plan_id}/answer',
        pathParameters: { plan_id: planId },
        body,
        ...extra,
      }),
  };
}
