import { DeleteMessageCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { DeadLetter, DeadLetterQueue } from '../../ports/dead-letter-queue.ts';

/** Parses a body as JSON; a body that is not JSON is kept as text for the reader to refuse. */
function parseBody(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return text;
  }
}

/**
 * The plan queue's FIFO DLQ over SQS. Bodies carry the user's token sealed (ADR 0001, issue 28): a redrive moves
 * the ciphertext as it is; only the watchdog's rollback unseals it. Bodies are handed to the use case, never logged. Receive does not wait (short poll): the watchdog drains what is there now.
 */
export class SqsDeadLetterQueue implements DeadLetterQueue {
  constructor(
    private readonly client: SQSClient,
    private readonly queueUrl: string,
  ) {}

  async receive(max: number): Promise<DeadLetter[]> {
    const out = await this.client.send(
      new ReceiveMessageCommand({
        QueueUrl: this.queueUrl,
        MaxNumberOfMessages: Math.min(10, Math.max(1, max)),
        WaitTimeSeconds: 0,
        VisibilityTimeout: 60,
      }),
    );
    return (out.Messages ?? [])
      .filter((m) => m.ReceiptHandle !== undefined)
      .map((m) => ({ body: parseBody(m.Body), receipt: m.ReceiptHandle ?? '' }));
  }

  async remove(receipt: string): Promise<void> {
    await this.client.send(new DeleteMessageCommand({ QueueUrl: this.queueUrl, ReceiptHandle: receipt }));
  }
}
