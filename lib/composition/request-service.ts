import type { Logger } from '@aws-lambda-powertools/logger';
import type { Config } from '../config/config.ts';
import { langchainTracing } from '../observability/langchain-tracing.ts';
import type { Tracer } from '../ports/tracer.ts';
import { agentWiring } from './agent-wiring.ts';
import { coldStart } from './cold-start.ts';
import type { CompositionOverrides } from './composition-overrides.ts';
import { buildSpine } from './plan-service.ts';
import { createHandleRequest } from './planner-factory.ts';
import type { HandleRequest } from './service-contracts.ts';

/** Deps of the POST /v1/requests handler. */
export interface RequestServiceDeps {
  config: Config;
  logger: Logger;
  handleRequest: HandleRequest;
  /** Flushed before the handler returns (bounded, never throws). Absent: nothing to flush. */
  tracer?: Tracer;
}

/**
 * Builds the planner over the spine's stores, once per cold start. Its tracer carries the LangChain plug-in
 * (generations); the Gemini key is resolved from GOOGLE_API_KEY_SECRET_ARN before the model is built.
 */
export async function buildRequestService(
  config: Config,
  overrides: CompositionOverrides = {},
): Promise<RequestServiceDeps> {
  const foundation = await coldStart(config, overrides, {
    plugins: [langchainTracing],
    needsModelKey: !overrides.modelProvider && !overrides.handleRequest,
  });
  // 'create' only: the planner also reads the session's previous plan, which belongs to another trace.
  const core = buildSpine(foundation, overrides, ['create']);
  const handleRequest = overrides.handleRequest ?? createHandleRequest(agentWiring(core, overrides));
  return { config: core.config, logger: core.logger, tracer: core.tracer, handleRequest };
}
