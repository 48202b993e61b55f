import type { Logger } from '@aws-lambda-powertools/logger';
import { venueDirectoryOf } from '../adapters/booking-api/booking-api-venue-directory.ts';
import { HttpBookingApi } from '../adapters/booking-api/http-booking-api.ts';
import { createSqsClient } from '../adapters/sqs/sqs-client.ts';
import { SqsPlanQueue } from '../adapters/sqs/sqs-plan-queue.ts';
import { tokenSealerFromConfig } from '../adapters/token-sealer/token-sealer-from-config.ts';
import type { Config } from '../config/config.ts';
import { DEFAULT_LOOKUP_ROLES } from '../planner/planner-deps.ts';
import { budgetedTokenCheck } from '../plans/budgeted-token-check.ts';
import type { PiiLookup } from '../plans/mask-plan.ts';
import type { PlanUseCaseDeps } from '../plans/plan-use-case-deps.ts';
import { planTokenCheck } from '../plans/token-check.ts';
import { type PlanQueue, QueueUnavailableError } from '../ports/plan-queue.ts';
import type { Tracer } from '../ports/tracer.ts';
import { loadCompiledRegistry } from '../registry/compiled-registry.ts';
import type { CompositionOverrides } from './composition-overrides.ts';
import { identityCheckOf } from './identity-check.ts';
import { planStatusDeps } from './plan-status-service.ts';
import { resolveRuntime } from './resolve-runtime.ts';

/** The deps of the confirm and answer handlers: the plan use cases' deps plus the tracer flushed before each return. */
export interface PlanServiceDeps extends PlanUseCaseDeps {
  tracer: Tracer;
  /** Every plan response is masked with it, at every status (ADR 0017). */
  isPii: PiiLookup;
}

/**
 * Builds the confirm / answer deps once per cold start: the status handler's deps (secrets, tracer: its
 * `user_confirmation` span continues the plan's stored trace, the plans table, the PII flags) plus the queue, the
 * token's user check (issue 27, ADR 0017: the identity read, cached per token) and the token check (issue 14: one
 * read of the token's venue, or for an older plan its first booking, before confirm or answer write anything;
 * ADR 0010).
 */
export async function buildPlanService(
  config: Config,
  logger: Logger,
  overrides: CompositionOverrides = {},
): Promise<PlanServiceDeps> {
  const runtime = await resolveRuntime(config, logger, overrides, { needsModelKey: false });
  const registry = overrides.registry ?? loadCompiledRegistry();
  const bookingApi = HttpBookingApi.fromConfig(runtime.config);
  return {
    ...planStatusDeps(runtime, logger, registry),
    queue: overrides.queue ?? planQueueFromConfig(runtime.config),
    checkIdentity: identityCheckOf(bookingApi, registry, runtime),
    tokenSealer: tokenSealerFromConfig(runtime.config),
    // Issue 28: the check has its own short budget inside the invocation's deadline; past it, a 503.
    checkToken: budgetedTokenCheck(
      planTokenCheck({
        api: bookingApi,
        getBooking: registry.get(DEFAULT_LOOKUP_ROLES.get),
        venues: venueDirectoryOf(bookingApi, registry),
      }),
      runtime.config.TOKEN_CHECK_BUDGET_MS,
    ),
  };
}

function planQueueFromConfig(config: Config): PlanQueue {
  const queueUrl = config.PLAN_QUEUE_URL;
  if (!queueUrl) {
    // Fails the enqueue (503) rather than the cold start: the answer and status reads keep working without a queue.
    return {
      enqueue: async () => {
        throw new QueueUnavailableError('PLAN_QUEUE_URL is not configured');
      },
    };
  }
  return new SqsPlanQueue({ client: createSqsClient(config), queueUrl });
}
