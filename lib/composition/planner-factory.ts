import type { Logger } from '@aws-lambda-powertools/logger';
import type { Config } from '../config/config.ts';
import { ServiceUnavailableError } from '../plans/errors.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/ids.ts';
import type { PlanStore } from '../ports/plan-store.ts';
import type { SessionStore } from '../ports/session-store.ts';
import type { Tracer } from '../ports/tracer.ts';
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
}

/** IQ-facing text while no planner is wired in: honest, and not an internal detail. */
export const PLANNER_UNAVAILABLE_MESSAGE =
  'Planning booking updates is not available in this deployment yet. Existing plans can still be confirmed and tracked.';

/**
 * The planner's plug point. Until lib/planner provides its factory this returns a stand-in that answers
 * 503 service_unavailable. Integration: build the planner's deps (registry, booking API adapter, model from
 * wiring.modelProvider or LLM_PROVIDER, tracer) from `wiring` and return its HandleRequest here.
 */
export function createHandleRequest(_wiring: PlannerWiring): HandleRequest {
  return async function planningUnavailable() {
    throw new ServiceUnavailableError(PLANNER_UNAVAILABLE_MESSAGE);
  };
}
