import {
  type EnqueueOptions,
  type PlanMessage,
  type PlanQueue,
  QueueUnavailableError,
} from '../../../lib/ports/plan-queue.ts';

/** One accepted (not deduplicated) message, with the FIFO options it was sent with. */
export interface RecordedMessage {
  message: PlanMessage;
  options: EnqueueOptions;
}

/**
 * PlanQueue that records messages in memory. Like SQS FIFO it drops a send whose deduplication id was seen
 * before (for the queue's whole life rather than 5 minutes), so "exactly one enqueue" is observable.
 * `failWith(n)` makes the next n sends throw QueueUnavailableError (n = Infinity: until `recover()`).
 */
export class InMemoryPlanQueue implements PlanQueue {
  /** Messages accepted by the queue, in order. */
  readonly messages: RecordedMessage[] = [];
  /** Every send attempt that reached the queue, including deduplicated ones (not failed ones). */
  attempts = 0;
  private readonly seen = new Set<string>();
  private failuresLeft = 0;

  async enqueue(message: PlanMessage, options: EnqueueOptions): Promise<void> {
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new QueueUnavailableError('in-memory queue told to fail', {
        cause: new Error('simulated outage'),
      });
    }
    this.attempts += 1;
    if (this.seen.has(options.deduplicationId)) return;
    this.seen.add(options.deduplicationId);
    this.messages.push({ message: structuredClone(message), options: { ...options } });
  }

  /** The next `times` sends fail with QueueUnavailableError. */
  failWith(times = Number.POSITIVE_INFINITY): void {
    this.failuresLeft = times;
  }

  /** Sends succeed again. */
  recover(): void {
    this.failuresLeft = 0;
  }

  /** Removes and returns the accepted messages (a consumer's view). */
  drain(): RecordedMessage[] {
    return this.messages.splice(0, this.messages.length);
  }
}
