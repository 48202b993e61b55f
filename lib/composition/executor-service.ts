import type { Logger } from '@aws-lambda-powertools/logger';
import type { Config } from '../config/config.ts';
import { langchainTracing } from '../observability/langchain-tracing.ts';
import type { Tracer } from '../ports/tracer.ts';
import { agentWiring } from './agent-wiring.ts';
import { coldStart } from './cold-start.ts';
import type { CompositionOverrides } from './composition-overrides.ts';
import { createExecutePlanMessage } from './executor-factory.ts';
import { buildSpine } from './plan-service.ts';
import type { ExecutePlanMessage } from './service-contracts.ts';

/** Deps of the SQS consumer handler. */
export interface ExecutorServiceDeps {
  logger: Logger;
  executePlanMessage: ExecutePlanMessage;
  /** Flushed at the end of each batch (bounded, never throws). */
  tracer?: Tracer;
}

/**
 * Builds the executor over the spine's stores and queue, once per cold start. Its tracer carries the LangChain
 * plug-in; its `execution` spans continue each plan's stored trace.
 */
export async function buildExecutorService(
  config: Config,
  overrides: CompositionOverrides = {},
): Promise<ExecutorServiceDeps> {
  const foundation = await coldStart(config, overrides, {
    plugins: [langchainTracing],
    needsModelKey: !overrides.modelProvider && !overrides.executePlanMessage,
  });
  const core = buildSpine(foundation, overrides, ['get', 'update']);
  const executePlanMessage =
    overrides.executePlanMessage ??
    createExecutePlanMessage({ ...agentWiring(core, overrides), queue: core.queue });
  return { logger: core.logger, tracer: core.tracer, executePlanMessage };
}
