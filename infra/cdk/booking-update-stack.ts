import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { ExecutionQueue } from './constructs/execution-queue.ts';
import { importSecret } from './constructs/import-secret.ts';
import { OpsMonitoring } from './constructs/ops-monitoring.ts';
import { PlanTables } from './constructs/plan-tables.ts';
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

    new CfnOutput(this, 'ApiBaseUrl', {
      description: 'Base URL of the IQ-facing API; routes start with v1/',
      value: this.serviceApi.api.url,
    });
    new CfnOutput(this, 'PlansTableName', { value: this.tables.plans.tableName });
    new CfnOutput(this, 'ExecutionQueueUrl', { value: this.executionQueue.queue.queueUrl });
    new CfnOutput(this, 'DeadLetterQueueUrl', { value: this.executionQueue.deadLetterQueue.queueUrl });
  }
}
