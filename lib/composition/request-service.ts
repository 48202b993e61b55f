import type { Logger } from '@aws-lambda-powertools/logger';
import {
  cachedVenueDirectory,
  venueDirectoryOf,
} from '../adapters/booking-api/booking-api-venue-directory.ts';
import { HttpBookingApi } from '../adapters/booking-api/http-booking-api.ts';
import type { Config } from '../config/config.ts';
import { createChatModel } from '../models/create-chat-model.ts';
import { createPlanner } from '../planner/create-planner.ts';
import type { HandleRequest } from '../planner/request-outcome.ts';
import { withSessionLease } from '../planner/session-lease.ts';
import type { IdentityCheck } from '../plans/user-binding.ts';
import { randomIds } from '../ports/ids.ts';
import type { Tracer } from '../ports/tracer.ts';
import { loadCompiledRegistry } from '../registry/compiled-registry.ts';
import type { CompositionOverrides } from './composition-overrides.ts';
import { dynamoStores } from './dynamo-stores.ts';
import { identityCheckOf } from './identity-check.ts';
import { langchainPlugins } from './langchain-plugins.ts';
import { resolveRuntime } from './resolve-runtime.ts';

/** Deps of the POST /v1/requests handler. */
export interface RequestServiceDeps {
  handleRequest: HandleRequest;
  /** Flushed before the handler returns (bounded, never throws). */
  tracer: Tracer;
  /** DEADLINE_MARGIN_MS: what the HTTP handler keeps back from the Lambda's remaining time (issue 28). */
  deadlineMarginMs?: number;
}

/**
 * Builds the planner (issue 5) once per cold start, its deps in one place: the compiled registry (no
 * YAML/OpenAPI at run time), the booking API over HTTP, the plans and sessions tables, the model of LLM_PROVIDER
 * (the Gemini key resolved from GOOGLE_API_KEY_SECRET_ARN first) unless a test or the local stack injects one, and
 * a tracer with the LangChain plug-in (generations). Every request first proves that its `user_id` is the token's
 * user (issue 27, ADR 0017), before the session lease or anything else is written; an injected handleRequest
 * (tests of the spine) gets the same check.
 */
export async function buildRequestService(
  config: Config,
  logger: Logger,
  overrides: CompositionOverrides = {},
): Promise<RequestServiceDeps> {
  const { modelProvider } = overrides;
  const runtime = await resolveRuntime(config, logger, overrides, {
    needsModelKey: !modelProvider && !overrides.handleRequest,
    plugins: langchainPlugins,
  });
  const { tracer, clock } = runtime;
  const resolved = runtime.config;
  const deadlineMarginMs = resolved.DEADLINE_MARGIN_MS;
  const registry = overrides.registry ?? loadCompiledRegistry();
  const bookingApi = HttpBookingApi.fromConfig(resolved);
  const checkIdentity = identityCheckOf(bookingApi, registry, runtime);
  if (overrides.handleRequest)
    return {
      handleRequest: bindToTokenUser(overrides.handleRequest, checkIdentity),
      tracer,
      deadlineMarginMs,
    };
  const { plans, sessions } = dynamoStores(resolved, clock);
  const planner = createPlanner({
    registry,
    bookingApi,
    // Issue 27: every request reads its venue's clock; a 5-minute per-token cache keeps that off the hot path.
    venues: cachedVenueDirectory(venueDirectoryOf(bookingApi, registry), { clock }),
    planStore: plans,
    sessionStore: sessions,
    // An injected provider is asked per request (tests script a model per turn); the configured one is built once.
    model: modelProvider ? () => modelProvider('planner') : await createChatModel(resolved, 'planner'),
    clock,
    ids: overrides.ids ?? randomIds,
    tracer,
    logger,
    config: resolved,
  });
  const handleRequest = withSessionLease(planner, {
    sessions,
    clock,
    waitMs: resolved.SESSION_LEASE_WAIT_MS,
    leaseMs: resolved.SESSION_LEASE_MS,
  });
  return { handleRequest: bindToTokenUser(handleRequest, checkIdentity), tracer, deadlineMarginMs };
}

/** The request use case behind the token-user check: a request for another user changes nothing (403). */
function bindToTokenUser(handle: HandleRequest, checkIdentity: IdentityCheck): HandleRequest {
  return async function handleBoundRequest(input) {
    await checkIdentity(input.user_id, input.token);
    return handle(input);
  };
}
