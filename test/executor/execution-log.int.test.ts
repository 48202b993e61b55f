import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTables } from '../../infra/local/provision.ts';
import { type LocalDynamo, startDynalite } from '../../infra/local/start-dynalite.ts';
import { createDocumentClient } from '../../lib/adapters/dynamodb/document-client.ts';
import { DynamoExecutionLog } from '../../lib/adapters/execution-log/dynamo-execution-log.ts';
import { loadConfig } from '../../lib/config/config.ts';
import { toLoggedMessage } from '../../lib/executor/message-codec.ts';
import { aSignedTurn, executionLogContract } from './execution-log.contract.ts';

let dynamo: LocalDynamo;
let client: ReturnType<typeof createDocumentClient>;

beforeAll(async () => {
  dynamo = await startDynalite();
  client = createDocumentClient(loadConfig({ DYNAMODB_ENDPOINT: dynamo.endpoint, AWS_REGION: 'us-east-1' }));
});
afterAll(async () => {
  client.destroy();
  await dynamo.stop();
});

async function freshLog(compressAboveChars?: number): Promise<DynamoExecutionLog> {
  const id = randomUUID().slice(0, 8);
  const names = { plans: `plans-${id}`, sessions: `sessions-${id}`, executions: `executions-${id}` };
  await createTables(client, names);
  return new DynamoExecutionLog({
    client,
    tableName: names.executions,
    ...(compressAboveChars ? { compressAboveChars } : {}),
  });
}

executionLogContract('DynamoDB (dynalite)', () => freshLog());

describe('DynamoExecutionLog', () => {
  it('stores a large message log gzipped and reads it back unchanged', async () => {
    // Prepare
    const log = await freshLog(100);
    const messages = Array.from({ length: 20 }, () => toLoggedMessage(aSignedTurn()));
    const record = {
      plan_id: 'plan-big',
      seq: 1,
      messages,
      pending: [],
      model_calls: 0,
      model_errors: 0,
      corrections: {},
      nudges: 0,
      after_answer: false,
      compensation_failures: {},
      compensation_versions: {},
      updated_at: '2026-11-20T10:00:00.000Z',
      expires_at: 1_800_000_000,
    };

    // Act
    await log.put(record, undefined);

    // Assess
    expect(await log.get('plan-big')).toEqual(record);
  });
});
