import type { Logger } from '@aws-lambda-powertools/logger';
import { venueDirectoryOf } from '../adapters/booking-api/booking-api-venue-directory.ts';
import { HttpBookingApi } from '../adapters/booking-api/http-booking-api.ts';
import { DynamoExecutionLog } from '../adapters/execution-log/dynamo-execution-log.ts';
import { tokenSealerFromConfig } from '../adapters/token-sealer/token-sealer-from-config.ts';
import type { Config } from '../config/config.ts';
import { createExecutor } from '../executor/create-executor.ts';
import type { ExecutePlanMessage } from '../executor/executor-deps.ts';
import { createChatModel } from '../models/create-chat-model.ts';
import type { Tracer } from '../ports/tracer.ts';
import { loadCompiledRegistry } from '../registry/compiled-registry.ts';
import type { CompositionOverrides } from './composition-overrides.ts';
import { dynamoStores } from './dynamo-stores.ts';
import { langchainPlugins } from './langchain-plugins.ts';
import { resolveRuntime } from './resolve-runtime.ts';

/** Deps of the SQS consumer handler. */
export interface ExecutorServiceDeps {
  executePlanMessage: ExecutePlanMessage;
  /** Flushed at the end of each batch (bounded, never throws). */
  tracer: Tracer;
}

/**
 * Builds the executor (issue 6) once per cold start, its deps in one place: the compiled registry, the booking
 * API over HTTP, the plans, sessions and executions tables, the model of LLM_PROVIDER unless the local stack or a
 * test injects one, and a tracer with the LangChain plug-in whose `execution` spans continue each plan's trace.
 */
export async function buildExecutorService(
  config: Config,
  logger: Logger,
  overrides: CompositionOverrides = {},
): Promise<ExecutorServiceDeps> {
  const runtime = await resolveRuntime(config, logger, overrides, {
    needsModelKey: !overrides.modelProvider && !overrides.executePlanMessage,
    plugins: langchainPlugins,
  });
  const { tracer, clock } = runtime;
  if (overrides.executePlanMessage) return { executePlanMessage: overrides.executePlanMessage, tracer };
  const resolved = runtime.config;
  const { client, plans, sessions } = dynamoStores(resolved, clock);
  const registry = overrides.registry ?? loadCompiledRegistry();
  const bookingApi = HttpBookingApi.fromConfig(resolved);
  const executePlanMessage = createExecutor({
    registry,
    bookingApi,
    venues: venueDirectoryOf(bookingApi, registry),
    planStore: plans,
    sessionStore: sessions,
    executionLog: new DynamoExecutionLog({ client, tableName: resolved.EXECUTIONS_TABLE }),
    tokenSealer: tokenSealerFromConfig(resolved),
    model: overrides.modelProvider?.('executor') ?? (await createChatModel(resolved, 'executor')),
    clock,
    tracer,
    logger,
    config: resolved,
  });
  return { executePlanMessage, tracer };
}
