import { afterAll, beforeAll } from 'vitest';
import { DynamoPlanStore } from '../../lib/adapters/dynamodb/dynamo-plan-store.ts';
import { DynamoSessionStore } from '../../lib/adapters/dynamodb/dynamo-session-store.ts';
import { planStoreContract } from '../contracts/plan-store.contract.ts';
import { sessionStoreContract } from '../contracts/session-store.contract.ts';
import { type Emulators, startEmulators } from '../support/local-stack.ts';

let emulators: Emulators;
beforeAll(async () => {
  emulators = await startEmulators();
});
afterAll(async () => {
  await emulators.stop();
});

planStoreContract('DynamoDB (dynalite)', async (clock) => {
  const tables = await emulators.freshTables();
  return { store: new DynamoPlanStore({ client: emulators.documentClient, tableName: tables.plans, clock }) };
});

sessionStoreContract('DynamoDB (dynalite)', async () => {
  const tables = await emulators.freshTables();
  return new DynamoSessionStore({
    client: emulators.documentClient,
    tableName: tables.sessions,
    slotTtlSeconds: 3600,
  });
});
