import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { FAILURE_RATE_THRESHOLD_PERCENT } from '../../infra/cdk/constructs/ops-monitoring.ts';
import { synthApp } from './synth-app.ts';
import { logicalIdOf } from './template-queries.ts';

const MetricFilter = z.object({
  Properties: z.object({
    LogGroupName: z.object({ Ref: z.string() }),
    FilterPattern: z.string(),
    MetricTransformations: z.array(z.object({ MetricName: z.string(), MetricValue: z.string() })),
  }),
});

/** Issue 13 ops: alarms for what needs a person, from the logs the use cases write, and one dashboard. */
describe('ops monitoring (CDK)', () => {
  let built: ReturnType<typeof synthApp>;
  let filters: z.infer<typeof MetricFilter>['Properties'][];
  beforeAll(() => {
    built = synthApp();
    filters = Object.values(built.template.findResources('AWS::Logs::MetricFilter')).map(
      (r) => MetricFilter.parse(r).Properties,
    );
  });

  const filterOf = (metric: string) => {
    const found = filters.find((f) => f.MetricTransformations[0]?.MetricName === metric);
    if (!found) throw new Error(`no metric filter for ${metric}`);
    return found;
  };

  it('reads plan transitions from the executor log group and sweeps from the watchdog log group', () => {
    // Prepare
    const { stack } = built;
    const executorLogs = logicalIdOf(stack, built.stack.handlers.executorLogs.logGroupName);
    const watchdogLogs = logicalIdOf(stack, built.stack.handlers.watchdogLogs.logGroupName);

    // Assess: each filter on the log group whose lines it counts, with the fields lib/plans writes.
    expect(filterOf('PlansCompleted')).toMatchObject({
      LogGroupName: { Ref: executorLogs },
      FilterPattern: '{ $.to = "completed" }',
    });
    expect(filterOf('PlansFailed').FilterPattern).toBe('{ ($.to = "failed") || ($.to = "rolled_back") }');
    expect(filterOf('RollbackFailures')).toMatchObject({
      LogGroupName: { Ref: executorLogs },
      FilterPattern: '{ $.not_reversed > 0 }',
    });
    expect(filterOf('StuckPlansFailed')).toMatchObject({
      LogGroupName: { Ref: watchdogLogs },
      MetricTransformations: [expect.objectContaining({ MetricValue: '$.failed' })],
    });
  });

  it('alarms on DLQ depth, stuck plans, rollback failures and the failure rate', () => {
    // Assess
    const template = built.template;
    // These four, plus the service alarms of issue 28 (test/infra/limits-and-access.test.ts).
    template.resourceCountIs('AWS::CloudWatch::Alarm', 4 + built.stack.alarms.alarms.length);
    for (const metricName of ['StuckPlansFailed', 'RollbackFailures']) {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        MetricName: metricName,
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
        TreatMissingData: 'notBreaching',
      });
    }
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Threshold: FAILURE_RATE_THRESHOLD_PERCENT,
      Metrics: Match.arrayWith([
        Match.objectLike({ Expression: '100 * failed / MAX([failed + completed, 1])' }),
      ]),
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
    });
  });

  it('has one ops dashboard', () => {
    built.template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
  });
});
