import { Duration, Stack } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IAlarm,
  MathExpression,
  type Metric,
  Stats,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { FilterPattern, type ILogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** Options for {@link OpsMonitoring}. */
export interface OpsMonitoringProps {
  /** The executor's log group: one JSON line per plan transition (lib/plans/ops-log.ts logTransition). */
  readonly executorLogs: ILogGroup;
  /** The watchdog's log group: one "watchdog sweep" line per run with the count of plans it failed. */
  readonly watchdogLogs: ILogGroup;
  readonly deadLetterQueue: IQueue;
  /** Shown on the dashboard beside the alarms built here. */
  readonly deadLetterAlarm: IAlarm;
  /** SNS topic for the alarms; default: no action (console only). */
  readonly alarmTopicArn?: string | undefined;
}

/** Metric namespace of the ops metrics; the stack name is a dimension-free prefix so stages don't mix. */
export const OPS_NAMESPACE = 'BookingUpdateService';
/** The failure-rate alarm fires above this share of finished plans in an hour (failed or rolled back). */
export const FAILURE_RATE_THRESHOLD_PERCENT = 20;
const HOUR = Duration.hours(1);

/**
 * Issue 13 ops: the metrics the plan records imply, taken from the structured logs the use cases already write
 * (no new code path can forget to emit them), alarms on what needs a person, and one dashboard.
 * - finished plans by end state (`to` of the executing → end transition), for the failure rate;
 * - rollback failures: finished plans with steps not reversed (`not_reversed` > 0);
 * - stuck plans the watchdog failed (`failed` of each sweep);
 * - DLQ depth (ExecutionQueue's alarm).
 */
export class OpsMonitoring extends Construct {
  readonly dashboard: Dashboard;
  readonly stuckPlansAlarm: Alarm;
  readonly failureRateAlarm: Alarm;
  readonly rollbackFailuresAlarm: Alarm;

  constructor(scope: Construct, id: string, props: OpsMonitoringProps) {
    super(scope, id);
    const stack = Stack.of(this).stackName;
    const namespace = `${OPS_NAMESPACE}/${stack}`;
    const count = (filterId: string, logGroup: ILogGroup, metricName: string, pattern: string, value = '1') =>
      new MetricFilter(this, filterId, {
        logGroup,
        metricNamespace: namespace,
        metricName,
        filterPattern: FilterPattern.literal(pattern),
        metricValue: value,
        defaultValue: 0,
      }).metric({ statistic: Stats.SUM, period: HOUR });

    const completed = count('CompletedPlans', props.executorLogs, 'PlansCompleted', '{ $.to = "completed" }');
    const failed = count(
      'FailedPlans',
      props.executorLogs,
      'PlansFailed',
      '{ ($.to = "failed") || ($.to = "rolled_back") }',
    );
    const rollbackFailures = count(
      'RollbackFailures',
      props.executorLogs,
      'RollbackFailures',
      '{ $.not_reversed > 0 }',
    );
    const stuck = count(
      'StuckPlans',
      props.watchdogLogs,
      'StuckPlansFailed',
      '{ ($.message = "watchdog sweep") && ($.failed > 0) }',
      '$.failed',
    );
    const failureRate = new MathExpression({
      expression: '100 * failed / MAX([failed + completed, 1])',
      usingMetrics: { failed, completed },
      label: 'Failed or rolled back, % of finished plans',
      period: HOUR,
    });

    this.stuckPlansAlarm = alarm(
      this,
      'StuckPlansAlarm',
      stuck,
      0,
      `${stack}: the watchdog failed a stuck plan; see docs/ops.md (attention index)`,
    );
    this.rollbackFailuresAlarm = alarm(
      this,
      'RollbackFailuresAlarm',
      rollbackFailures,
      0,
      `${stack}: a rollback left steps not reversed; the plan's rollback_report lists what to fix by hand`,
    );
    this.failureRateAlarm = alarm(
      this,
      'FailureRateAlarm',
      failureRate,
      FAILURE_RATE_THRESHOLD_PERCENT,
      `${stack}: more than ${FAILURE_RATE_THRESHOLD_PERCENT}% of finished plans failed in the last hour`,
    );
    if (props.alarmTopicArn !== undefined) {
      const action = new SnsAction(Topic.fromTopicArn(this, 'AlarmTopic', props.alarmTopicArn));
      for (const a of [this.stuckPlansAlarm, this.rollbackFailuresAlarm, this.failureRateAlarm])
        a.addAlarmAction(action);
    }

    const dlqDepth = props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
      period: Duration.minutes(5),
      statistic: Stats.MAXIMUM,
    });
    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `${stack}-ops`,
      widgets: [
        [
          new GraphWidget({ title: 'Finished plans per hour', left: [completed, failed] }),
          new GraphWidget({ title: 'Failure rate (%)', left: [failureRate] }),
        ],
        [
          new GraphWidget({ title: 'Rollback failures and stuck plans', left: [rollbackFailures, stuck] }),
          new GraphWidget({ title: 'Dead-letter queue depth', left: [dlqDepth] }),
        ],
      ],
    });
  }
}

function alarm(
  scope: Construct,
  id: string,
  metric: Metric | MathExpression,
  threshold: number,
  description: string,
): Alarm {
  return new Alarm(scope, id, {
    alarmDescription: description,
    metric,
    threshold,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    evaluationPeriods: 1,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}
