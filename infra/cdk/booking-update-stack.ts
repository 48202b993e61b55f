import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { ExecutionQueue } from './constructs/execution-queue.ts';
import { importSecret } from './constructs/import-secret.ts';
import { OpsMonitoring } from './constructs/ops-monitoring.ts';
import { PlanTables } from './constructs/plan-tables.ts';
import { ServiceAlarms } from './constructs/service-alarms.ts';
import { ServiceApi } from './constructs/service-api.ts';
import { EXECUTOR_TIMEOUT, ServiceHandlers } from './constructs/service-handlers.ts';
import type { StageSettings } from './stage-settings.ts';

/** Options for {@link BookingUpdateStack}. */
export interface BookingUpdateStackProps extends StackProps {
  readonly settings: StageSettings;
}

/**
 * The whole service for one stage: tables, the execution queue, five Lambdas and the IQ-facing API.
 * Environment-agnostic (no account/region, no lookups), so `cdk synth` works offline and without credentials.
 */
export class BookingUpdateStack extends Stack {
  readonly settings: StageSettings;
  readonly tables: PlanTables;
  readonly executionQueue: ExecutionQueue;
  readonly handlers: ServiceHandlers;
  readonly serviceApi: ServiceApi;
  readonly monitoring: OpsMonitoring;
  readonly alarms: ServiceAlarms;

  constructor(scope: Construct, id: string, props: BookingUpdateStackProps) {
    super(scope, id, props);
    const { settings } = props;
    this.settings = settings;
    this.tables = new PlanTables(this, 'Tables', { protectData: settings.protectData });
    this.executionQueue = new ExecutionQueue(this, 'ExecutionQueue', {
      consumerTimeout: EXECUTOR_TIMEOUT,
      alarmTopicArn: settings.alarmTopicArn,
    });
    this.handlers = new ServiceHandlers(this, 'Handlers', {
      settings,
      tables: this.tables,
      queue: this.executionQueue,
      geminiSecret: importSecret(this, 'GeminiApiKey', settings.geminiSecretName),
      langfuseSecret: importSecret(this, 'LangfuseKeys', settings.langfuseSecretName),
    });
    this.monitoring = new OpsMonitoring(this, 'Ops', {
      executorLogs: this.handlers.executorLogs,
      watchdogLogs: this.handlers.watchdogLogs,
      deadLetterQueue: this.executionQueue.deadLetterQueue,
      deadLetterAlarm: this.executionQueue.deadLetterAlarm,
      alarmTopicArn: settings.alarmTopicArn,
    });
    const { handleRequest, confirmPlan, getPlan, answerPrompt } = this.handlers;
    this.serviceApi = new ServiceApi(this, 'Api', {
      settings,
      handleRequest,
      confirmPlan,
      getPlan,
      answerPrompt,
    });

    const { executePlan, watchdog } = this.handlers;
    this.alarms = new ServiceAlarms(this, 'Alarms', {
      functions: {
        HandleRequest: handleRequest,
        ConfirmPlan: confirmPlan,
        GetPlan: getPlan,
        AnswerPrompt: answerPrompt,
        ExecutePlan: executePlan,
        Watchdog: watchdog,
      },
      api: this.serviceApi.api,
      queue: this.executionQueue.queue,
      action:
        settings.alarmTopicArn === undefined
          ? undefined
          : new SnsAction(Topic.fromTopicArn(this, 'AlarmTopic', settings.alarmTopicArn)),
    });

    new CfnOutput(this, 'ApiBaseUrl', {
      description: 'Base URL of the IQ-facing API; routes start with v1/',
      value: this.serviceApi.api.url,
    });
    new CfnOutput(this, 'PlansTableName', { value: this.tables.plans.tableName });
    new CfnOutput(this, 'ExecutionQueueUrl', { value: this.executionQueue.queue.queueUrl });
    new CfnOutput(this, 'DeadLetterQueueUrl', { value: this.executionQueue.deadLetterQueue.queueUrl });
    new CfnOutput(this, 'TokenKeyArn', {
      description: 'KMS key sealing the user token in queue messages (TOKEN_KMS_KEY_ARN)',
      value: this.handlers.tokenKey.key.keyArn,
    });
  }
}
