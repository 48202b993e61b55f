import { Duration, Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Stats, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** Options for {@link ExecutionQueue}. */
export interface ExecutionQueueProps {
  /** Timeout of the consumer Lambda; the visibility timeout is derived from it. */
  readonly consumerTimeout: Duration;
  /** SNS topic for the DLQ-depth alarm; default: the alarm has no action (console only). */
  readonly alarmTopicArn?: string | undefined;
}

/** AWS guidance for Lambda consumers: visibility timeout at least 6x the function timeout. */
export const VISIBILITY_TIMEOUT_FACTOR = 6;
/** Receives before a message moves to the DLQ (docs/design-facts.md: maxReceiveCount >= 5). */
export const MAX_RECEIVE_COUNT = 5;
/**
 * The DLQ keeps a message one day: the alarm fires on the first one, and the plan record in DynamoDB (not the
 * message) is what an operator works from. The message still carries the user's token, so it must not linger.
 */
export const DLQ_RETENTION = Duration.days(1);

/**
 * Retention of the main queue. Messages carry the user's token (issue 4), so retention is as short as possible,
 * but not shorter than the time a poison message needs to use up its receives: a message that expires first is
 * deleted silently instead of reaching the DLQ and its alarm. One extra visibility period is the margin.
 */
export function mainQueueRetention(visibilityTimeout: Duration): Duration {
  return Duration.seconds(visibilityTimeout.toSeconds() * (MAX_RECEIVE_COUNT + 1));
}

/**
 * The FIFO queue of confirmed plans (start and resume messages) with its FIFO dead-letter queue and an alarm on
 * DLQ depth. SQS-managed SSE, TLS-only access, explicit deduplication ids (docs/design-facts.md: derived from plan id +
 * version, so contentBasedDeduplication is off).
 */
export class ExecutionQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly deadLetterAlarm: Alarm;

  constructor(scope: Construct, id: string, props: ExecutionQueueProps) {
    super(scope, id);
    const visibilityTimeout = Duration.seconds(props.consumerTimeout.toSeconds() * VISIBILITY_TIMEOUT_FACTOR);
    this.deadLetterQueue = new Queue(this, 'DeadLetterQueue', {
      fifo: true,
      contentBasedDeduplication: false,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: DLQ_RETENTION,
    });
    this.queue = new Queue(this, 'Queue', {
      fifo: true,
      contentBasedDeduplication: false,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout,
      retentionPeriod: mainQueueRetention(visibilityTimeout),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: MAX_RECEIVE_COUNT },
    });
    this.deadLetterAlarm = new Alarm(this, 'DeadLetterDepthAlarm', {
      alarmDescription: `${Stack.of(this).stackName}: a plan message exhausted its retries; find the plan by plan_id`,
      metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(1),
        statistic: Stats.MAXIMUM,
      }),
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    if (props.alarmTopicArn !== undefined) {
      const topic = Topic.fromTopicArn(this, 'AlarmTopic', props.alarmTopicArn);
      this.deadLetterAlarm.addAlarmAction(new SnsAction(topic));
    }
  }
}
