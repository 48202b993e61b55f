import type { Logger } from '@aws-lambda-powertools/logger';
import { startRelay } from '../../devkit/models/relay/start-relay.ts';
import { type RunningSandbox, startSandbox } from '../../devkit/sandbox/start-sandbox.ts';
import { createHandler as answerPrompt } from '../../functions/answer-prompt.ts';
import { createHandler as confirmPlan } from '../../functions/confirm-plan.ts';
import { createHandler as executePlan } from '../../functions/execute-plan.ts';
import { createHandler as getPlan } from '../../functions/get-plan.ts';
import { createHandler as handleRequest } from '../../functions/handle-request.ts';
import { createHandler as watchdog } from '../../functions/watchdog.ts';
import { createDocumentClient } from '../../lib/adapters/dynamodb/document-client.ts';
import { createSqsClient } from '../../lib/adapters/sqs/sqs-client.ts';
import type { CompositionOverrides } from '../../lib/composition/composition-overrides.ts';
import { buildExecutorService } from '../../lib/composition/executor-service.ts';
import { lazy } from '../../lib/composition/lazy.ts';
import { buildPlanService } from '../../lib/composition/plan-service.ts';
import { buildPlanStatusService } from '../../lib/composition/plan-status-service.ts';
import { buildRequestService } from '../../lib/composition/request-service.ts';
import { buildWatchdogService } from '../../lib/composition/watchdog-service.ts';
import { type Config, loadConfig } from '../../lib/config/config.ts';
import { createLogger } from '../../lib/observability/logger.ts';
import { type Clock, systemClock } from '../../lib/ports/clock.ts';
import type { Tracer } from '../../lib/ports/tracer.ts';
import type { FunctionName } from '../cdk/function-limits.ts';
import { localLimits } from './lambda-context.ts';
import { type LocalGateway, startLocalGateway } from './local-gateway.ts';
import { createPlanQueues, createTables, type PlanQueues } from './provision.ts';
import { type SqsBatchHandler, type SqsPoller, startSqsPoller } from './sqs-poller.ts';
import { startDynalite } from './start-dynalite.ts';
import { startLocalSqs } from './start-local-sqs.ts';

/** Options of startLocalStack; every default suits `npm start`. */
export interface LocalStackOptions extends CompositionOverrides {
  /** Gateway port on 127.0.0.1; default 0 (random). */
  port?: number;
  /** Pins "now" for the service and the sandbox alike. Default: the system clock. */
  clock?: Clock;
  /** Extra configuration (e.g. GOOGLE_API_KEY, LLM_PROVIDER); parsed by loadConfig with the stack's own values. */
  env?: Record<string, string | undefined>;
  /** Default 'SILENT' (tests); start.ts passes INFO. */
  logLevel?: Config['LOG_LEVEL'];
  /** Visibility timeout of the local plan queue, seconds; short so failed records come back fast. Default 2. */
  visibilityTimeoutSeconds?: number;
  /** Sandbox fixture (see docs/sandbox.md); default the demo venue. */
  sandboxFixture?: unknown;
  /** The booking API the service calls; default the sandbox it starts (e.g. a spec-driven mock of another API). */
  bookingApiUrl?: string;
  /** Run the SQS poller (default true); tests of the queue itself may turn it off. */
  poll?: boolean;
  /** Called after each batch the poller delivers. */
  onBatch?: (report: { received: number; failed: number }) => void;
  /** Called when the consumer handler starts on a batch (with onBatch, tests know when none is in flight). */
  onBatchStart?: () => void;
  /**
   * Shorter Lambda timeouts for a test, checked by the rules of infra/cdk/function-limits.ts (below the gateway's
   * 29 s for the API handlers). Default: the timeouts the CDK stack deploys.
   */
  functionTimeouts?: Partial<Record<FunctionName, number>>;
  /** How often the watchdog sweeps (ADR 0009; the stack's clock decides what is stuck). Default 30 s; 0: off. */
  watchdogIntervalMs?: number;
  /**
   * Folders that keep the DynamoDB tables (LevelDB) and the queues with their messages (SQLite) across restarts,
   * even a `kill -9` (`npm start`, local-data.ts). Default: both in memory, gone when the process ends.
   */
  dataPaths?: { dynamodb: string; sqs: string };
}

/** A running local stack. */
export interface LocalStack {
  /** Gateway base URL, e.g. http://127.0.0.1:3000 (the API is under /v1). */
  url: string;
  config: Config;
  queues: PlanQueues;
  sandbox: RunningSandbox;
  /** The emulators' endpoints (also in config as DYNAMODB_ENDPOINT and SQS_ENDPOINT). */
  emulators: { dynamodb: string; sqs: string };
  stop(): Promise<void>;
}

const REGION = 'us-east-1';

/**
 * Boots everything `npm start` runs, in-process and on loopback: dynalite and fauxqs, the tables and the FIFO
 * queue + FIFO DLQ, the sandbox booking API, the HTTP gateway over the handler modules of functions/, and the
 * SQS poller over the consumer handler. No Docker, no AWS account, no API key. With `dataPaths`, tables and queues
 * from an earlier run are reopened as they were, so an execution cut short by a crash resumes from its queued
 * message once its visibility timeout passes.
 */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const clock = options.clock ?? systemClock;
  const stops: Array<() => Promise<void>> = [];
  try {
    const dynamo = await startDynalite(options.dataPaths ? { path: options.dataPaths.dynamodb } : {});
    stops.push(dynamo.stop);
    const sqs = await startLocalSqs({
      region: REGION,
      ...(options.dataPaths ? { dataDir: options.dataPaths.sqs } : {}),
    });
    stops.push(sqs.stop);
    const sandbox = await startSandbox({
      clock,
      ...(options.sandboxFixture ? { fixture: options.sandboxFixture } : {}),
    });
    stops.push(sandbox.close);
    // LLM_PROVIDER=relay: a person answers the model's requests from files (docs/models.md "Relay").
    const wanted = loadConfig({ ...options.env });
    const relay =
      wanted.LLM_PROVIDER === 'relay' && !wanted.GEMINI_BASE_URL ? await startRelay(wanted) : undefined;
    if (relay) stops.push(relay.close);
    const env = { ...options.env, ...(relay ? { GEMINI_BASE_URL: relay.url } : {}) };
    const base = loadConfig({
      ...env,
      AWS_REGION: REGION,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      SQS_ENDPOINT: sqs.endpoint,
    });
    const queues = await provision(base, options.visibilityTimeoutSeconds ?? 2);
    const config = loadConfig({
      ...env,
      AWS_REGION: REGION,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      SQS_ENDPOINT: sqs.endpoint,
      PLAN_QUEUE_URL: queues.queueUrl,
      PLAN_DLQ_URL: queues.dlqUrl,
      BOOKING_API_URL: options.bookingApiUrl ?? sandbox.url,
      LOG_LEVEL: options.logLevel ?? 'SILENT',
    });
    const overrides: CompositionOverrides = { ...options, clock };
    // One composition per function, as in AWS: each "Lambda" has its own cold start, logger and tracer.
    const lambdas = coldStarts(stops, config);
    const planner = lambdas.track((logger) => buildRequestService(config, logger, overrides));
    const planService = () => lambdas.track((logger) => buildPlanService(config, logger, overrides));
    const [confirm, answer] = [planService(), planService()];
    // The status read's own composition, as functions/get-plan.ts builds it (issue 27: cached token reads).
    const status = lambdas.track((logger) => buildPlanStatusService(config, logger, overrides));
    // Issue 28: each function gets the timeout CDK gives it, and the gateway gives up after 29 s, as in AWS.
    const limits = localLimits(config, options.functionTimeouts);
    const gateway: LocalGateway = await startLocalGateway({
      clock,
      gatewayTimeoutMs: limits.gatewayTimeoutMs,
      ...(options.port !== undefined ? { port: options.port } : {}),
      routes: [
        {
          method: 'POST',
          resource: '/v1/requests',
          functionName: 'handle-request',
          timeoutMs: limits.functions['handle-request'],
          handler: handleRequest(planner.deps, planner.logger),
        },
        {
          method: 'POST',
          resource: '/v1/plans/{plan_id}/confirm',
          functionName: 'confirm-plan',
          timeoutMs: limits.functions['confirm-plan'],
          handler: confirmPlan(confirm.deps, confirm.logger),
        },
        {
          method: 'POST',
          resource: '/v1/plans/{plan_id}/answer',
          functionName: 'answer-prompt',
          timeoutMs: limits.functions['answer-prompt'],
          handler: answerPrompt(answer.deps, answer.logger),
        },
        {
          method: 'GET',
          resource: '/v1/plans/{plan_id}',
          functionName: 'get-plan',
          timeoutMs: limits.functions['get-plan'],
          handler: getPlan(status.deps, status.logger),
        },
      ],
    });
    stops.push(gateway.stop);
    if (options.poll !== false) {
      const executor = lambdas.track((logger) => buildExecutorService(config, logger, overrides));
      const poller: SqsPoller = startSqsPoller({
        client: createSqsClient(config),
        queueUrl: queues.queueUrl,
        queueArn: queues.queueArn,
        region: REGION,
        timeoutMs: limits.functions['execute-plan'],
        handler: withBatchStart(executePlan(executor.deps, executor.logger), options.onBatchStart),
        ...(options.onBatch ? { onBatch: options.onBatch } : {}),
      });
      stops.push(poller.stop);
    }
    const interval = options.watchdogIntervalMs ?? 30_000;
    if (interval > 0) stops.push(startWatchdogTimer(config, clock, interval));
    return {
      url: gateway.url,
      config,
      queues,
      sandbox,
      emulators: { dynamodb: dynamo.endpoint, sqs: sqs.endpoint },
      stop: () => stopAll(stops),
    };
  } catch (error) {
    await stopAll(stops);
    throw error;
  }
}

async function provision(config: Config, visibilityTimeoutSeconds: number): Promise<PlanQueues> {
  const dynamo = createDocumentClient(config);
  const sqs = createSqsClient(config);
  try {
    await createTables(dynamo, {
      plans: config.PLANS_TABLE,
      sessions: config.SESSIONS_TABLE,
      executions: config.EXECUTIONS_TABLE,
    });
    return await createPlanQueues(sqs, { name: 'booking-update-plans', visibilityTimeoutSeconds });
  } finally {
    dynamo.destroy();
    sqs.destroy();
  }
}

/** The local stand-in for the EventBridge schedule: one sweep per tick, never two at once. Returns its stop. */
function startWatchdogTimer(config: Config, clock: Clock, intervalMs: number): () => Promise<void> {
  const logger = createLogger(config);
  const sweep = watchdog(
    lazy(async () => buildWatchdogService(config, logger, clock)),
    logger,
  );
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= sweep()
      .catch((error: unknown) => logger.error('watchdog sweep failed', { error }))
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async function stopWatchdog() {
    clearInterval(timer);
    await running;
  };
}

/** The consumer handler, announcing each batch it starts on (tests wait until no batch is in flight). */
function withBatchStart(handler: SqsBatchHandler, onStart: (() => void) | undefined): SqsBatchHandler {
  if (!onStart) return handler;
  return function consumeWithStartSignal(event, context) {
    onStart();
    return handler(event, context);
  };
}

/**
 * One "Lambda" each: its module-scope logger and its lazy composition (once per cold start, composition/lazy.ts),
 * whose tracer is shut down when the stack stops, so a test process that starts several stacks leaks no span
 * processor or tracer routing between them.
 */
function coldStarts(stops: Array<() => Promise<void>>, config: Config) {
  const tracers: Array<Tracer & { shutdown?: () => Promise<void> }> = [];
  stops.push(async function shutDownTracers() {
    for (const tracer of tracers.splice(0)) await tracer.shutdown?.();
  });
  return {
    track<T extends { tracer?: Tracer }>(build: (logger: Logger) => Promise<T>) {
      const logger = createLogger(config);
      const deps = lazy(async () => {
        const built = await build(logger);
        if (built.tracer) tracers.push(built.tracer);
        return built;
      });
      return { deps, logger };
    },
  };
}

/** Stops in reverse start order; keeps going when one part fails so nothing is left listening. */
async function stopAll(stops: Array<() => Promise<void>>): Promise<void> {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
}
