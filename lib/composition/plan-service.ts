import type { Logger } from '@aws-lambda-powertools/logger';
import { createDocumentClient } from '../adapters/dynamodb/document-client.ts';
import { DynamoPlanStore } from '../adapters/dynamodb/dynamo-plan-store.ts';
import { DynamoSessionStore } from '../adapters/dynamodb/dynamo-session-store.ts';
import { createSqsClient } from '../adapters/sqs/sqs-client.ts';
import { SqsPlanQueue } from '../adapters/sqs/sqs-plan-queue.ts';
import type { Config } from '../config/config.ts';
import { createLogger } from '../observability/logger.ts';
import type { PlanUseCaseDeps } from '../plans/plan-use-case-deps.ts';
import { type Clock, systemClock } from '../ports/clock.ts';
import type { PlanQueue } from '../ports/plan-queue.ts';
import { QueueUnavailableError } from '../ports/plan-queue.ts';
import type { SessionStore } from '../ports/session-store.ts';
import type { CompositionOverrides } from './composition-overrides.ts';

/**
 * The adapters of the confirm / status / answer handlers. Deliberately free of LangChain and YAML (cold start:
 * test/api/cold-start.test.ts checks the import graph).
 */
export interface PlanServiceDeps extends PlanUseCaseDeps {
  config: Config;
  logger: Logger;
  clock: Clock;
  sessions: SessionStore;
}

/** Builds the DynamoDB stores and the SQS queue from config, once per cold start. */
export function buildPlanService(config: Config, overrides: CompositionOverrides = {}): PlanServiceDeps {
  const logger = createLogger(config);
  const clock = overrides.clock ?? systemClock;
  const client = createDocumentClient(config);
  return {
    config,
    logger,
    log: logger,
    clock,
    plans: new DynamoPlanStore({ client, tableName: config.PLANS_TABLE, clock }),
    sessions: new DynamoSessionStore({
      client,
      tableName: config.SESSIONS_TABLE,
      clock,
      slotTtlSeconds: config.SESSION_TTL_HOURS * 3600,
    }),
    queue: overrides.queue ?? planQueueFromConfig(config),
    ...(overrides.tracer ? { tracer: overrides.tracer } : {}),
  };
}

function planQueueFromConfig(config: Config): PlanQueue {
  const queueUrl = config.PLAN_QUEUE_URL;
  if (!queueUrl) {
    // Fails the enqueue (503) rather than the cold start: status reads keep working without a queue.
    return {
      enqueue: async () => {
        throw new QueueUnavailableError('PLAN_QUEUE_URL is not configured');
      },
    };
  }
  return new SqsPlanQueue({ client: createSqsClient(config), queueUrl });
}
