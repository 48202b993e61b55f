import type { Logger } from '@aws-lambda-powertools/logger';
import type { Config } from '../config/config.ts';
import { randomIds } from '../ports/ids.ts';
import type { CompositionOverrides } from './composition-overrides.ts';
import { createExecutePlanMessage } from './executor-factory.ts';
import { buildPlanService } from './plan-service.ts';
import type { ExecutePlanMessage } from './service-contracts.ts';

/** Deps of the SQS consumer handler. */
export interface ExecutorServiceDeps {
  logger: Logger;
  executePlanMessage: ExecutePlanMessage;
}

/** Builds the executor over the spine's stores and queue, once per cold start. */
export function buildExecutorService(
  config: Config,
  overrides: CompositionOverrides = {},
): ExecutorServiceDeps {
  const core = buildPlanService(config, overrides);
  const executePlanMessage =
    overrides.executePlanMessage ??
    createExecutePlanMessage({
      config,
      logger: core.logger,
      clock: core.clock,
      ids: overrides.ids ?? randomIds,
      plans: core.plans,
      sessions: core.sessions,
      queue: core.queue,
      ...(overrides.tracer ? { tracer: overrides.tracer } : {}),
      ...(overrides.modelProvider ? { modelProvider: overrides.modelProvider } : {}),
    });
  return { logger: core.logger, executePlanMessage };
}
