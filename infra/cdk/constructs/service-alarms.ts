import { Duration, Stack } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import {
  Alarm,
  ComparisonOperator,
  type IAlarmAction,
  type Metric,
  Stats,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { Function as HandlerFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** Options for {@link ServiceAlarms}. */
export interface ServiceAlarmsProps {
  /** Every Lambda of the stack, by construct id (HandleRequest, ConfirmPlan, …). */
  readonly functions: Readonly<Record<string, HandlerFunction>>;
  readonly api: RestApi;
  readonly queue: IQueue;
  /** Where every alarm goes; undefined only in dev (prod synth requires it: stage-settings.ts). */
  readonly action: IAlarmAction | undefined;
}

/**
 * The oldest message may wait this long before the alarm: one executor timeout (300 s) plus margin. Older means
 * the executor is not consuming (throttled, failing, or its concurrency cap is too low for the load).
 */
export const QUEUE_AGE_THRESHOLD = Duration.minutes(10);
const FIVE_MINUTES = Duration.minutes(5);

/**
 * Issue 28 "Limits and alarms": Lambda errors and throttles per function, API 5xx, and the age of the oldest queue
 * message. DLQ depth is ExecutionQueue's alarm and the plan outcomes are OpsMonitoring's; both notify the same topic.
 */
export class ServiceAlarms extends Construct {
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: ServiceAlarmsProps) {
    super(scope, id);
    const stack = Stack.of(this).stackName;
    const atLeastOne = (alarmId: string, metric: Metric, description: string) => {
      const created = new Alarm(this, alarmId, {
        alarmDescription: `${stack}: ${description}`,
        metric,
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      this.alarms.push(created);
      return created;
    };

    for (const [name, fn] of Object.entries(props.functions)) {
      const sum = { period: FIVE_MINUTES, statistic: Stats.SUM };
      atLeastOne(
        `${name}Errors`,
        fn.metricErrors(sum),
        `${name} failed an invocation (an error or a timeout)`,
      );
      atLeastOne(
        `${name}Throttles`,
        fn.metricThrottles(sum),
        `${name} was throttled (concurrency limit; for ExecutePlan the booking API's rate budget)`,
      );
    }
    atLeastOne(
      'Api5xx',
      props.api.metricServerError({ period: FIVE_MINUTES, statistic: Stats.SUM }),
      'the API answered 5xx (a handler 503/500, or a gateway 502/504)',
    );
    const age = new Alarm(this, 'QueueAge', {
      alarmDescription: `${stack}: a plan message has waited over ${QUEUE_AGE_THRESHOLD.toMinutes()} minutes; the executor is not keeping up`,
      metric: props.queue.metricApproximateAgeOfOldestMessage({
        period: Duration.minutes(1),
        statistic: Stats.MAXIMUM,
      }),
      threshold: QUEUE_AGE_THRESHOLD.toSeconds(),
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.alarms.push(age);

    if (props.action) {
      for (const alarm of this.alarms) alarm.addAlarmAction(props.action);
    }
  }
}
