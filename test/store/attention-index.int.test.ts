import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoPlanStore } from '../../lib/adapters/dynamodb/dynamo-plan-store.ts';
import { PLANS_ATTENTION_INDEX } from '../../lib/adapters/dynamodb/table-definitions.ts';
import { type Emulators, startEmulators } from '../support/local-stack.ts';
import { aStoredPlan } from './plan-factory.ts';

let emulators: Emulators;
beforeAll(async () => {
  emulators = await startEmulators();
});
afterAll(async () => {
  await emulators.stop();
});

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
    const out = await emulators.documentClient.send(
      new QueryCommand({
        TableName: tables.plans,
        IndexName: PLANS_ATTENTION_INDEX,
        KeyConditionExpression: 'attention_reason = :r',
        ExpressionAttributeValues: { ':r': 'in_doubt' },
        ScanIndexForward: false,
      }),
    );

    // Assess
    expect(out.Items?.map((i) => i.plan_id)).toEqual([newer.plan_id, older.plan_id]);
  });
});
