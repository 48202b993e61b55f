import { lazy } from '../lib/composition/lazy.ts';
import { buildPlanService, type PlanServiceDeps } from '../lib/composition/plan-service.ts';
import { loadConfig } from '../lib/config/config.ts';
import { createHttpHandler } from '../lib/http/create-http-handler.ts';
import { getPlanRoute } from '../lib/http/routes/get-plan-route.ts';
import { createLogger } from '../lib/observability/logger.ts';

/** GET /v1/plans/{plan_id} over the given deps (the local stack and tests inject theirs). */
export function createHandler(deps: () => Promise<PlanServiceDeps>) {
  return createHttpHandler(getPlanRoute, deps, createLogger({ LOG_LEVEL: 'INFO' }));
}

/** Lambda entry point: config parsed and adapters built once per cold start. */
export const handler = createHandler(lazy(async () => buildPlanService(loadConfig(process.env))));
