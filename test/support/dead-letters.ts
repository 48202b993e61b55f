import { GetQueueAttributesCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { expect, vi } from 'vitest';

/** Visible messages in a queue (fauxqs). */
export async function queueDepth(sqs: SQSClient, queueUrl: string): Promise<number> {
  const out = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['ApproximateNumberOfMessages'] }),
  );
  return Number(out.Attributes?.ApproximateNumberOfMessages ?? 0);
}

/**
 * A consumer that dies on every delivery: receives without deleting until SQS moves the message to the DLQ
 * (queues made with maxReceiveCount 1 and a 1 s visibility timeout).
 */
export async function dieUntilDeadLettered(sqs: SQSClient, queues: { queueUrl: string; dlqUrl: string }) {
  await vi.waitFor(
    async () => {
      await sqs.send(
        new ReceiveMessageCommand({ QueueUrl: queues.queueUrl, WaitTimeSeconds: 0, MaxNumberOfMessages: 10 }),
      );
      expect(await queueDepth(sqs, queues.dlqUrl)).toBe(1);
    },
    { timeout: 15_000, interval: 200 },
  );
}
