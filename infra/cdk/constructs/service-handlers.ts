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
import { FUNCTION_LIMITS, type FunctionName } from '../function-limits.ts';
import type { StageSettings } from '../stage-settings.ts';
import type { ExecutionQueue } from './execution-queue.ts';
import type { PlanTables } from './plan-tables.ts';
import { ServiceFunction } from './service-function.ts';
import { TokenKey } from './token-key.ts';

/** The executor's timeout (function-limits.ts); the queue's visibility timeout and retention derive from it. */
export const EXECUTOR_TIMEOUT = Duration.millis(FUNCTION_LIMITS['execute-plan'].timeoutMs);

/** Item actions on one table, without Scan, BatchWrite, DeleteItem or stream reads (issue 28 "Limits"). */
const ITEM_READ = ['dynamodb:GetItem'];
const ITEM_READ_WRITE = ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'];

/** Options for {@link ServiceHandlers}. */
export interface ServiceHandlersProps {
  readonly settings: StageSettings;
  readonly tables: PlanTables;
  readonly queue: ExecutionQueue;
  readonly geminiSecret: ISecret;
  readonly langfuseSecret: ISecret;
}

interface HandlerSpec {
  /** Its row of function-limits.ts: timeout and memory, shared with the local stack. */
  readonly name: FunctionName;
  readonly description: string;
  /** Secrets this handler reads; each gets its ARN in the environment and grantRead, never one without the other. */
  readonly gemini?: boolean;
  readonly langfuse?: boolean;
  /** Variables only this handler needs. */
  readonly environment?: ServiceEnvironment;
  readonly reservedConcurrency?: number;
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
  /** Seals the user's token in queue messages: confirm and answer encrypt, the executor and watchdog decrypt. */
  readonly tokenKey: TokenKey;
  /** Log groups the ops metric filters read: the executor's plan transitions and the watchdog's sweeps. */
  readonly executorLogs: ILogGroup;
  readonly watchdogLogs: ILogGroup;

  constructor(scope: Construct, id: string, props: ServiceHandlersProps) {
    super(scope, id);
    const { settings, tables, queue } = props;
    this.tokenKey = new TokenKey(this, 'TokenKey', { protectData: settings.protectData });
    const { tokenKey } = this;
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
        entryFile: `${spec.name}.ts`,
        description: spec.description,
        memorySize: FUNCTION_LIMITS[spec.name].memorySize,
        timeout: Duration.millis(FUNCTION_LIMITS[spec.name].timeoutMs),
        ...(spec.reservedConcurrency !== undefined ? { reservedConcurrency: spec.reservedConcurrency } : {}),
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

    // The API handlers get the item actions their stores send (lib/adapters/dynamodb: Get, Put, Update with
    // conditions), nothing that lists, bulk-writes or deletes: a compromised API handler cannot dump or wipe a table.
    this.handleRequest = build('HandleRequest', {
      name: 'handle-request',
      description: 'POST /v1/requests: plan a booking update or ask a clarifying question',
      gemini: true,
      langfuse: true,
    });
    tables.plans.grant(this.handleRequest, ...ITEM_READ_WRITE);
    tables.sessions.grant(this.handleRequest, ...ITEM_READ_WRITE);

    this.confirmPlan = build('ConfirmPlan', {
      name: 'confirm-plan',
      description: 'POST /v1/plans/{plan_id}/confirm: enqueue, then mark the plan confirmed',
      langfuse: true,
      environment: { TOKEN_KMS_KEY_ARN: tokenKey.key.keyArn },
    });
    tables.plans.grant(this.confirmPlan, ...ITEM_READ_WRITE);
    queue.queue.grantSendMessages(this.confirmPlan);

    this.getPlan = build('GetPlan', {
      name: 'get-plan',
      description: 'GET /v1/plans/{plan_id}: plan status for polling',
    });
    tables.plans.grant(this.getPlan, ...ITEM_READ);

    this.answerPrompt = build('AnswerPrompt', {
      name: 'answer-prompt',
      description: 'POST /v1/plans/{plan_id}/answer: record the answer to a blocking prompt and resume',
      langfuse: true,
      environment: { TOKEN_KMS_KEY_ARN: tokenKey.key.keyArn },
    });
    tables.plans.grant(this.answerPrompt, ...ITEM_READ_WRITE);
    tables.sessions.grant(this.answerPrompt, ...ITEM_READ_WRITE);
    queue.queue.grantSendMessages(this.answerPrompt);

    // The booking API's rate budget on the executor side (docs/deploy.md "Limits"): reserved concurrency keeps
    // other functions from starving it, maximumConcurrency keeps the queue from scaling it past the same number.
    this.executePlan = build('ExecutePlan', {
      name: 'execute-plan',
      description: 'SQS FIFO consumer: execute a confirmed plan with rollback',
      gemini: true,
      langfuse: true,
      environment: { TOKEN_KMS_KEY_ARN: tokenKey.key.keyArn },
      reservedConcurrency: settings.executorConcurrency,
    });
    // The executor and the watchdog keep the broad grant: the watchdog scans the plans table (stuck plans), and
    // both run the rollback's writes on the execution log.
    tables.plans.grantReadWriteData(this.executePlan);
    tables.sessions.grantReadWriteData(this.executePlan);
    tables.executions.grantReadWriteData(this.executePlan);
    // The event source grants consume (receive, delete, change visibility) on the queue only, not the DLQ.
    // One message per invocation: each plan gets the whole timeout, and FIFO groups (one per plan) still run
    // in parallel across invocations. maxBatchingWindow is not allowed on FIFO sources.
    this.executePlan.addEventSource(
      new SqsEventSource(queue.queue, {
        batchSize: 1,
        reportBatchItemFailures: true,
        maxConcurrency: settings.executorConcurrency,
      }),
    );

    // ADR 0009: every 5 minutes, drain the DLQ (redrive once, else fail with a report) and end stuck plans.
    this.watchdog = build('Watchdog', {
      name: 'watchdog',
      description: 'Every 5 minutes: redrive or fail dead-lettered plans, fail stuck plans with a report',
      environment: { PLAN_DLQ_URL: queue.deadLetterQueue.queueUrl, TOKEN_KMS_KEY_ARN: tokenKey.key.keyArn },
    });
    tables.plans.grantReadWriteData(this.watchdog);
    // A message that died twice is rolled back with its token (ADR 0009): the executor's rollback needs the
    // session slot and the execution log.
    tables.sessions.grantReadWriteData(this.watchdog);
    tables.executions.grantReadWriteData(this.watchdog);
    queue.queue.grantSendMessages(this.watchdog);
    // The only reader of the DLQ (ADR 0009: redrive once, else fail the plan with a report). The token in a
    // dead-lettered message is sealed; the watchdog may open it only for that rollback (token-key.ts).
    queue.deadLetterQueue.grantConsumeMessages(this.watchdog);
    tokenKey.allowSeal(this.confirmPlan, this.answerPrompt);
    tokenKey.allowOpen(this.executePlan, this.watchdog);
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
