import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { createPlanQueues, createTables } from '../../infra/local/provision.ts';
import { startDynalite } from '../../infra/local/start-dynalite.ts';
import { startLocalSqs } from '../../infra/local/start-local-sqs.ts';
import { createDocumentClient } from '../../lib/adapters/dynamodb/document-client.ts';
import { createSqsClient } from '../../lib/adapters/sqs/sqs-client.ts';
import { loadConfig } from '../../lib/config/config.ts';
import { tempDataDir } from './start-child.ts';

const REGION = 'us-east-1';
const TABLES = { plans: 'plans', sessions: 'sessions', executions: 'executions' };
const dataDir = tempDataDir();
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the emulators on a data folder', () => {
  it('dynalite reopens its tables and items from the LevelDB folder; provisioning again keeps them', async () => {
    // Prepare: a table with an item, then the emulator stopped.
    const path = join(dataDir, 'dynamodb');
    const first = await startDynalite({ path });
    const before = createDocumentClient(loadConfig({ DYNAMODB_ENDPOINT: first.endpoint }));
    await createTables(before, TABLES);
    await before.send(new PutCommand({ TableName: 'plans', Item: { plan_id: 'p-1', status: 'executing' } }));
    before.destroy();
    await first.stop();
    // Act: a new emulator on the same folder (another port), provisioned as `npm start` does.
    const second = await startDynalite({ path });
    const after = createDocumentClient(loadConfig({ DYNAMODB_ENDPOINT: second.endpoint }));
    try {
      await createTables(after, TABLES);
      const got = await after.send(new GetCommand({ TableName: 'plans', Key: { plan_id: 'p-1' } }));
      // Assess
      expect(second.endpoint).not.toBe(first.endpoint);
      expect(got.Item).toEqual({ plan_id: 'p-1', status: 'executing' });
    } finally {
      after.destroy();
      await second.stop();
    }
  });

  it('fauxqs reopens its FIFO queue with the message that was in flight, on loopback only', async () => {
    // Prepare: a message received (in flight, 1 s visibility) and never deleted, then the emulator stopped.
    const sqsDir = join(dataDir, 'sqs');
    const first = await startLocalSqs({ region: REGION, dataDir: sqsDir });
    const before = createSqsClient(loadConfig({ SQS_ENDPOINT: first.endpoint }));
    const queues = await createPlanQueues(before, { name: 'plans', visibilityTimeoutSeconds: 1 });
    await before.send(
      new SendMessageCommand({
        QueueUrl: queues.queueUrl,
        MessageBody: '{"plan_id":"p-1"}',
        MessageGroupId: 'p-1',
        MessageDeduplicationId: 'p-1:1',
      }),
    );
    const inFlight = await before.send(new ReceiveMessageCommand({ QueueUrl: queues.queueUrl }));
    before.destroy();
    await first.stop();
    // Act
    const second = await startLocalSqs({ region: REGION, dataDir: sqsDir });
    const after = createSqsClient(loadConfig({ SQS_ENDPOINT: second.endpoint }));
    try {
      const again = await createPlanQueues(after, { name: 'plans', visibilityTimeoutSeconds: 1 });
      const redelivered = await after.send(
        new ReceiveMessageCommand({
          QueueUrl: again.queueUrl,
          WaitTimeSeconds: 5,
          MessageSystemAttributeNames: ['All'],
        }),
      );
      // Assess
      expect(inFlight.Messages?.map((m) => m.Body)).toEqual(['{"plan_id":"p-1"}']);
      expect(redelivered.Messages?.map((m) => [m.Body, m.Attributes?.ApproximateReceiveCount])).toEqual([
        ['{"plan_id":"p-1"}', '2'],
      ]);
      expect(new URL(second.endpoint).hostname).toBe('127.0.0.1');
    } finally {
      after.destroy();
      await second.stop();
    }
  });
});
