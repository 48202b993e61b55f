import type { Logger } from '@aws-lambda-powertools/logger';
import { venueDirectoryOf } from '../adapters/booking-api/booking-api-venue-directory.ts';
import { HttpBookingApi } from '../adapters/booking-api/http-booking-api.ts';
import type { Config } from '../config/config.ts';
import { DEFAULT_LOOKUP_ROLES } from '../planner/planner-deps.ts';
import { planTokenCheck } from '../plans/token-check.ts';
import { loadCompiledRegistry } from '../registry/compiled-registry.ts';
import type { CompositionOverrides } from './composition-overrides.ts';
import { type PlanServiceDeps, planServiceDeps } from './plan-status-service.ts';
import { resolveRuntime } from './resolve-runtime.ts';

export type { PlanServiceDeps } from './plan-status-service.ts';

/**
 * Builds the confirm / answer deps once per cold start: the status handler's deps (secrets, tracer: its
 * `user_confirmation` span continues the plan's stored trace, the plans table, the queue) plus the token check
 * (issue 14: one read of the token's venue, or for an older plan its first booking, before confirm or answer
 * write anything; ADR 0010).
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
    ...planServiceDeps(runtime, logger, overrides),
    checkToken: planTokenCheck({
      api: bookingApi,
      getBooking: registry.get(DEFAULT_LOOKUP_ROLES.get),
      venues: venueDirectoryOf(bookingApi, registry),
    }),
  };
}
