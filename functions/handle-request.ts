import { lazy } from '../lib/composition/lazy.ts';
import { buildRequestService, type RequestServiceDeps } from '../lib/composition/request-service.ts';
import { loadConfig } from '../lib/config/config.ts';
import { createHttpHandler } from '../lib/http/create-http-handler.ts';
import { handleRequestRoute } from '../lib/http/routes/handle-request-route.ts';
import { createLogger } from '../lib/observability/logger.ts';

/** POST /v1/requests over the given deps (the local stack and tests inject theirs). */
export function createHandler(deps: () => Promise<RequestServiceDeps>) {
  return createHttpHandler(handleRequestRoute, deps, createLogger({ LOG_LEVEL: 'INFO' }));
}

/** Lambda entry point: config parsed and the planner built once per cold start. */
export const handler = createHandler(lazy(async () => buildRequestService(loadConfig(process.env))));
