import { HttpBookingApi } from '../adapters/booking-api/http-booking-api.ts';
import { createDocumentClient } from '../adapters/dynamodb/document-client.ts';
import { DynamoExecutionLog } from '../adapters/execution-log/dynamo-execution-log.ts';
import { createExecutor } from '../executor/create-executor.ts';
import { createChatModel } from '../models/create-chat-model.ts';
import { NoopTracer } from '../observability/noop-tracer.ts';
import type { PlanQueue } from '../ports/plan-queue.ts';
import { loadCompiledRegistry } from '../registry/compiled-registry.ts';
import type { PlannerWiring } from './planner-factory.ts';
import type { ExecutePlanMessage } from './service-contracts.ts';

/** What the composition hands the executor: the planner's wiring plus the queue (for its own re-enqueues). */
export interface ExecutorWiring extends PlannerWiring {
  queue: PlanQueue;
}

/**
 * Builds the executor (issue 6) over the spine's stores: the compiled registry, the booking API over HTTP, the
 * execution log on EXECUTIONS_TABLE, and the model of LLM_PROVIDER unless the local stack or a test injects one.
 */
export function createExecutePlanMessage(wiring: ExecutorWiring): ExecutePlanMessage {
  const { config } = wiring;
  return createExecutor({
    registry: wiring.registry ?? loadCompiledRegistry(),
    bookingApi: HttpBookingApi.fromConfig(config),
    planStore: wiring.plans,
    sessionStore: wiring.sessions,
    executionLog: new DynamoExecutionLog({
      client: createDocumentClient(config),
      tableName: config.EXECUTIONS_TABLE,
    }),
    model: wiring.modelProvider?.('executor') ?? createChatModel(config, 'executor'),
    clock: wiring.clock,
    tracer: wiring.tracer ?? new NoopTracer(),
    logger: wiring.logger,
    config,
  });
}
