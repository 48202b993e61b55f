import type { Logger } from '@aws-lambda-powertools/logger';
import {
  createPlanMessageConsumer,
  type PlanMessageConsumerDeps,
} from '../lib/adapters/sqs/plan-message-consumer.ts';
import { lazy } from '../lib/composition/lazy.ts';
import { loadConfig } from '../lib/config/config.ts';
import { createLogger } from '../lib/observability/logger.ts';

const config = loadConfig(process.env);
const logger = createLogger(config);

/** The SQS FIFO consumer over the given deps and logger (the local stack's poller and tests inject theirs). */
export function createHandler(deps: () => Promise<PlanMessageConsumerDeps>, log: Logger) {
  return createPlanMessageConsumer(deps, log);
}

/**
 * Lambda entry point (SqsEventSource with reportBatchItemFailures): the executor is built once per cold start,
 * and imported on the first invocation: esbuild evaluates a dynamically imported module only when it is called, so
 * LangChain, LangGraph and the zod schemas stay out of the import (issue 12 cold start, bench/lambda-bundles.ts).
 */
export const handler = createHandler(
  lazy(async () =>
    (await import('../lib/composition/executor-service.ts')).buildExecutorService(config, logger),
  ),
  logger,
);
