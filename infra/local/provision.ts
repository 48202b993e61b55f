import { CreateTableCommand, type DynamoDBClient, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, GetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { TTL_ATTRIBUTE, tableDefinitions } from '../../lib/adapters/dynamodb/table-definitions.ts';
import { hasErrorName } from '../../lib/errors/has-error-name.ts';

/** Table names, as in Config (PLANS_TABLE, SESSIONS_TABLE, EXECUTIONS_TABLE). */
export interface TableNames {
  plans: string;
  sessions: string;
  executions: string;
}

/**
 * Creates the three tables, each with TTL on expires_at (dynalite ignores TTL, so that call is best effort). A table
 * that already exists is kept as it is: `npm start` on a data folder from an earlier run finds its tables there.
 */
export async function createTables(client: DynamoDBClient, names: TableNames): Promise<void> {
  for (const definition of tableDefinitions(names)) {
    try {
      await client.send(new CreateTableCommand(definition));
    } catch (error) {
      if (hasErrorName(error, 'ResourceInUseException')) continue;
      throw error;
    }
    await client
      .send(
        new UpdateTimeToLiveCommand({
          TableName: definition.TableName,
          TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
        }),
      )
      .catch(() => undefined); // dynalite has no UpdateTimeToLive; TTL is an AWS-side concern
  }
}

/** The plan queue and its dead-letter queue. */
export interface PlanQueues {
  queueUrl: string;
  queueArn: string;
  dlqUrl: string;
}

/**
 * Creates the FIFO plan queue and its FIFO DLQ, like the CDK app (maxReceiveCount 5), with a short
 * visibility timeout so a failed record comes back quickly on a laptop. CreateQueue with the same attributes
 * returns the existing queue, messages and all, so a restart on a kept data folder finds its queue again.
 */
export async function createPlanQueues(
  client: SQSClient,
  options: { name: string; visibilityTimeoutSeconds: number; maxReceiveCount?: number },
): Promise<PlanQueues> {
  const base = options.name.replace(/\.fifo$/, '');
  const dlq = await client.send(
    new CreateQueueCommand({ QueueName: `${base}-dlq.fifo`, Attributes: { FifoQueue: 'true' } }),
  );
  const dlqArn = await client.send(
    new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }),
  );
  const queue = await client.send(
    new CreateQueueCommand({
      QueueName: `${base}.fifo`,
      Attributes: {
        FifoQueue: 'true',
        VisibilityTimeout: String(options.visibilityTimeoutSeconds),
        RedrivePolicy: JSON.stringify({
          deadLetterTargetArn: dlqArn.Attributes?.QueueArn,
          maxReceiveCount: options.maxReceiveCount ?? 5,
        }),
      },
    }),
  );
  const queueArn = await client.send(
    new GetQueueAttributesCommand({ QueueUrl: queue.QueueUrl, AttributeNames: ['QueueArn'] }),
  );
  if (!queue.QueueUrl || !dlq.QueueUrl || !queueArn.Attributes?.QueueArn) {
    throw new Error('the SQS emulator returned no queue URL or ARN');
  }
  return { queueUrl: queue.QueueUrl, queueArn: queueArn.Attributes.QueueArn, dlqUrl: dlq.QueueUrl };
}
