import type { Logger } from '@aws-lambda-powertools/logger';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import {
  createPlanMessageConsumer,
  type PlanMessageConsumerDeps,
} from '../lib/adapters/sqs/plan-message-consumer.ts';
import { lazy } from '../lib/composition/lazy.ts';
import { DEFAULT_DEADLINE_MARGIN_MS, loadConfig } from '../lib/config/config.ts';
import { createLogger } from '../lib/observability/logger.ts';
import { invocationDeadline, withDeadline } from '../lib/ports/deadline-scope.ts';

const config = loadConfig(process.env);
const logger = createLogger(config);

/**
 * The SQS FIFO consumer over the given deps and logger (the local stack's poller and tests inject theirs). Each
 * invocation runs under its deadline (issue 28): every booking API and model call is budgeted from the Lambda's
 * remaining time minus `deadlineMarginMs`.
 */
export function createHandler(
  deps: () => Promise<PlanMessageConsumerDeps>,
  log: Logger,
  deadlineMarginMs: number = DEFAULT_DEADLINE_MARGIN_MS,
) {
  const consume = createPlanMessageConsumer(deps, log);
  return function consumeWithinDeadline(event: SQSEvent, context: Context): Promise<SQSBatchResponse> {
    return withDeadline(invocationDeadline(context, deadlineMarginMs), () => consume(event, context));
  };
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
  config.DEADLINE_MARGIN_MS,
);
