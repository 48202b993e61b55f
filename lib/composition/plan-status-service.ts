import type { Logger } from '@aws-lambda-powertools/logger';
import {
  cachedVenueDirectory,
  venueDirectoryOf,
} from '../adapters/booking-api/booking-api-venue-directory.ts';
import { HttpBookingApi } from '../adapters/booking-api/http-booking-api.ts';
import { createDocumentClient } from '../adapters/dynamodb/document-client.ts';
import { DynamoPlanStore } from '../adapters/dynamodb/dynamo-plan-store.ts';
import type { Config } from '../config/config.ts';
import { budgetedTokenCheck } from '../plans/budgeted-token-check.ts';
import { type PiiLookup, piiLookupFromRegistry } from '../plans/mask-plan.ts';
import type { PlanUseCaseDeps } from '../plans/plan-use-case-deps.ts';
import { planTokenCheck } from '../plans/token-check.ts';
import type { Tracer } from '../ports/tracer.ts';
import type { ActionRegistry } from '../registry/action-registry.ts';
import { loadCompiledRegistry } from '../registry/compiled-registry.ts';
import type { CompositionOverrides } from './composition-overrides.ts';
import { identityCheckOf } from './identity-check.ts';
import { type Runtime, resolveRuntime } from './resolve-runtime.ts';

/**
 * The deps of the status handler: the plan store, clock and ops log getPlanStatus reads with, the token's user and
 * venue checks (issue 27, ADR 0017), the registry's PII flags every plan response is masked with, plus the tracer
 * flushed before each return. No queue: a status read enqueues nothing, so its first invocation does not load the
 * SQS client (issue 12 cold start; confirm and answer add the queue in plan-service.ts). Deliberately free of
 * LangChain and YAML (test/api/cold-start.test.ts checks the import graph).
 */
export interface PlanStatusDeps
  extends Pick<PlanUseCaseDeps, 'plans' | 'clock' | 'log' | 'checkIdentity' | 'checkToken'> {
  tracer: Tracer;
  /** DEADLINE_MARGIN_MS: what the HTTP handler keeps back from the Lambda's remaining time (issue 28). */
  deadlineMarginMs?: number;
  /** Every plan response is masked with it, at every status (ADR 0017). */
  isPii: PiiLookup;
}

/**
 * Builds the status handler's deps once per cold start: secrets, tracer, the plans table, the compiled registry
 * and the booking API for the two token reads. The status read checks the token's user (the identity read) and,
 * for a plan with a venue, the token's venue; both reads are cached per token, so polling costs no booking API
 * call on a hot path. It never reads a booking (the older plans' fallback of confirm and answer).
 */
export async function buildPlanStatusService(
  config: Config,
  logger: Logger,
  overrides: CompositionOverrides = {},
): Promise<PlanStatusDeps> {
  const runtime = await resolveRuntime(config, logger, overrides, { needsModelKey: false });
  const registry = overrides.registry ?? loadCompiledRegistry();
  const bookingApi = HttpBookingApi.fromConfig(runtime.config);
  return {
    ...planStatusDeps(runtime, logger, registry),
    checkIdentity: identityCheckOf(bookingApi, registry, runtime),
    // A status read changes nothing, so the venue may come from the per-token cache (one read per TTL), and the
    // check keeps its own short budget (issue 28).
    checkToken: budgetedTokenCheck(
      planTokenCheck({
        api: bookingApi,
        venues: cachedVenueDirectory(venueDirectoryOf(bookingApi, registry), { clock: runtime.clock }),
      }),
      runtime.config.TOKEN_CHECK_BUDGET_MS,
    ),
  };
}

/** The deps every plan handler shares: the plans table, clock, ops log, tracer and the registry's PII flags. */
export function planStatusDeps(
  runtime: Runtime,
  logger: Logger,
  registry: Pick<ActionRegistry, 'get'>,
): Omit<PlanStatusDeps, 'checkIdentity' | 'checkToken'> {
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
    isPii: piiLookupFromRegistry((id) => registry.get(id)),
  };
}
