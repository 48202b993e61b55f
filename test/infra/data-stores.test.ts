import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { tableDefinitions } from '../../lib/adapters/dynamodb/table-definitions.ts';
import { synthApp } from './synth-app.ts';
import { logicalIdOf } from './template-queries.ts';

const Table = z.object({
  Properties: z.object({
    KeySchema: z.array(z.object({ AttributeName: z.string(), KeyType: z.string() })),
    AttributeDefinitions: z.array(z.object({ AttributeName: z.string(), AttributeType: z.string() })),
    GlobalSecondaryIndexes: z.array(z.unknown()).optional(),
  }),
});

const Queue = z.object({
  Properties: z.object({
    VisibilityTimeout: z.number(),
    MessageRetentionPeriod: z.number(),
    RedrivePolicy: z.object({ maxReceiveCount: z.number() }),
  }),
});

describe('BookingUpdateStack data stores (dev)', () => {
  let built: ReturnType<typeof synthApp>;
  let ids: { plans: string; sessions: string; executions: string; queue: string; dlq: string };

  beforeAll(() => {
    built = synthApp({ stage: 'dev' });
    const { stack } = built;
    ids = {
      plans: logicalIdOf(stack, stack.tables.plans.tableArn),
      sessions: logicalIdOf(stack, stack.tables.sessions.tableArn),
      executions: logicalIdOf(stack, stack.tables.executions.tableArn),
      queue: logicalIdOf(stack, stack.executionQueue.queue.queueArn),
      dlq: logicalIdOf(stack, stack.executionQueue.deadLetterQueue.queueArn),
    };
  });

  describe('tables', () => {
    it('creates exactly three tables, each on-demand with PITR, TTL on expires_at and KMS encryption', () => {
      // Prepare
      const { template } = built;

      // Act
      const tables = template.findResources('AWS::DynamoDB::GlobalTable', {
        Properties: {
          BillingMode: 'PAY_PER_REQUEST',
          TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
          SSESpecification: { SSEEnabled: true, SSEType: 'KMS' },
          Replicas: [
            Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }),
          ],
        },
      });

      // Assess
      template.resourceCountIs('AWS::DynamoDB::GlobalTable', 3);
      expect(Object.keys(tables).sort()).toEqual([ids.executions, ids.plans, ids.sessions].sort());
    });

    it('declares the same keys and GSI as the local stack (lib/adapters/dynamodb/table-definitions.ts)', () => {
      // Prepare
      const local = tableDefinitions({ plans: 'p', sessions: 's', executions: 'e' });
      const byName = { p: ids.plans, s: ids.sessions, e: ids.executions } as const;

      for (const definition of local) {
        // Act
        const logicalId = byName[z.enum(['p', 's', 'e']).parse(definition.TableName)];
        const deployed = Table.parse(built.template.toJSON().Resources[logicalId]).Properties;

        // Assess
        expect(deployed.KeySchema).toEqual(definition.KeySchema);
        expect(deployed.AttributeDefinitions).toEqual(
          expect.arrayContaining(definition.AttributeDefinitions ?? []),
        );
        expect(deployed.AttributeDefinitions).toHaveLength(definition.AttributeDefinitions?.length ?? 0);
        expect(deployed.GlobalSecondaryIndexes ?? []).toEqual(definition.GlobalSecondaryIndexes ?? []);
      }
    });

    it('has the by_session GSI and the sparse attention (attention_reason, updated_at) and by_venue (venue_id, created_at) GSIs on the plans table', () => {
      built.template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
        KeySchema: [{ AttributeName: 'plan_id', KeyType: 'HASH' }],
        GlobalSecondaryIndexes: [
          {
            IndexName: 'by_session',
            KeySchema: [
              { AttributeName: 'session_id', KeyType: 'HASH' },
              { AttributeName: 'created_at', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
          {
            IndexName: 'attention',
            KeySchema: [
              { AttributeName: 'attention_reason', KeyType: 'HASH' },
              { AttributeName: 'updated_at', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
          {
            IndexName: 'by_venue',
            KeySchema: [
              { AttributeName: 'venue_id', KeyType: 'HASH' },
              { AttributeName: 'created_at', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
        AttributeDefinitions: Match.arrayWith([{ AttributeName: 'venue_id', AttributeType: 'S' }]),
      });
    });

    it('leaves deletion protection off in dev so the stage can be torn down', () => {
      const protectedTables = built.template.findResources('AWS::DynamoDB::GlobalTable', {
        Properties: { Replicas: [Match.objectLike({ DeletionProtectionEnabled: true })] },
      });

      expect(Object.keys(protectedTables)).toEqual([]);
    });
  });

  describe('execution queue', () => {
    it('is FIFO with explicit deduplication ids, SQS-managed SSE and a FIFO DLQ after at least 5 receives', () => {
      // Prepare
      const { template } = built;

      // Act
      const queue = template.toJSON().Resources[ids.queue];
      const dlq = template.toJSON().Resources[ids.dlq];

      // Assess
      expect(queue.Properties).toMatchObject({
        FifoQueue: true,
        ContentBasedDeduplication: false,
        SqsManagedSseEnabled: true,
        RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [ids.dlq, 'Arn'] } },
      });
      expect(Queue.parse(queue).Properties.RedrivePolicy.maxReceiveCount).toBeGreaterThanOrEqual(5);
      expect(dlq.Properties).toMatchObject({ FifoQueue: true, SqsManagedSseEnabled: true });
    });

    it('keeps messages invisible for at least 6x the consumer timeout', () => {
      // Prepare
      const { stack, template } = built;
      const consumerId = logicalIdOf(stack, stack.handlers.executePlan.functionArn);

      // Act
      const consumerTimeout = z.number().parse(template.toJSON().Resources[consumerId].Properties.Timeout);
      const visibility = Queue.parse(template.toJSON().Resources[ids.queue]).Properties.VisibilityTimeout;

      // Assess
      expect(visibility).toBeGreaterThanOrEqual(6 * consumerTimeout);
    });

    it('retains messages (they carry the user token) briefly, yet long enough to use up every receive', () => {
      // Prepare
      const { Properties: queue } = Queue.parse(built.template.toJSON().Resources[ids.queue]);

      // Act
      const timeToExhaustReceives = queue.VisibilityTimeout * queue.RedrivePolicy.maxReceiveCount;

      // Assess
      expect(queue.MessageRetentionPeriod).toBeGreaterThan(timeToExhaustReceives);
      expect(queue.MessageRetentionPeriod).toBeLessThanOrEqual(6 * 3600);
    });

    it('denies any non-TLS access to both queues', () => {
      for (const queueId of [ids.queue, ids.dlq]) {
        built.template.hasResourceProperties('AWS::SQS::QueuePolicy', {
          Queues: [{ Ref: queueId }],
          PolicyDocument: {
            Statement: Match.arrayWith([
              Match.objectLike({
                Effect: 'Deny',
                Action: 'sqs:*',
                Principal: { AWS: '*' },
                Condition: { Bool: { 'aws:SecureTransport': 'false' } },
              }),
            ]),
          },
        });
      }
    });

    it('alarms as soon as one message is visible in the DLQ', () => {
      built.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [ids.dlq, 'QueueName'] } }],
        ComparisonOperator: 'GreaterThanThreshold',
        Threshold: 0,
        EvaluationPeriods: 1,
      });
    });
  });
});
