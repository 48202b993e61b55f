import type { Logger } from '@aws-lambda-powertools/logger';
import { lazy } from '../lib/composition/lazy.ts';
import type { RequestServiceDeps } from '../lib/composition/request-service.ts';
import { loadConfig } from '../lib/config/config.ts';
import { createHttpHandler } from '../lib/http/create-http-handler.ts';
import { handleRequestRoute } from '../lib/http/routes/handle-request-route.ts';
import { createLogger } from '../lib/observability/logger.ts';

const config = loadConfig(process.env);
const logger = createLogger(config);

/** POST /v1/requests over the given deps and logger (the local stack and tests inject theirs). */
export function createHandler(deps: () => Promise<RequestServiceDeps>, log: Logger) {
  return createHttpHandler(handleRequestRoute, deps, log);
}

/**
 * Lambda entry point: config and logger at module scope, the planner built once per cold start. They are
 * imported on the first invocation: esbuild evaluates a dynamically imported module only when it is called, so
 * their modules and zod schemas stay out of the import (issue 12 cold start, bench/lambda-bundles.ts).
 */
export const handler = createHandler(
  lazy(async () =>
    (await import('../lib/composition/request-service.ts')).buildRequestService(config, logger),
  ),
  logger,
);
