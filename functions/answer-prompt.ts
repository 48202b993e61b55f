import type { Logger } from '@aws-lambda-powertools/logger';
import { lazy } from '../lib/composition/lazy.ts';
import type { PlanServiceDeps } from '../lib/composition/plan-service.ts';
import { loadConfig } from '../lib/config/config.ts';
import { createHttpHandler } from '../lib/http/create-http-handler.ts';
import { answerPromptRoute } from '../lib/http/routes/answer-prompt-route.ts';
import { createLogger } from '../lib/observability/logger.ts';

const config = loadConfig(process.env);
const logger = createLogger(config);

/** POST /v1/plans/{plan_id}/answer over the given deps and logger (the local stack and tests inject theirs). */
export function createHandler(deps: () => Promise<PlanServiceDeps>, log: Logger) {
  return createHttpHandler(answerPromptRoute, deps, log);
}

/**
 * Lambda entry point: config and logger at module scope, the adapters built once per cold start. They are
 * imported on the first invocation: esbuild evaluates a dynamically imported module only when it is called, so
 * their modules and zod schemas stay out of the import (issue 12 cold start, bench/lambda-bundles.ts).
 */
export const handler = createHandler(
  lazy(async () => (await import('../lib/composition/plan-service.ts')).buildPlanService(config, logger)),
  logger,
);
