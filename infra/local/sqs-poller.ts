import {
  DeleteMessageBatchCommand,
  type Message,
  ReceiveMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { lambdaContext } from './lambda-context.ts';

/** The SQS consumer handler, as exported by functions/execute-plan.ts. */
export type SqsBatchHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;

/** Options of the local SQS poller (what Lambda's event source mapping does in AWS). */
export interface SqsPollerOptions {
  client: SQSClient;
  queueUrl: string;
  queueArn: string;
  region: string;
  handler: SqsBatchHandler;
  functionName?: string;
  /** Each batch's Lambda deadline (lambda-context.ts); default 60 s. */
  timeoutMs?: number;
  /** Default 10, the FIFO event source maximum. */
  batchSize?: number;
  /** Long-poll wait per receive; default 1 s so stop() is quick. */
  waitTimeSeconds?: number;
  /** Called after each delivered batch (tests and the console use it). */
  onBatch?: (report: { received: number; failed: number }) => void;
}

/** A running poller. */
export interface SqsPoller {
  stop(): Promise<void>;
}

/**
 * Long-polls the queue, invokes the consumer with a real SQS event batch, deletes the records it did not report
 * in batchItemFailures, and leaves the failed ones to reappear after the visibility timeout (then the DLQ after
 * maxReceiveCount), as the Lambda event source mapping does with reportBatchItemFailures.
 */
export function startSqsPoller(options: SqsPollerOptions): SqsPoller {
  const abort = new AbortController();
  const done = pollLoop(options, abort.signal);
  return {
    async stop() {
      abort.abort();
      await done;
    },
  };
}

async function pollLoop(options: SqsPollerOptions, signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    let messages: Message[] = [];
    try {
      const out = await options.client.send(
        new ReceiveMessageCommand({
          QueueUrl: options.queueUrl,
          MaxNumberOfMessages: options.batchSize ?? 10,
          WaitTimeSeconds: options.waitTimeSeconds ?? 1,
          MessageSystemAttributeNames: ['All'],
          MessageAttributeNames: ['All'],
        }),
        { abortSignal: signal },
      );
      messages = out.Messages ?? [];
    } catch (error) {
      if (signal.aborted) return;
      process.stderr.write(`sqs poller: receive failed (${error instanceof Error ? error.name : 'error'})\n`);
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    if (messages.length === 0) continue;
    await deliver(options, messages);
  }
}

async function deliver(options: SqsPollerOptions, messages: Message[]): Promise<void> {
  const records = messages.map((m) => toRecord(m, options));
  let failed = new Set(records.map((r) => r.messageId));
  try {
    const response = await options.handler(
      { Records: records },
      lambdaContext(options.functionName ?? 'execute-plan', options.timeoutMs),
    );
    failed = new Set(response.batchItemFailures.map((f) => f.itemIdentifier));
  } catch (error) {
    // A thrown handler fails the whole batch, exactly like Lambda.
    process.stderr.write(`sqs poller: handler threw (${error instanceof Error ? error.name : 'error'})\n`);
  }
  const succeeded = messages.filter((m) => m.MessageId && !failed.has(m.MessageId));
  if (succeeded.length > 0) {
    await options.client.send(
      new DeleteMessageBatchCommand({
        QueueUrl: options.queueUrl,
        Entries: succeeded.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle })),
      }),
    );
  }
  options.onBatch?.({ received: messages.length, failed: failed.size });
}

function toRecord(message: Message, options: SqsPollerOptions): SQSRecord {
  const a = message.Attributes ?? {};
  return {
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: a.ApproximateReceiveCount ?? '1',
      SentTimestamp: a.SentTimestamp ?? '0',
      SenderId: a.SenderId ?? 'local',
      ApproximateFirstReceiveTimestamp: a.ApproximateFirstReceiveTimestamp ?? '0',
      ...(a.MessageGroupId ? { MessageGroupId: a.MessageGroupId } : {}),
      ...(a.MessageDeduplicationId ? { MessageDeduplicationId: a.MessageDeduplicationId } : {}),
      ...(a.SequenceNumber ? { SequenceNumber: a.SequenceNumber } : {}),
    },
    messageAttributes: {},
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: options.queueArn,
    awsRegion: options.region,
  };
}
