import type { Logger } from '@aws-lambda-powertools/logger';
import { createDocumentClient } from '../adapters/dynamodb/document-client.ts';
import { DynamoPlanStore } from '../adapters/dynamodb/dynamo-plan-store.ts';
import type { Config } from '../config/config.ts';
import type { PlanUseCaseDeps } from '../plans/plan-use-case-deps.ts';
import type { Tracer } from '../ports/tracer.ts';
import type { CompositionOverrides } from './composition-overrides.ts';
import { type Runtime, resolveRuntime } from './resolve-runtime.ts';

/**
 * The deps of the status handler: the plan store, clock and ops log getPlanStatus reads with, plus the tracer
 * flushed before each return. No queue: a status read enqueues nothing, so its first invocation does not load the
 * SQS client (issue 12 cold start; confirm and answer add the queue in plan-service.ts). Deliberately free of
 * LangChain and YAML (test/api/cold-start.test.ts checks the import graph).
 */
export interface PlanStatusDeps extends Pick<PlanUseCaseDeps, 'plans' | 'clock' | 'log'> {
  tracer: Tracer;
  /** DEADLINE_MARGIN_MS: what the HTTP handler keeps back from the Lambda's remaining time (issue 28). */
  deadlineMarginMs?: number;
}

/**
 * Builds the status handler's deps once per cold start: secrets, tracer and the plans table, without the queue
 * and the token check. GET /v1/plans/{plan_id} never proves a token (the route reads its own user's plan only), so
 * its first invocation does not import the compiled registry, its zod schemas and the booking API adapter that
 * the check needs, nor the SQS client.
 */
export async function buildPlanStatusService(
  config: Config,
  logger: Logger,
  overrides: CompositionOverrides = {},
): Promise<PlanStatusDeps> {
  return planStatusDeps(await resolveRuntime(config, logger, overrides, { needsModelKey: false }), logger);
}

/** The deps every plan handler shares, over a resolved runtime: the plans table, clock, ops log and tracer. */
export function planStatusDeps(runtime: Runtime, logger: Logger): PlanStatusDeps {
  return {
    plans: new DynamoPlanStore({
      client: createDocumentClient(runtime.config),
      tableName: runtime.config.PLANS_TABLE,
      clock: runtime.clock,
    }),
    clock: runtime.clock,
    log: logger,
    tracer: runtime.tracer,
    deadlineMarginMs: runtime.config.DEADLINE_MARGIN_MS,
  };
}
