import {
  createPlanMessageConsumer,
  type PlanMessageConsumerDeps,
} from '../lib/adapters/sqs/plan-message-consumer.ts';
import { buildExecutorService } from '../lib/composition/executor-service.ts';
import { lazy } from '../lib/composition/lazy.ts';
import { loadConfig } from '../lib/config/config.ts';

/** The SQS FIFO consumer over the given deps (the local stack's poller and tests inject theirs). */
export function createHandler(deps: () => Promise<PlanMessageConsumerDeps>) {
  return createPlanMessageConsumer(deps);
}

/** Lambda entry point (SqsEventSource with reportBatchItemFailures): the executor is built once per cold start. */
export const handler = createHandler(lazy(async () => buildExecutorService(loadConfig(process.env))));
