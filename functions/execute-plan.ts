import type { Logger } from '@aws-lambda-powertools/logger';
import {
  createPlanMessageConsumer,
  type PlanMessageConsumerDeps,
} from '../lib/adapters/sqs/plan-message-consumer.ts';
import { buildExecutorService } from '../lib/composition/executor-service.ts';
import { lazy } from '../lib/composition/lazy.ts';
import { loadConfig } from '../lib/config/config.ts';
import { createLogger } from '../lib/observability/logger.ts';

const config = loadConfig(process.env);
const logger = createLogger(config);

/** The SQS FIFO consumer over the given deps and logger (the local stack's poller and tests inject theirs). */
export function createHandler(deps: () => Promise<PlanMessageConsumerDeps>, log: Logger) {
  return createPlanMessageConsumer(deps, log);
}

/** Lambda entry point (SqsEventSource with reportBatchItemFailures): the executor is built once per cold start. */
export const handler = createHandler(
  lazy(() => buildExecutorService(config, logger)),
  logger,
);
