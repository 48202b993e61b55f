import { createDocumentClient } from '../adapters/dynamodb/document-client.ts';
import { DynamoPlanStore } from '../adapters/dynamodb/dynamo-plan-store.ts';
import { DynamoSessionStore } from '../adapters/dynamodb/dynamo-session-store.ts';
import type { Config } from '../config/config.ts';
import type { Clock } from '../ports/clock.ts';

/**
 * The plans and sessions tables over one document client (the planner's and the executor's stores). The blocking
 * slot of a session lives as long as the session (SESSION_TTL_HOURS).
 */
export function dynamoStores(config: Config, clock: Clock) {
  const client = createDocumentClient(config);
  return {
    client,
    plans: new DynamoPlanStore({ client, tableName: config.PLANS_TABLE, clock }),
    sessions: new DynamoSessionStore({
      client,
      tableName: config.SESSIONS_TABLE,
      clock,
      slotTtlSeconds: config.SESSION_TTL_HOURS * 3600,
    }),
  };
}
