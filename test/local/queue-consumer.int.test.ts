import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '../../infra/local/local-stack.ts';
import type { PlanMessage } from '../../lib/ports/plan-queue.ts';
import { stackClient } from '../api/stack-client.ts';
import { aStoredPlan } from '../store/plan-factory.ts';

const OWNER = 'user_ops_harbour';

/** What the fake executor does with each message; tests swap it. */
let executor: (msg: PlanMessage) => Promise<void> = async () => undefined;
/** Resolvers waiting for the poller's next batch report. */
const batchWaiters: Array<(r: { received: number; failed: number }) => void> = [];
const nextBatch = () =>
  new Promise<{ received: number; failed: number }>((resolve) => batchWaiters.push(resolve));
/** Batch reports up to and including the first one without failures. */
async function batchesUntilSuccess(): Promise<Array<{ received: number; failed: number }>> {
  const reports = [await nextBatch()];
  while (reports.at(-1)?.failed !== 0) reports.push(await nextBatch());
  return reports;
}

let stack: LocalStack;
let client: ReturnType<typeof stackClient>;

beforeAll(async () => {
  stack = await startLocalStack({
    visibilityTimeoutSeconds: 1,
    executePlanMessage: (msg) => executor(msg),
    onBatch: (report) => batchWaiters.shift()?.(report),
  });
  client = stackClient(stack);
});
afterAll(async () => {
  client.close();
  await stack.stop();
});

describe('local SQS poller → execute-plan handler', () => {
  it('delivers a confirmed plan to the executor as a real SQS batch and deletes it on success', async () => {
    // Prepare: an executor that runs the plan to completion through the store. Like the real one, it throws
    // (SQS retries) when the message overtakes the confirm write (enqueue happens before the transition).
    const plan = aStoredPlan({ user_id: OWNER });
    await client.plans.create(plan);
    const received: PlanMessage[] = [];
    executor = async (msg) => {
      received.push(msg);
      const current = await client.plans.get(msg.plan_id);
      if (current?.status !== 'confirmed') throw new Error('plan not confirmed yet');
      const running = await client.plans.update(msg.plan_id, current.version, {
        set: { status: 'executing' },
      });
      await client.plans.update(msg.plan_id, running.version, {
        set: { status: 'completed', completed_at: new Date().toISOString() },
      });
    };
    const reports = batchesUntilSuccess();
    // Act
    await client.confirm(plan.plan_id, OWNER);
    // Assess
    expect((await reports).at(-1)).toEqual({ received: 1, failed: 0 });
    // Redeliveries bring the same body; the token only sealed (issue 28).
    expect(new Set(received.map((m) => JSON.stringify(m))).size).toBe(1);
    expect(received[0]).toEqual({
      plan_id: plan.plan_id,
      kind: 'start',
      version: 1,
      sealed_token: expect.stringMatching(/^aes256gcm\.v1\./),
    });
    expect(JSON.stringify(received)).not.toContain('demo-token-harbour');
    expect(await client.get(plan.plan_id, OWNER)).toMatchObject({
      status: 200,
      body: { plan: { status: 'completed' } },
    });
    expect(await client.queueDepth()).toBe(0);
  });

  it('honours batchItemFailures: a failed record comes back after the visibility timeout', async () => {
    // Prepare: fail the first delivery (as the executor does when a plan does not read confirmed yet)
    const plan = aStoredPlan({ user_id: OWNER });
    await client.plans.create(plan);
    let deliveries = 0;
    executor = async () => {
      deliveries += 1;
      if (deliveries === 1) throw new Error('plan not ready');
    };
    const first = nextBatch();
    const second = nextBatch();
    // Act
    await client.confirm(plan.plan_id, OWNER);
    const reports = [await first, await second];
    // Assess
    expect(reports).toEqual([
      { received: 1, failed: 1 },
      { received: 1, failed: 0 },
    ]);
    expect(deliveries).toBe(2);
    expect(await client.queueDepth()).toBe(0);
  });
});
