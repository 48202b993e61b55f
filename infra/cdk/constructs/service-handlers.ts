import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { Function as HandlerFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import {
  type BaseEnvironmentInput,
  type ServiceEnvironment,
  serviceEnvironment,
} from '../function-environment.ts';
import type { StageSettings } from '../stage-settings.ts';
import type { ExecutionQueue } from './execution-queue.ts';
import type { PlanTables } from './plan-tables.ts';
import { ServiceFunction } from './service-function.ts';

/** The executor runs a whole plan per message: LLM turns plus booking calls of 30-120 s each (000 Constraints). */
export const EXECUTOR_TIMEOUT = Duration.seconds(300);
/** Below API Gateway's 29 s integration timeout, so no planner keeps running after IQ got its 504. */
export const PLANNER_TIMEOUT = Duration.seconds(28);
/** The watchdog scans the plans table and drains the DLQ; well below its 5-minute schedule. */
export const WATCHDOG_TIMEOUT = Duration.seconds(120);
/** Confirm, status and answer do a few DynamoDB/SQS calls and no model call. */
export const API_HANDLER_TIMEOUT = Duration.seconds(10);

/** Options for {@link ServiceHandlers}. */
export interface ServiceHandlersProps {
  readonly settings: StageSettings;
  readonly tables: PlanTables;
  readonly queue: ExecutionQueue;
  readonly geminiSecret: ISecret;
  readonly langfuseSecret: ISecret;
}

interface HandlerSpec {
  readonly entryFile: string;
  readonly description: string;
  readonly memorySize: number;
  readonly timeout: Duration;
  /** Secrets this handler reads; each gets its ARN in the environment and grantRead, never one without the other. */
  readonly gemini?: boolean;
  readonly langfuse?: boolean;
  /** Variables only this handler needs. */
  readonly environment?: ServiceEnvironment;
}

/**
 * The four API handlers and the SQS consumer, each with only the grants its operation needs (issue 4:
 * least privilege). Entry files live in functions/ and export `handler`.
 */
export class ServiceHandlers extends Construct {
  readonly handleRequest: HandlerFunction;
  readonly confirmPlan: HandlerFunction;
  readonly getPlan: HandlerFunction;
  readonly answerPrompt: HandlerFunction;
  readonly executePlan: HandlerFunction;
  readonly watchdog: HandlerFunction;
  /** Log groups the ops metric filters read: the executor's plan transitions and the watchdog's sweeps. */
  readonly executorLogs: ILogGroup;
  readonly watchdogLogs: ILogGroup;

  constructor(scope: Construct, id: string, props: ServiceHandlersProps) {
    super(scope, id);
    const { settings, tables, queue } = props;
    const base: BaseEnvironmentInput = {
      stage: settings.stage,
      plansTable: tables.plans.tableName,
      sessionsTable: tables.sessions.tableName,
      executionsTable: tables.executions.tableName,
      planQueueUrl: queue.queue.queueUrl,
      bookingApiUrl: settings.bookingApiUrl,
    };
    const logs = new Map<string, ILogGroup>();
    const build = (handlerId: string, spec: HandlerSpec): HandlerFunction => {
      const environment = serviceEnvironment(base, {
        geminiSecretArn: spec.gemini ? props.geminiSecret.secretArn : undefined,
        langfuseSecretArn: spec.langfuse ? props.langfuseSecret.secretArn : undefined,
        langfuseBaseUrl: settings.langfuseBaseUrl,
      });
      const { fn, logGroup } = new ServiceFunction(this, handlerId, {
        ...spec,
        environment: { ...environment, ...spec.environment },
        logRetentionDays: settings.logRetentionDays,
        protectData: settings.protectData,
        xray: settings.xray,
      });
      logs.set(handlerId, logGroup);
      if (spec.gemini) props.geminiSecret.grantRead(fn);
      if (spec.langfuse) props.langfuseSecret.grantRead(fn);
      return fn;
    };

    this.handleRequest = build('HandleRequest', {
      entryFile: 'handle-request.ts',
      description: 'POST /v1/requests: plan a booking update or ask a clarifying question',
      memorySize: 1024,
      timeout: PLANNER_TIMEOUT,
      gemini: true,
      langfuse: true,
    });
    tables.plans.grantReadWriteData(this.handleRequest);
    tables.sessions.grantReadWriteData(this.handleRequest);

    this.confirmPlan = build('ConfirmPlan', {
      entryFile: 'confirm-plan.ts',
      description: 'POST /v1/plans/{plan_id}/confirm: enqueue, then mark the plan confirmed',
      memorySize: 512,
      timeout: API_HANDLER_TIMEOUT,
      langfuse: true,
    });
    tables.plans.grantReadWriteData(this.confirmPlan);
    queue.queue.grantSendMessages(this.confirmPlan);

    this.getPlan = build('GetPlan', {
      entryFile: 'get-plan.ts',
      description: 'GET /v1/plans/{plan_id}: plan status for polling',
      memorySize: 512,
      timeout: API_HANDLER_TIMEOUT,
    });
    tables.plans.grantReadData(this.getPlan);

    this.answerPrompt = build('AnswerPrompt', {
      entryFile: 'answer-prompt.ts',
      description: 'POST /v1/plans/{plan_id}/answer: record the answer to a blocking prompt and resume',
      memorySize: 512,
      timeout: API_HANDLER_TIMEOUT,
      langfuse: true,
    });
    tables.plans.grantReadWriteData(this.answerPrompt);
    tables.sessions.grantReadWriteData(this.answerPrompt);
    queue.queue.grantSendMessages(this.answerPrompt);

    this.executePlan = build('ExecutePlan', {
      entryFile: 'execute-plan.ts',
      description: 'SQS FIFO consumer: execute a confirmed plan with rollback',
      memorySize: 1024,
      timeout: EXECUTOR_TIMEOUT,
      gemini: true,
      langfuse: true,
    });
    tables.plans.grantReadWriteData(this.executePlan);
    tables.sessions.grantReadWriteData(this.executePlan);
    tables.executions.grantReadWriteData(this.executePlan);
    // The event source grants consume (receive, delete, change visibility) on the queue only, not the DLQ.
    // One message per invocation: each plan gets the whole timeout, and FIFO groups (one per plan) still run
    // in parallel across invocations. maxBatchingWindow is not allowed on FIFO sources.
    this.executePlan.addEventSource(
      new SqsEventSource(queue.queue, { batchSize: 1, reportBatchItemFailures: true }),
    );

    // ADR 0009: every 5 minutes, drain the DLQ (redrive once, else fail with a report) and end stuck plans.
    this.watchdog = build('Watchdog', {
      entryFile: 'watchdog.ts',
      description: 'Every 5 minutes: redrive or fail dead-lettered plans, fail stuck plans with a report',
      memorySize: 512,
      timeout: WATCHDOG_TIMEOUT,
      environment: { PLAN_DLQ_URL: queue.deadLetterQueue.queueUrl },
    });
    tables.plans.grantReadWriteData(this.watchdog);
    // A message that died twice is rolled back with its token (ADR 0009): the executor's rollback needs the
    // session slot and the execution log.
    tables.sessions.grantReadWriteData(this.watchdog);
    tables.executions.grantReadWriteData(this.watchdog);
    queue.queue.grantSendMessages(this.watchdog);
    queue.deadLetterQueue.grantConsumeMessages(this.watchdog);
    new Rule(this, 'WatchdogSchedule', {
      description: 'Runs the plan watchdog (ADR 0009)',
      schedule: Schedule.rate(Duration.minutes(5)),
      targets: [new LambdaFunction(this.watchdog, { retryAttempts: 0 })],
    });
    const logGroupOf = (handlerId: string): ILogGroup => {
      const group = logs.get(handlerId);
      if (!group) throw new Error(`no log group was built for ${handlerId}`);
      return group;
    };
    this.executorLogs = logGroupOf('ExecutePlan');
    this.watchdogLogs = logGroupOf('Watchdog');
  }
}
