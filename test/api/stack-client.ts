import { GetQueueAttributesCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { LocalStack } from '../../infra/local/local-stack.ts';
import { createDocumentClient } from '../../lib/adapters/dynamodb/document-client.ts';
import { DynamoPlanStore } from '../../lib/adapters/dynamodb/dynamo-plan-store.ts';
import { createSqsClient } from '../../lib/adapters/sqs/sqs-client.ts';

/** An HTTP answer of the local gateway. */
export interface Answer {
  status: number;
  body: unknown;
}

/** Real HTTP calls to a running local stack, plus direct access to its table and queue for assertions. */
export function stackClient(stack: LocalStack) {
  const documentClient = createDocumentClient(stack.config);
  const sqs: SQSClient = createSqsClient(stack.config);
  const plans = new DynamoPlanStore({ client: documentClient, tableName: stack.config.PLANS_TABLE });

  async function call(
    method: string,
    path: string,
    body?: unknown,
    token: string | null = 'demo-token-harbour',
  ) {
    const headers: Record<string, string> = {};
    if (token !== null) headers['x-user-token'] = token;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${stack.url}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: await res.json() } satisfies Answer;
  }

  return {
    plans,
    sqs,
    call,
    confirm: (planId: string, userId: string, token?: string | null) =>
      call('POST', `/v1/plans/${planId}/confirm`, { user_id: userId }, token),
    get: (planId: string, userId: string, token?: string | null) =>
      call('GET', `/v1/plans/${planId}?user_id=${encodeURIComponent(userId)}`, undefined, token),
    answer: (planId: string, userId: string, userMessage: string, token?: string | null) =>
      call('POST', `/v1/plans/${planId}/answer`, { user_id: userId, user_message: userMessage }, token),
    /** The plan item exactly as stored (what a person sees in the DynamoDB console). */
    rawItem: async (planId: string) =>
      (
        await documentClient.send(
          new GetCommand({ TableName: stack.config.PLANS_TABLE, Key: { plan_id: planId } }),
        )
      ).Item,
    /** Receives (and leaves in flight) everything currently on the plan queue. */
    async drainQueue() {
      const out = await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: stack.queues.queueUrl,
          MaxNumberOfMessages: 10,
          WaitTimeSeconds: 0,
          VisibilityTimeout: 30,
          MessageSystemAttributeNames: ['All'],
        }),
      );
      return out.Messages ?? [];
    },
    /** Messages on the plan queue, visible or in flight (FIFO hides a group's later messages while one is in flight). */
    async queueDepth() {
      const out = await sqs.send(
        new GetQueueAttributesCommand({
          QueueUrl: stack.queues.queueUrl,
          AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
        }),
      );
      const a = out.Attributes ?? {};
      return (
        Number(a.ApproximateNumberOfMessages ?? 0) + Number(a.ApproximateNumberOfMessagesNotVisible ?? 0)
      );
    },
    close() {
      documentClient.destroy();
      sqs.destroy();
    },
  };
}
