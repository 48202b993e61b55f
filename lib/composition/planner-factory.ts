import type { Logger } from '@aws-lambda-powertools/logger';
import { HttpBookingApi } from '../adapters/booking-api/http-booking-api.ts';
import type { Config } from '../config/config.ts';
import { createChatModel } from '../models/create-chat-model.ts';
import { NoopTracer } from '../observability/noop-tracer.ts';
import { createPlanner } from '../planner/create-planner.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/ids.ts';
import type { PlanStore } from '../ports/plan-store.ts';
import type { SessionStore } from '../ports/session-store.ts';
import type { Tracer } from '../ports/tracer.ts';
import type { ActionRegistry } from '../registry/action-registry.ts';
import { loadCompiledRegistry } from '../registry/compiled-registry.ts';
import type { ModelProvider } from './composition-overrides.ts';
import type { HandleRequest } from './service-contracts.ts';

/** What the composition hands the planner: the spine's adapters plus the injectable model and tracer. */
export interface PlannerWiring {
  config: Config;
  logger: Logger;
  clock: Clock;
  ids: IdSource;
  plans: PlanStore;
  sessions: SessionStore;
  tracer?: Tracer;
  modelProvider?: ModelProvider;
  /** Default: the compiled registry (lib/registry/compiled-registry.generated.json). */
  registry?: ActionRegistry;
}

/**
 * Builds the planner (issue 5) over the spine's stores: the compiled registry (no YAML/OpenAPI at run time), the
 * booking API over HTTP, and the model of LLM_PROVIDER unless a test or the local stack injects one.
 */
export function createHandleRequest(wiring: PlannerWiring): HandleRequest {
  const { config } = wiring;
  return createPlanner({
    registry: wiring.registry ?? loadCompiledRegistry(),
    bookingApi: HttpBookingApi.fromConfig(config),
    planStore: wiring.plans,
    sessionStore: wiring.sessions,
    // An injected provider is asked per request (tests script a model per turn); the configured one is built once.
    model: wiring.modelProvider ? () => wiring.modelProvider!('planner') : createChatModel(config, 'planner'),
    clock: wiring.clock,
    ids: wiring.ids,
    tracer: wiring.tracer ?? new NoopTracer(),
    logger: wiring.logger,
    config,
  });
}
