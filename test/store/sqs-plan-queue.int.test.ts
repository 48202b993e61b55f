import { GetQueueAttributesCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqsPlanQueue } from '../../lib/adapters/sqs/sqs-plan-queue.ts';
import { buildPlanMessage } from '../../lib/plans/plan-message.ts';
import { type Emulators, startEmulators } from '../support/local-stack.ts';

const PLAN = '11111111-1111-4111-8111-111111111111';

let emulators: Emulators;
beforeAll(async () => {
  emulators = await startEmulators();
});
afterAll(async () => {
  await emulators.stop();
});

async function depth(queueUrl: string): Promise<number> {
  const out = await emulators.sqsClient.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  const a = out.Attributes ?? {};
  return Number(a.ApproximateNumberOfMessages ?? 0) + Number(a.ApproximateNumberOfMessagesNotVisible ?? 0);
}

describe('SqsPlanQueue (fauxqs)', () => {
  it('sends the PlanMessage as JSON with the plan as group and the versioned dedup id', async () => {
    // Prepare
    const { queueUrl } = await emulators.freshQueues();
    const queue = new SqsPlanQueue({ client: emulators.sqsClient, queueUrl });
    const { message, options } = buildPlanMessage(PLAN, 'start', 1, 'tok-1');
    // Act
    await queue.enqueue(message, options);
    // Assess
    const out = await emulators.sqsClient.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MessageSystemAttributeNames: ['All'] }),
    );
    expect(out.Messages?.map((m) => JSON.parse(m.Body ?? ''))).toEqual([message]);
    expect(out.Messages?.[0]?.Attributes).toMatchObject({
      MessageGroupId: PLAN,
      MessageDeduplicationId: `${PLAN}:start:v1`,
    });
  });

  it('keeps one message per deduplication id and one per plan version', async () => {
    const { queueUrl } = await emulators.freshQueues();
    const queue = new SqsPlanQueue({ client: emulators.sqsClient, queueUrl });
    const v1 = buildPlanMessage(PLAN, 'start', 1, 'tok-1');
    const v4 = buildPlanMessage(PLAN, 'resume', 4, 'tok-1');

    await queue.enqueue(v1.message, v1.options);
    await queue.enqueue(v1.message, v1.options);
    const afterDuplicate = await depth(queueUrl);
    await queue.enqueue(v4.message, v4.options);

    expect([afterDuplicate, await depth(queueUrl)]).toEqual([1, 2]);
  });

  it('wraps a failed send in QueueUnavailableError with the cause, never the token', async () => {
    const queue = new SqsPlanQueue({
      client: emulators.sqsClient,
      queueUrl: `${emulators.sqs.endpoint}/000000000000/does-not-exist.fifo`,
    });
    const { message, options } = buildPlanMessage(PLAN, 'start', 1, 'secret-token-xyz');

    const error = await queue.enqueue(message, options).catch((e: unknown) => e);

    expect(error).toMatchObject({ name: 'QueueUnavailableError' });
    expect((error as Error).cause).toBeInstanceOf(Error);
    expect((error as Error).message).not.toContain('secret-token-xyz');
  });
});
