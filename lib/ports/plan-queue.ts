import * as z from 'zod';

/**
 * The SQS message that starts or resumes a plan. It carries the user's token to the consumer SEALED (issue 28,
 * ADR 0001): ciphertext bound to the plan id (lib/ports/token-sealer.ts), so the queue, the DLQ and whoever reads
 * them hold no token; only the executor and the watchdog's rollback unseal it. The token is never written to
 * DynamoDB, logs or traces; the queue is also SSE-encrypted with short retention (README: Security).
 */
export const PlanMessage = z.object({
  plan_id: z.uuid(),
  kind: z.enum(['start', 'resume']),
  /** Plan version when enqueued; part of the FIFO deduplication id. */
  version: z.number().int().min(1),
  /** TokenSealer.seal(user token, plan_id). */
  sealed_token: z.string().min(1),
});
export type PlanMessage = z.infer<typeof PlanMessage>;

export interface EnqueueOptions {
  /** FIFO message group: one plan's messages are processed in order. */
  groupId: string;
  /** FIFO deduplication id, derived from plan id + version (docs/design-facts.md: constant ids get dropped). */
  deduplicationId: string;
}

/** Port: the execution queue. */
export interface PlanQueue {
  /** Throws QueueUnavailableError when the message could not be enqueued. */
  enqueue(message: PlanMessage, options: EnqueueOptions): Promise<void>;
}

export class QueueUnavailableError extends Error {
  override readonly name = 'QueueUnavailableError';
}
