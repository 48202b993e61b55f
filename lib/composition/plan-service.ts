import type { Logger } from '@aws-lambda-powertools/logger';
import { createDocumentClient } from '../adapters/dynamodb/document-client.ts';
import { DynamoPlanStore } from '../adapters/dynamodb/dynamo-plan-store.ts';
import { DynamoSessionStore } from '../adapters/dynamodb/dynamo-session-store.ts';
import { createSqsClient } from '../adapters/sqs/sqs-client.ts';
import { SqsPlanQueue } from '../adapters/sqs/sqs-plan-queue.ts';
import type { Config } from '../config/config.ts';
import type { PlanUseCaseDeps } from '../plans/plan-use-case-deps.ts';
import { type Clock, systemClock } from '../ports/clock.ts';
import type { PlanQueue } from '../ports/plan-queue.ts';
import { QueueUnavailableError } from '../ports/plan-queue.ts';
import type { SessionStore } from '../ports/session-store.ts';
import { type ColdStart, coldStart } from './cold-start.ts';
import type { CompositionOverrides } from './composition-overrides.ts';
import { type CorrelatedOperation, withTraceLogKeys } from './trace-log-keys.ts';

/**
 * The adapters of the confirm / status / answer handlers. Deliberately free of LangChain and YAML (cold start:
 * test/api/cold-start.test.ts checks the import graph): their tracer has no LangChain plug-in.
 */
export interface PlanServiceDeps extends PlanUseCaseDeps {
  config: Config;
  logger: Logger;
  clock: Clock;
  sessions: SessionStore;
}

/**
 * Builds the DynamoDB stores and the SQS queue over one Lambda's observability (shared by the three
 * compositions). Plans read through `correlate` put the plan's trace_id in the log keys (trace-log-keys.ts).
 */
export function buildSpine(
  foundation: ColdStart,
  overrides: CompositionOverrides,
  correlate: readonly CorrelatedOperation[],
): PlanServiceDeps & { tracer: ColdStart['tracer'] } {
  const { config, logger, tracer } = foundation;
  const clock = overrides.clock ?? systemClock;
  const client = createDocumentClient(config);
  const plans = new DynamoPlanStore({ client, tableName: config.PLANS_TABLE, clock });
  return {
    config,
    logger,
    log: logger,
    clock,
    tracer,
    plans: withTraceLogKeys(plans, logger, correlate),
    sessions: new DynamoSessionStore({
      client,
      tableName: config.SESSIONS_TABLE,
      clock,
      slotTtlSeconds: config.SESSION_TTL_HOURS * 3600,
    }),
    queue: overrides.queue ?? planQueueFromConfig(config),
  };
}

/**
 * Builds the confirm / status / answer deps once per cold start: logger, secrets, tracer (its `user_confirmation`
 * span continues the plan's stored trace), stores and queue.
 */
export async function buildPlanService(
  config: Config,
  overrides: CompositionOverrides = {},
): Promise<PlanServiceDeps> {
  const foundation = await coldStart(config, overrides, { needsModelKey: false });
  return buildSpine(foundation, overrides, ['get', 'update']);
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
