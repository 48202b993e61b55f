import { randomUUID } from 'node:crypto';
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  createPlanQueues,
  createTables,
  type PlanQueues,
  type TableNames,
} from '../../infra/local/provision.ts';
import { type LocalDynamo, startDynalite } from '../../infra/local/start-dynalite.ts';
import { type LocalSqs, startLocalSqs } from '../../infra/local/start-local-sqs.ts';
import { createDocumentClient } from '../../lib/adapters/dynamodb/document-client.ts';
import { createSqsClient } from '../../lib/adapters/sqs/sqs-client.ts';
import { type Config, loadConfig } from '../../lib/config/config.ts';

const REGION = 'us-east-1';

/** dynalite + fauxqs for integration tests, with helpers that give each test its own tables and queues. */
export interface Emulators {
  dynamo: LocalDynamo;
  sqs: LocalSqs;
  config: Config;
  documentClient: DynamoDBDocumentClient;
  sqsClient: SQSClient;
  /** Three new, empty tables with unique names. */
  freshTables(): Promise<TableNames>;
  /** A new FIFO queue + FIFO DLQ with a unique name. */
  freshQueues(visibilityTimeoutSeconds?: number): Promise<PlanQueues>;
  stop(): Promise<void>;
}

/** Starts both emulators on random loopback ports. Call stop() in afterAll. */
export async function startEmulators(): Promise<Emulators> {
  const dynamo = await startDynalite();
  const sqs = await startLocalSqs({ region: REGION });
  const config = loadConfig({
    AWS_REGION: REGION,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    SQS_ENDPOINT: sqs.endpoint,
    LOG_LEVEL: 'SILENT',
  });
  const documentClient = createDocumentClient(config);
  const sqsClient = createSqsClient(config);
  return {
    dynamo,
    sqs,
    config,
    documentClient,
    sqsClient,
    async freshTables() {
      const id = randomUUID().slice(0, 8);
      const names = { plans: `plans-${id}`, sessions: `sessions-${id}`, executions: `executions-${id}` };
      await createTables(documentClient, names);
      return names;
    },
    freshQueues(visibilityTimeoutSeconds = 1) {
      return createPlanQueues(sqsClient, {
        name: `plans-${randomUUID().slice(0, 8)}`,
        visibilityTimeoutSeconds,
      });
    },
    async stop() {
      documentClient.destroy();
      sqsClient.destroy();
      await sqs.stop();
      await dynamo.stop();
    },
  };
}
