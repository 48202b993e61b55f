import type { Logger } from '@aws-lambda-powertools/logger';
import { HttpBookingApi } from '../adapters/booking-api/http-booking-api.ts';
import { DynamoExecutionLog } from '../adapters/execution-log/dynamo-execution-log.ts';
import { createSqsClient } from '../adapters/sqs/sqs-client.ts';
import { SqsDeadLetterQueue } from '../adapters/sqs/sqs-dead-letter-queue.ts';
import { SqsPlanQueue } from '../adapters/sqs/sqs-plan-queue.ts';
import { tokenSealerFromConfig } from '../adapters/token-sealer/token-sealer-from-config.ts';
import type { Config } from '../config/config.ts';
import { createAbandonExecution } from '../executor/abandon-execution.ts';
import { NoopTracer } from '../observability/noop-tracer.ts';
import { piiLookupFromRegistry } from '../plans/mask-plan.ts';
import type { StuckBounds } from '../plans/stuck-plans.ts';
import type { SweepDeps } from '../plans/sweep-stuck-plans.ts';
import { type Clock, systemClock } from '../ports/clock.ts';
import { loadCompiledRegistry } from '../registry/compiled-registry.ts';
import { dynamoStores } from './dynamo-stores.ts';

/** Thrown at cold start when the watchdog is deployed without its queues. */
export class WatchdogConfigError extends Error {
  override readonly name = 'WatchdogConfigError';
}

/**
 * The watchdog's deps (ADR 0009): the plans table, the plan queue and its DLQ, the registry's flags, and the
 * executor's rollback (booking API over HTTP, sessions and executions tables; no model, no tracing) for a plan
 * whose message died twice.
 */
export function buildWatchdogService(config: Config, logger: Logger, clock: Clock = systemClock): SweepDeps {
  if (!config.PLAN_QUEUE_URL || !config.PLAN_DLQ_URL) {
    throw new WatchdogConfigError('PLAN_QUEUE_URL and PLAN_DLQ_URL must be set for the watchdog');
  }
  const registry = loadCompiledRegistry();
  const sqs = createSqsClient(config);
  const { client, plans, sessions } = dynamoStores(config, clock);
  return {
    plans,
    queue: new SqsPlanQueue({ client: sqs, queueUrl: config.PLAN_QUEUE_URL }),
    deadLetters: new SqsDeadLetterQueue(sqs, config.PLAN_DLQ_URL),
    clock,
    log: logger,
    isPii: piiLookupFromRegistry((id) => registry.get(id)),
    isMutation: (id) => registry.get(id)?.read_only !== true,
    abandon: createAbandonExecution({
      registry,
      bookingApi: HttpBookingApi.fromConfig(config),
      planStore: plans,
      sessionStore: sessions,
      executionLog: new DynamoExecutionLog({ client, tableName: config.EXECUTIONS_TABLE }),
      // Issue 28: the watchdog unseals only here, to roll back a dead-lettered plan; a redrive moves ciphertext.
      tokenSealer: tokenSealerFromConfig(config),
      clock,
      tracer: new NoopTracer(),
      logger,
      config,
    }),
    bounds: stuckBounds(config),
  };
}

/** ADR 0009's bounds: STUCK_PLAN_AFTER_MINUTES for a running plan, the session TTL for an unanswered question. */
export function stuckBounds(config: Config): StuckBounds {
  return {
    runningMs: config.STUCK_PLAN_AFTER_MINUTES * 60_000,
    questionMs: config.SESSION_TTL_HOURS * 3_600_000,
  };
}
