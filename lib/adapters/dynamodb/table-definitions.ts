import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/** GSI of the plans table: a session's plans, newest first (issue 4: "a GSI by session_id and created_at"). */
export const PLANS_BY_SESSION_INDEX = 'by_session';
/**
 * Sparse GSI of the plans table: only plans with `attention_reason` (in doubt, manual recovery, stuck), newest
 * first by updated_at — the ops console query of docs/ops.md.
 */
export const PLANS_ATTENTION_INDEX = 'attention';
/**
 * Sparse GSI of the plans table: a venue's plans, newest first by created_at (ADR 0010; docs/ops.md). Only plans
 * with `venue_id` are indexed: older plans, and plans of an API without a venue read, have none.
 */
export const PLANS_BY_VENUE_INDEX = 'by_venue';
/** TTL attribute (epoch seconds) of the plans and sessions tables. */
export const TTL_ATTRIBUTE = 'expires_at';

/**
 * Key schemas of the three tables. The local stack creates them from here; the CDK app declares the same keys
 * (keep the two in step: plans/plan_id + GSIs by_session(session_id, created_at), attention(attention_reason,
 * updated_at) and by_venue(venue_id, created_at), sessions/session_id,
 * executions/plan_id).
 */
export function tableDefinitions(names: {
  plans: string;
  sessions: string;
  executions: string;
}): CreateTableCommandInput[] {
  return [
    {
      TableName: names.plans,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'plan_id', AttributeType: 'S' },
        { AttributeName: 'session_id', AttributeType: 'S' },
        { AttributeName: 'created_at', AttributeType: 'S' },
        { AttributeName: 'attention_reason', AttributeType: 'S' },
        { AttributeName: 'updated_at', AttributeType: 'S' },
        { AttributeName: 'venue_id', AttributeType: 'S' },
      ],
      KeySchema: [{ AttributeName: 'plan_id', KeyType: 'HASH' }],
      GlobalSecondaryIndexes: [
        {
          IndexName: PLANS_BY_SESSION_INDEX,
          KeySchema: [
            { AttributeName: 'session_id', KeyType: 'HASH' },
            { AttributeName: 'created_at', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
        {
          IndexName: PLANS_ATTENTION_INDEX,
          KeySchema: [
            { AttributeName: 'attention_reason', KeyType: 'HASH' },
            { AttributeName: 'updated_at', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
        {
          IndexName: PLANS_BY_VENUE_INDEX,
          KeySchema: [
            { AttributeName: 'venue_id', KeyType: 'HASH' },
            { AttributeName: 'created_at', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    },
    {
      TableName: names.sessions,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'session_id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'session_id', KeyType: 'HASH' }],
    },
    {
      // The executor's checkpoint log, one item per plan (its shape belongs to the executor).
      TableName: names.executions,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'plan_id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'plan_id', KeyType: 'HASH' }],
    },
  ];
}
