import { lazy } from '../lib/composition/lazy.ts';
import { buildPlanService, type PlanServiceDeps } from '../lib/composition/plan-service.ts';
import { loadConfig } from '../lib/config/config.ts';
import { createHttpHandler } from '../lib/http/create-http-handler.ts';
import { confirmPlanRoute } from '../lib/http/routes/confirm-plan-route.ts';
import { createLogger } from '../lib/observability/logger.ts';

/** POST /v1/plans/{plan_id}/confirm over the given deps (the local stack and tests inject theirs). */
export function createHandler(deps: () => Promise<PlanServiceDeps>) {
  return createHttpHandler(confirmPlanRoute, deps, createLogger({ LOG_LEVEL: 'INFO' }));
}

/** Lambda entry point: config parsed and adapters built once per cold start. */
export const handler = createHandler(lazy(async () => buildPlanService(loadConfig(process.env))));
