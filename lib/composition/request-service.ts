import type { Logger } from '@aws-lambda-powertools/logger';
import type { Config } from '../config/config.ts';
import { randomIds } from '../ports/ids.ts';
import type { CompositionOverrides } from './composition-overrides.ts';
import { buildPlanService } from './plan-service.ts';
import { createHandleRequest } from './planner-factory.ts';
import type { HandleRequest } from './service-contracts.ts';

/** Deps of the POST /v1/requests handler. */
export interface RequestServiceDeps {
  config: Config;
  logger: Logger;
  handleRequest: HandleRequest;
}

/** Builds the planner over the spine's stores, once per cold start. */
export function buildRequestService(
  config: Config,
  overrides: CompositionOverrides = {},
): RequestServiceDeps {
  const core = buildPlanService(config, overrides);
  const handleRequest =
    overrides.handleRequest ??
    createHandleRequest({
      config,
      logger: core.logger,
      clock: core.clock,
      ids: overrides.ids ?? randomIds,
      plans: core.plans,
      sessions: core.sessions,
      ...(overrides.tracer ? { tracer: overrides.tracer } : {}),
      ...(overrides.modelProvider ? { modelProvider: overrides.modelProvider } : {}),
    });
  return { config, logger: core.logger, handleRequest };
}
