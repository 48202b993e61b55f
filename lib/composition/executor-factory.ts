import type { PlanQueue } from '../ports/plan-queue.ts';
import type { PlannerWiring } from './planner-factory.ts';
import type { ExecutePlanMessage } from './service-contracts.ts';

/** What the composition hands the executor: the planner's wiring plus the queue (for its own re-enqueues). */
export interface ExecutorWiring extends PlannerWiring {
  queue: PlanQueue;
}

/** Raised by the stand-in so SQS keeps the record (and, after maxReceiveCount, moves it to the DLQ). */
export class ExecutorUnavailableError extends Error {
  override readonly name = 'ExecutorUnavailableError';
}

/**
 * The executor's plug point. Until lib/executor is wired in, every record fails honestly and stays on the queue
 * (then the DLQ) instead of being acknowledged and lost. Integration: build the executor's deps (registry,
 * booking API adapter, execution log on EXECUTIONS_TABLE, model, tracer) from `wiring` and return it here.
 */
export function createExecutePlanMessage(_wiring: ExecutorWiring): ExecutePlanMessage {
  return async function executorUnavailable(msg) {
    throw new ExecutorUnavailableError(`no executor is wired in; plan ${msg.plan_id} stays on the queue`);
  };
}
