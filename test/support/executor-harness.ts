import { randomUUID } from 'node:crypto';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { InMemoryExecutionLog } from '../../devkit/adapters/memory/in-memory-execution-log.ts';
import { InMemoryPlanQueue } from '../../devkit/adapters/memory/in-memory-plan-queue.ts';
import { InMemoryPlanStore } from '../../devkit/adapters/memory/in-memory-plan-store.ts';
import { InMemorySessionStore } from '../../devkit/adapters/memory/in-memory-session-store.ts';
import type { SandboxAdmin } from '../../devkit/sandbox/sandbox-admin.ts';
import { startSandbox } from '../../devkit/sandbox/start-sandbox.ts';
import { createTables } from '../../infra/local/provision.ts';
import { startDynalite } from '../../infra/local/start-dynalite.ts';
import { HttpBookingApi } from '../../lib/adapters/booking-api/http-booking-api.ts';
import { createDocumentClient } from '../../lib/adapters/dynamodb/document-client.ts';
import { DynamoPlanStore } from '../../lib/adapters/dynamodb/dynamo-plan-store.ts';
import { DynamoSessionStore } from '../../lib/adapters/dynamodb/dynamo-session-store.ts';
import { DynamoExecutionLog } from '../../lib/adapters/execution-log/dynamo-execution-log.ts';
import { loadConfig } from '../../lib/config/config.ts';
import { createExecutor } from '../../lib/executor/create-executor.ts';
import type { ExecutorDeps } from '../../lib/executor/executor-deps.ts';
import { answerBlockingPrompt } from '../../lib/plans/answer-blocking-prompt.ts';
import { silentLog } from '../../lib/plans/ops-log.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import type { ActionCall, BookingApi } from '../../lib/ports/booking-api.ts';
import { type Clock, fixedClock } from '../../lib/ports/clock.ts';
import { type Deadline, NO_DEADLINE } from '../../lib/ports/deadline.ts';
import { withDeadline } from '../../lib/ports/deadline-scope.ts';
import type { ExecutionLog } from '../../lib/ports/execution-log.ts';
import type { PlanMessage } from '../../lib/ports/plan-queue.ts';
import type { PlanStore } from '../../lib/ports/plan-store.ts';
import type { SessionStore } from '../../lib/ports/session-store.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import { EXECUTOR_NOW, executorFixture, TOKEN } from './executor-fixture.ts';
import { startInProcessSandbox } from './in-process-sandbox.ts';
import { RecordingLogger } from './recording-logger.ts';
import { RecordingTracer } from './recording-tracer.ts';
import { testTokenSealer } from './token-sealer.ts';

/** The parts the sandbox journal and admin calls need, over HTTP or in process. */
export interface SandboxHandle {
  url: string;
  admin: SandboxAdmin;
}

/** The stores of one world: empty for each test. */
export interface WorldStores {
  plans: PlanStore;
  sessions: SessionStore;
  log: ExecutionLog;
}

/**
 * What one test file shares: the booking API's sandbox and a way to make fresh stores. Two backends behind one
 * harness: `startExecutorStack()` runs dynalite and the sandbox over HTTP (*.int.test.ts); `memoryExecutorStack()`
 * runs the in-memory adapters (the same store contracts) and the sandbox's pipeline in process (*.test.ts).
 */
export interface ExecutorStack {
  sandbox: SandboxHandle;
  stores(clock: Clock): Promise<WorldStores>;
  bookingApi(timeoutMs: number): BookingApi;
  stop(): Promise<void>;
}

/** dynalite + the sandbox over HTTP. */
export async function startExecutorStack(): Promise<ExecutorStack> {
  const dynamo = await startDynalite();
  const sandbox = await startSandbox({ fixture: executorFixture, clock: fixedClock(EXECUTOR_NOW) });
  const client = createDocumentClient(
    loadConfig({ DYNAMODB_ENDPOINT: dynamo.endpoint, AWS_REGION: 'us-east-1' }),
  );
  return {
    sandbox,
    async stores(clock) {
      const id = randomUUID().slice(0, 8);
      const names = { plans: `plans-${id}`, sessions: `sessions-${id}`, executions: `executions-${id}` };
      await createTables(client, names);
      return {
        plans: new DynamoPlanStore({ client, tableName: names.plans, clock }),
        sessions: new DynamoSessionStore({ client, tableName: names.sessions, slotTtlSeconds: 3600 }),
        log: new DynamoExecutionLog({ client, tableName: names.executions }),
      };
    },
    bookingApi: (timeoutMs) => new HttpBookingApi({ baseUrl: sandbox.url, timeoutMs }),
    async stop() {
      client.destroy();
      await sandbox.close();
      await dynamo.stop();
    },
  };
}

/** The in-memory stores + the sandbox's request pipeline in process (no socket, no table). */
export async function memoryExecutorStack(): Promise<ExecutorStack> {
  const sandbox = await startInProcessSandbox(executorFixture, fixedClock(EXECUTOR_NOW));
  return {
    sandbox,
    async stores(clock) {
      return {
        plans: new InMemoryPlanStore({ clock }),
        sessions: new InMemorySessionStore(),
        log: new InMemoryExecutionLog(),
      };
    },
    bookingApi: (timeoutMs) => new HttpBookingApi({ baseUrl: sandbox.url, timeoutMs, fetch: sandbox.fetch }),
    async stop() {
      sandbox.close();
    },
  };
}

/** A BookingApi that runs a hook before each call (tests use it to change the world at a precise moment). */
export function withBeforeCall(
  api: BookingApi,
  hook: (call: ActionCall) => Promise<void> | void,
): BookingApi {
  return {
    async invoke(call) {
      await hook(call);
      return api.invoke(call);
    },
  };
}

/** Fresh tables, a reset sandbox, and the executor's deps over them. */
export interface ExecutorWorld {
  stack: ExecutorStack;
  plans: PlanStore;
  sessions: SessionStore;
  log: ExecutionLog;
  tracer: RecordingTracer;
  logger: RecordingLogger;
  bookingApi: BookingApi;
  deps(model: BaseChatModel, overrides?: Partial<ExecutorDeps>): ExecutorDeps;
  /** Stores the plan (as confirmed by the plan store's use case) and returns it. */
  seed(plan: StoredPlan): Promise<StoredPlan>;
  /** One queue delivery: runs the executor's use case for the plan's message. */
  deliver(
    plan: { plan_id: string; version?: number },
    model: BaseChatModel,
    options?: {
      kind?: PlanMessage['kind'];
      token?: string;
      deps?: Partial<ExecutorDeps>;
      /** The invocation's deadline, set as functions/execute-plan.ts sets it (withDeadline); default: none. */
      deadline?: Deadline;
      /** The message's sealed token as it is (a tampered or foreign one); default: `token` sealed to the plan. */
      sealedToken?: string;
    },
  ): Promise<void>;
  /** The stored plan, re-read. */
  reload(plan: StoredPlan): Promise<StoredPlan>;
}

export interface WorldOptions {
  /** HttpBookingApi timeout; small in the timeout test. Default 30 s (config minimum). */
  timeoutMs?: number;
  maxSelfCorrections?: number;
  /** EXECUTOR_DIRECT_STEPS (issue 32): code runs fully determined steps without a model turn. Default: on. */
  directSteps?: boolean;
}

export async function freshWorld(stack: ExecutorStack, options: WorldOptions = {}): Promise<ExecutorWorld> {
  stack.sandbox.admin.reset();
  stack.sandbox.admin.clearFaults();
  const clock = fixedClock('2026-11-20T10:05:00.000Z');
  const { plans, sessions, log } = await stack.stores(clock);
  const tracer = new RecordingTracer();
  const logger = new RecordingLogger();
  const bookingApi = stack.bookingApi(options.timeoutMs ?? 30_000);
  const registry = loadCompiledRegistry();
  const world: ExecutorWorld = {
    stack,
    plans,
    sessions,
    log,
    tracer,
    logger,
    bookingApi,
    deps: (model, overrides = {}) => ({
      registry,
      bookingApi,
      planStore: plans,
      sessionStore: sessions,
      executionLog: log,
      tokenSealer: testTokenSealer,
      model,
      clock,
      tracer,
      logger,
      config: {
        MAX_SELF_CORRECTIONS: options.maxSelfCorrections ?? 2,
        BOOKING_API_TIMEOUT_MS: options.timeoutMs ?? 30_000,
        MAX_EXECUTOR_MODEL_CALLS: 12,
        EXECUTOR_DIRECT_STEPS: options.directSteps ?? true,
        // The config defaults: the demo venue's timezone and locale.
        VENUE_TIMEZONE: 'Australia/Sydney',
        VENUE_LOCALE: 'en-AU',
        IN_DOUBT_MAX_RESENDS: 2,
      },
      ...overrides,
    }),
    async seed(plan) {
      await plans.create(plan);
      return plan;
    },
    async deliver(plan, model, opts = {}) {
      const stored = await plans.get(plan.plan_id);
      const execute = createExecutor(world.deps(model, opts.deps));
      const message: PlanMessage = {
        plan_id: plan.plan_id,
        kind: opts.kind ?? 'start',
        version: stored?.version ?? plan.version ?? 1,
        sealed_token: opts.sealedToken ?? (await testTokenSealer.seal(opts.token ?? TOKEN, plan.plan_id)),
      };
      await withDeadline(opts.deadline ?? NO_DEADLINE, () => execute(message));
    },
    async reload(plan) {
      const stored = await plans.get(plan.plan_id);
      if (!stored) throw new Error(`plan ${plan.plan_id} vanished`);
      return stored;
    },
  };
  return world;
}

/** Journal entries of committed (state-changing) calls, as "operation key" strings in order. */
export function committedCalls(sandbox: SandboxHandle): string[] {
  return sandbox.admin
    .journal()
    .filter((e) => e.committed)
    .map((e) => `${e.operation} ${e.idempotencyKey ?? ''}`.trim());
}

/** The user answers the plan's blocking prompt through the IQ-facing use case (POST /v1/plans/{id}/answer). */
export async function answerPrompt(world: ExecutorWorld, plan: StoredPlan, text: string): Promise<void> {
  await answerBlockingPrompt(
    {
      plans: world.plans,
      queue: new InMemoryPlanQueue(),
      tokenSealer: testTokenSealer,
      clock: fixedClock('2026-11-20T10:10:00.000Z'),
      log: silentLog,
    },
    { plan_id: plan.plan_id, user_id: plan.user_id, user_message: text, token: TOKEN },
  );
}
