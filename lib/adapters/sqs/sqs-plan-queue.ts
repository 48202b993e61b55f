import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import {
  type EnqueueOptions,
  type PlanMessage,
  type PlanQueue,
  QueueUnavailableError,
} from '../../ports/plan-queue.ts';

/** Options of the SQS plan queue. */
export interface SqsPlanQueueOptions {
  client: SQSClient;
  /** URL of the FIFO queue (name ends in .fifo). */
  queueUrl: string;
}

/**
 * PlanQueue on SQS FIFO. MessageGroupId keeps one plan's messages in order; MessageDeduplicationId comes from
 * the caller (plan id + kind + version, docs/design-facts.md: a constant id is silently dropped within 5 minutes).
 * The body carries the user's token sealed to the plan (docs/adr/0001, issue 28: ciphertext only, sealed by the
 * use case before the send); the queue is also SSE-encrypted with short retention, and the body is never logged or
 * put into an error message.
 */
export class SqsPlanQueue implements PlanQueue {
  private readonly client: SQSClient;
  private readonly queueUrl: string;

  constructor(options: SqsPlanQueueOptions) {
    this.client = options.client;
    this.queueUrl = options.queueUrl;
  }

  async enqueue(message: PlanMessage, options: EnqueueOptions): Promise<void> {
    try {
      await this.client.send(
        new SendMessageCommand({
          QueueUrl: this.queueUrl,
          MessageBody: JSON.stringify(message),
          MessageGroupId: options.groupId,
          MessageDeduplicationId: options.deduplicationId,
        }),
      );
    } catch (error) {
      throw new QueueUnavailableError(
        `could not enqueue ${message.kind} message for plan ${message.plan_id}`,
        {
          cause: error,
        },
      );
    }
  }
}
