import { RemovalPolicy } from 'aws-cdk-lib';
import {
  AttributeType,
  Billing,
  ProjectionType,
  TableEncryptionV2,
  type TablePropsV2,
  TableV2,
} from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import {
  PLANS_ATTENTION_INDEX,
  PLANS_BY_SESSION_INDEX,
  PLANS_BY_VENUE_INDEX,
  TTL_ATTRIBUTE,
} from '../../../lib/adapters/dynamodb/table-definitions.ts';

/** Options for {@link PlanTables}. */
export interface PlanTablesProps {
  /** prod: deletion protection and RETAIN; dev: tables go with the stack. */
  readonly protectData: boolean;
}

/**
 * The three DynamoDB tables. Keys mirror lib/adapters/dynamodb/table-definitions.ts (the local stack's tables);
 * test/infra checks the two agree. Every table expires items through TTL_ATTRIBUTE (epoch seconds), so pending
 * plans expire with their session.
 */
export class PlanTables extends Construct {
  /** pk plan_id; GSIs by_session (session_id, created_at), attention and by_venue (venue_id, created_at). */
  readonly plans: TableV2;
  /** pk session_id: chat history, referenced booking, clarification count. */
  readonly sessions: TableV2;
  /** pk plan_id: the executor's write-ahead step records. */
  readonly executions: TableV2;

  constructor(scope: Construct, id: string, props: PlanTablesProps) {
    super(scope, id);
    const common: Omit<TablePropsV2, 'partitionKey'> = {
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // KMS key aws/dynamodb: every decrypt shows up in CloudTrail, unlike the DynamoDB-owned default key.
      encryption: TableEncryptionV2.awsManagedKey(),
      timeToLiveAttribute: TTL_ATTRIBUTE,
      deletionProtection: props.protectData,
      removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    };
    this.plans = new TableV2(this, 'Plans', {
      ...common,
      partitionKey: { name: 'plan_id', type: AttributeType.STRING },
      globalSecondaryIndexes: [
        {
          indexName: PLANS_BY_SESSION_INDEX,
          partitionKey: { name: 'session_id', type: AttributeType.STRING },
          // ISO-8601 UTC strings sort chronologically (001: datetime is ISO 8601 UTC).
          sortKey: { name: 'created_at', type: AttributeType.STRING },
          projectionType: ProjectionType.ALL,
        },
        {
          // Sparse: only plans needing a person carry attention_reason (docs/ops.md).
          indexName: PLANS_ATTENTION_INDEX,
          partitionKey: { name: 'attention_reason', type: AttributeType.STRING },
          sortKey: { name: 'updated_at', type: AttributeType.STRING },
          projectionType: ProjectionType.ALL,
        },
        {
          // Sparse: plans made before ADR 0010 (or for an API without a venue read) carry no venue_id.
          indexName: PLANS_BY_VENUE_INDEX,
          partitionKey: { name: 'venue_id', type: AttributeType.STRING },
          sortKey: { name: 'created_at', type: AttributeType.STRING },
          projectionType: ProjectionType.ALL,
        },
      ],
    });
    this.sessions = new TableV2(this, 'Sessions', {
      ...common,
      partitionKey: { name: 'session_id', type: AttributeType.STRING },
    });
    this.executions = new TableV2(this, 'Executions', {
      ...common,
      partitionKey: { name: 'plan_id', type: AttributeType.STRING },
    });
  }
}
