import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoPlanStore } from '../../lib/adapters/dynamodb/dynamo-plan-store.ts';
import {
  PLANS_ATTENTION_INDEX,
  PLANS_BY_VENUE_INDEX,
} from '../../lib/adapters/dynamodb/table-definitions.ts';
import { type Emulators, startEmulators } from '../support/local-stack.ts';
import { aStoredPlan } from './plan-factory.ts';

let emulators: Emulators;
beforeAll(async () => {
  emulators = await startEmulators();
});
afterAll(async () => {
  await emulators.stop();
});

/** The plan ids an index query returns, newest first (sort key descending), as the console shows them. */
async function newestFirst(
  table: string,
  index: string,
  condition: string,
  values: Record<string, string>,
): Promise<unknown[]> {
  const out = await emulators.documentClient.send(
    new QueryCommand({
      TableName: table,
      IndexName: index,
      KeyConditionExpression: condition,
      ExpressionAttributeValues: values,
      ScanIndexForward: false,
    }),
  );
  return out.Items?.map((i) => i.plan_id) ?? [];
}

describe('plans table: the sparse attention GSI (dynalite)', () => {
  it('holds only plans with attention_reason, newest first, queryable by reason', async () => {
    // Prepare
    const tables = await emulators.freshTables();
    const plans = new DynamoPlanStore({ client: emulators.documentClient, tableName: tables.plans });
    const older = aStoredPlan({
      status: 'failed',
      attention_reason: 'in_doubt',
      updated_at: '2026-11-20T10:00:00.000Z',
    });
    const newer = aStoredPlan({
      status: 'failed',
      attention_reason: 'in_doubt',
      updated_at: '2026-11-21T10:00:00.000Z',
    });
    const other = aStoredPlan({ status: 'failed', attention_reason: 'stuck' });
    const fine = aStoredPlan({ status: 'completed' });
    for (const p of [older, newer, other, fine]) await plans.create(p);

    // Act
    const ids = await newestFirst(tables.plans, PLANS_ATTENTION_INDEX, 'attention_reason = :r', {
      ':r': 'in_doubt',
    });

    // Assess
    expect(ids).toEqual([newer.plan_id, older.plan_id]);
  });
});

describe('plans table: the sparse by_venue GSI (dynalite, ADR 0010)', () => {
  it('exists on the local plans table, keyed venue_id + created_at', async () => {
    // Prepare
    const tables = await emulators.freshTables();

    // Act
    const described = await emulators.documentClient.send(
      new DescribeTableCommand({ TableName: tables.plans }),
    );

    // Assess
    const index = described.Table?.GlobalSecondaryIndexes?.find((i) => i.IndexName === PLANS_BY_VENUE_INDEX);
    expect(index?.KeySchema).toEqual([
      { AttributeName: 'venue_id', KeyType: 'HASH' },
      { AttributeName: 'created_at', KeyType: 'RANGE' },
    ]);
  });

  it("returns one venue's plans, newest first, and leaves out plans without a venue", async () => {
    // Prepare
    const tables = await emulators.freshTables();
    const plans = new DynamoPlanStore({ client: emulators.documentClient, tableName: tables.plans });
    const older = aStoredPlan({ venue_id: 'venue_harbour', created_at: '2026-11-20T10:00:00.000Z' });
    const newer = aStoredPlan({ venue_id: 'venue_harbour', created_at: '2026-11-21T10:00:00.000Z' });
    const westside = aStoredPlan({ venue_id: 'venue_westside' });
    const unknown = aStoredPlan();
    for (const p of [older, newer, westside, unknown]) await plans.create(p);

    // Act: the console query of docs/ops.md
    const ids = await newestFirst(
      tables.plans,
      PLANS_BY_VENUE_INDEX,
      'venue_id = :v AND created_at >= :from',
      {
        ':v': 'venue_harbour',
        ':from': '2026-11-01',
      },
    );

    // Assess
    expect(ids).toEqual([newer.plan_id, older.plan_id]);
  });
});
