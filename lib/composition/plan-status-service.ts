import type { Logger } from '@aws-lambda-powertools/logger';
import { createDocumentClient } from '../adapters/dynamodb/document-client.ts';
import { DynamoPlanStore } from '../adapters/dynamodb/dynamo-plan-store.ts';
import { createSqsClient } from '../adapters/sqs/sqs-client.ts';
import { SqsPlanQueue } from '../adapters/sqs/sqs-plan-queue.ts';
import type { Config } from '../config/config.ts';
import type { PlanUseCaseDeps } from '../plans/plan-use-case-deps.ts';
import type { PlanQueue } from '../ports/plan-queue.ts';
import { QueueUnavailableError } from '../ports/plan-queue.ts';
import type { Tracer } from '../ports/tracer.ts';
import type { CompositionOverrides } from './composition-overrides.ts';
import { type Runtime, resolveRuntime } from './resolve-runtime.ts';

/**
 * The deps of the confirm / status / answer handlers: the plan use cases' deps plus the tracer flushed before
 * each return. Deliberately free of LangChain and YAML (cold start: test/api/cold-start.test.ts checks the
 * import graph).
 */
export interface PlanServiceDeps extends PlanUseCaseDeps {
  tracer: Tracer;
}

/**
 * Builds the status handler's deps once per cold start: secrets, tracer, the plans table and the queue, without
 * the token check. GET /v1/plans/{plan_id} never proves a token (the route reads its own user's plan only), so its
 * first invocation does not import the compiled registry, its zod schemas and the booking API adapter that the
 * check needs (issue 12 cold start; confirm and answer use buildPlanService, which adds the check).
 */
export async function buildPlanStatusService(
  config: Config,
  logger: Logger,
  overrides: CompositionOverrides = {},
): Promise<PlanServiceDeps> {
  return planServiceDeps(
    await resolveRuntime(config, logger, overrides, { needsModelKey: false }),
    logger,
    overrides,
  );
}

/** The deps every plan handler shares, over a resolved runtime. */
export function planServiceDeps(
  runtime: Runtime,
  logger: Logger,
  overrides: CompositionOverrides,
): PlanServiceDeps {
  return {
    plans: new DynamoPlanStore({
      client: createDocumentClient(runtime.config),
      tableName: runtime.config.PLANS_TABLE,
      clock: runtime.clock,
    }),
    queue: overrides.queue ?? planQueueFromConfig(runtime.config),
    clock: runtime.clock,
    log: logger,
    tracer: runtime.tracer,
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
