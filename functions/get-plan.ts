import type { Logger } from '@aws-lambda-powertools/logger';
import { lazy } from '../lib/composition/lazy.ts';
import type { PlanStatusDeps } from '../lib/composition/plan-status-service.ts';
import { loadConfig } from '../lib/config/config.ts';
import { createHttpHandler } from '../lib/http/create-http-handler.ts';
import { getPlanRoute } from '../lib/http/routes/get-plan-route.ts';
import { createLogger } from '../lib/observability/logger.ts';

const config = loadConfig(process.env);
const logger = createLogger(config);

/** GET /v1/plans/{plan_id} over the given deps and logger (the local stack and tests inject theirs). */
export function createHandler(deps: () => Promise<PlanStatusDeps>, log: Logger) {
  return createHttpHandler(getPlanRoute, deps, log);
}

/**
 * Lambda entry point: config and logger at module scope, the adapters built once per cold start. They are
 * imported on the first invocation: esbuild evaluates a dynamically imported module only when it is called, so
 * their modules and zod schemas stay out of the import (issue 12 cold start, bench/lambda-bundles.ts). The status
 * read proves no token, so its service leaves out the token check and the compiled registry it needs.
 */
export const handler = createHandler(
  lazy(async () =>
    (await import('../lib/composition/plan-status-service.ts')).buildPlanStatusService(config, logger),
  ),
  logger,
);
