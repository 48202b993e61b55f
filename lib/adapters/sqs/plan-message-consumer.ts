import { processPartialResponse, SqsFifoPartialProcessorAsync } from '@aws-lambda-powertools/batch';
import type { Logger } from '@aws-lambda-powertools/logger';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { PlanMessage } from '../../ports/plan-queue.ts';
import type { Tracer } from '../../ports/tracer.ts';

/** What the consumer needs: a logger and the executor's use case (throw = redeliver). */
export interface PlanMessageConsumerDeps {
  logger: Logger;
  executePlanMessage: (msg: PlanMessage) => Promise<void>;
  /** Flushed once per batch, before the handler returns (bounded by the composition; never fails the batch). */
  tracer?: Pick<Tracer, 'flush'>;
}

/** Per-record log keys: the consumer's plan_id, and what the composition's plan store adds (trace-log-keys.ts). */
const RECORD_KEYS = ['plan_id', 'session_id', 'trace_id'];

/** An SQS body that is not a PlanMessage; it fails (and ends in the DLQ) rather than being dropped. */
export class MalformedPlanMessageError extends Error {
  override readonly name = 'MalformedPlanMessageError';
}

/**
 * The SQS consumer (inbound adapter): Powertools' FIFO partial-batch processor stops at the first failed record
 * and reports it and every later one in batchItemFailures, so a plan's messages stay in order. The body carries
 * the user's token: it is parsed with zod and never logged (only the plan id, kind and version are). The traces
 * of the whole batch are flushed before the handler returns (issue 7), whatever the records' outcomes.
 */
export function createPlanMessageConsumer(deps: () => Promise<PlanMessageConsumerDeps>) {
  const processor = new SqsFifoPartialProcessorAsync();
  return async function consumePlanMessages(event: SQSEvent, context: Context): Promise<SQSBatchResponse> {
    const { logger, executePlanMessage, tracer } = await deps();
    logger.addContext(context);
    async function processPlanRecord(record: SQSRecord): Promise<void> {
      const msg = parsePlanMessage(record);
      logger.appendKeys({ plan_id: msg.plan_id });
      logger.info(`plan ${msg.plan_id} ${msg.kind} message received`, {
        kind: msg.kind,
        version: msg.version,
        receive_count: Number(record.attributes.ApproximateReceiveCount),
      });
      try {
        await executePlanMessage(msg);
      } catch (error) {
        logger.warn(`plan ${msg.plan_id} ${msg.kind} message failed; SQS will redeliver it`, {
          error_name: error instanceof Error ? error.name : 'unknown',
        });
        throw error;
      } finally {
        logger.removeKeys(RECORD_KEYS);
      }
    }
    try {
      return await processPartialResponse(event, processPlanRecord, processor, {
        context,
        throwOnFullBatchFailure: false,
      });
    } finally {
      await flushTraces(tracer, logger);
    }
  };
}

/** Bounded by the tracer itself; anything it throws is logged, never allowed to fail the batch. */
async function flushTraces(tracer: Pick<Tracer, 'flush'> | undefined, logger: Logger): Promise<void> {
  try {
    await tracer?.flush();
  } catch (error) {
    logger.warn('trace flush failed', { error_name: error instanceof Error ? error.name : 'unknown' });
  }
}

function parsePlanMessage(record: SQSRecord): PlanMessage {
  let json: unknown;
  try {
    json = JSON.parse(record.body);
  } catch (error) {
    throw new MalformedPlanMessageError(`SQS message ${record.messageId} is not JSON`, { cause: error });
  }
  const parsed = PlanMessage.safeParse(json);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
    // Only field paths: zod messages never echo values, but the body holds a token, so stay strict.
    throw new MalformedPlanMessageError(`SQS message ${record.messageId} is not a PlanMessage (${fields})`);
  }
  return parsed.data;
}
