import {
  type LocalStack,
  type LocalStackOptions,
  startLocalStack,
} from '../../../infra/local/local-stack.ts';
import { isTerminal } from '../../../lib/plans/status-machine.ts';
import type { StoredPlan } from '../../../lib/plans/stored-plan.ts';
import { fixedClock } from '../../../lib/ports/clock.ts';
import { type Answer, stackClient } from '../../api/stack-client.ts';
import { captureEnv, type OtlpCapture, startOtlpCapture } from '../../support/otlp-capture.ts';
import { PINNED_NOW } from '../../support/sandbox.ts';
import { type MeteredChatModel, meteredModels } from './metered-model.ts';

/** The demo venue's operator (docs/sandbox.md), owner of every plan these tests make. */
export const OPERATOR = 'user_ops_harbour';

/** A running local stack whose Langfuse endpoint is the OTLP capture server, with the metered offline models. */
export interface TracedStack {
  stack: LocalStack;
  langfuse: OtlpCapture;
  client: ReturnType<typeof stackClient>;
  /** The executor's model (one per cold start): `scriptNext` steers the next execution. */
  executor: MeteredChatModel;
  /** POST /v1/requests as the operator. */
  request(sessionId: string, message: string, token?: string): Promise<Answer>;
  /**
   * Waits, batch by batch (no sleeps), until `until(plan)` holds and no consumer batch is in flight (so the
   * batch that made it true has flushed its spans). Default: terminal, or waiting for an answer.
   */
  settled(planId: string, until?: (plan: StoredPlan) => boolean): Promise<StoredPlan>;
  stop(): Promise<void>;
}

/** Options of startTracedStack: anything startLocalStack takes except what this harness sets itself. */
export type TracedStackOptions = Omit<
  LocalStackOptions,
  'env' | 'modelProvider' | 'onBatch' | 'onBatchStart' | 'clock'
> & {
  /** Settings on top of the capture's LANGFUSE_* ones (e.g. an issue-32 switch a test turns off). */
  env?: Record<string, string>;
};

/** Boots the capture server and the local stack (clock pinned on the demo fixture's Wednesday). */
export async function startTracedStack(options: TracedStackOptions = {}): Promise<TracedStack> {
  const langfuse = await startOtlpCapture();
  const models = meteredModels();
  const batches = batchCounter();
  const stack = await startLocalStack({
    ...options,
    clock: fixedClock(PINNED_NOW),
    env: { ...options.env, ...captureEnv(langfuse) },
    modelProvider: models.provider,
    onBatchStart: () => batches.started(),
    onBatch: () => batches.ended(),
  });
  const client = stackClient(stack);
  return {
    stack,
    langfuse,
    client,
    executor: models.executor,
    request: (sessionId, message, token) =>
      client.call('POST', '/v1/requests', { session_id: sessionId, user_id: OPERATOR, message }, token),
    async settled(planId, until = settledOrWaiting) {
      for (;;) {
        const seen = batches.endedCount();
        const plan = await client.plans.get(planId);
        if (plan && until(plan) && batches.inFlight() === 0) return plan;
        await batches.after(seen);
      }
    },
    async stop() {
      client.close();
      await stack.stop();
      await langfuse.close();
    },
  };
}

/** The plan of a 200 `{kind: 'plan'}` answer (fails loudly otherwise, with the answer in the message). */
export function planOf(answer: Answer): { plan_id: string; session_id: string } {
  const body = answer.body as { kind?: string; plan?: { plan_id: string; session_id: string } };
  if (answer.status !== 200 || body.kind !== 'plan' || !body.plan)
    throw new Error(`expected a plan, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return body.plan;
}

function settledOrWaiting(plan: StoredPlan): boolean {
  return isTerminal(plan.status) || plan.blocking_prompt !== undefined;
}

/** Counts the consumer's batches: started, ended, and a way to wait for the next end. */
function batchCounter() {
  let started = 0;
  let ended = 0;
  const waiters: Array<() => void> = [];
  return {
    started() {
      started += 1;
    },
    ended() {
      ended += 1;
      for (const wake of waiters.splice(0)) wake();
    },
    endedCount: () => ended,
    inFlight: () => started - ended,
    /** Resolves once more than `seen` batches have ended. */
    async after(seen: number): Promise<void> {
      while (ended === seen) await new Promise<void>((resolve) => waiters.push(resolve));
    },
  };
}
