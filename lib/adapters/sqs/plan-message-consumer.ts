import { processPartialResponse, SqsFifoPartialProcessorAsync } from '@aws-lambda-powertools/batch';
import type { Logger } from '@aws-lambda-powertools/logger';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { PlanMessage } from '../../ports/plan-queue.ts';

/** What the consumer needs: a logger and the executor's use case (throw = redeliver). */
export interface PlanMessageConsumerDeps {
  logger: Logger;
  executePlanMessage: (msg: PlanMessage) => Promise<void>;
}

/** An SQS body that is not a PlanMessage; it fails (and ends in the DLQ) rather than being dropped. */
export class MalformedPlanMessageError extends Error {
  override readonly name = 'MalformedPlanMessageError';
}

/**
 * The SQS consumer (inbound adapter): Powertools' FIFO partial-batch processor stops at the first failed record
 * and reports it and every later one in batchItemFailures, so a plan's messages stay in order. The body carries
 * the user's token: it is parsed with zod and never logged (only the plan id, kind and version are).
 */
export function createPlanMessageConsumer(deps: () => Promise<PlanMessageConsumerDeps>) {
  const processor = new SqsFifoPartialProcessorAsync();
  return async function consumePlanMessages(event: SQSEvent, context: Context): Promise<SQSBatchResponse> {
    const { logger, executePlanMessage } = await deps();
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
        logger.removeKeys(['plan_id']);
      }
    }
    return processPartialResponse(event, processPlanRecord, processor, {
      context,
      throwOnFullBatchFailure: false,
    });
  };
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
