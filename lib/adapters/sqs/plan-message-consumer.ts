import { processPartialResponse, SqsFifoPartialProcessorAsync } from '@aws-lambda-powertools/batch';
import type { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { flushTracesMiddleware } from '../../observability/flush-traces.ts';
import { PlanMessage } from '../../ports/plan-queue.ts';
import type { Tracer } from '../../ports/tracer.ts';

/** What the consumer needs: the executor's use case (throw = redeliver) and the tracer to flush. */
export interface PlanMessageConsumerDeps {
  executePlanMessage: (msg: PlanMessage) => Promise<void>;
  /** Flushed once per batch, before the handler returns (bounded by the composition; never fails the batch). */
  tracer?: Pick<Tracer, 'flush'>;
}

/** Per-record log keys: the consumer's plan_id, and what the executor adds once it reads the plan (correlate). */
const RECORD_KEYS = ['plan_id', 'session_id', 'trace_id'];

/** An SQS body that is not a PlanMessage; it fails (and ends in the DLQ) rather than being dropped. */
export class MalformedPlanMessageError extends Error {
  override readonly name = 'MalformedPlanMessageError';
}

/**
 * The SQS consumer (inbound adapter): Powertools' FIFO partial-batch processor stops at the first failed record
 * and reports it and every later one in batchItemFailures, so a plan's messages stay in order. The body carries
 * the user's token sealed (issue 28; the executor unseals it): it is parsed with zod and never logged (only the plan id, kind and version are). Middy adds
 * the Lambda context to the logger and flushes the traces of the whole batch before the handler returns (issue
 * 7), with the same middleware as the HTTP handlers.
 */
export function createPlanMessageConsumer(deps: () => Promise<PlanMessageConsumerDeps>, logger: Logger) {
  const processor = new SqsFifoPartialProcessorAsync();
  let resolved: PlanMessageConsumerDeps | undefined;
  async function consumePlanMessages(event: SQSEvent, context: Context): Promise<SQSBatchResponse> {
    resolved = await deps();
    const { executePlanMessage } = resolved;
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
    return processPartialResponse(event, processPlanRecord, processor, {
      context,
      throwOnFullBatchFailure: false,
    });
  }
  return middy<SQSEvent, SQSBatchResponse, Error, Context>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(flushTracesMiddleware(() => resolved?.tracer, logger))
    .handler(consumePlanMessages);
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
