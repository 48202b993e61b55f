import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LocalStack, startLocalStack } from '../../infra/local/local-stack.ts';
import { stackClient } from '../api/stack-client.ts';
import { aStoredPlan } from '../store/plan-factory.ts';

const HOUR = 3_600_000;
let stack: LocalStack;
let client: ReturnType<typeof stackClient>;

beforeAll(async () => {
  // The stack's clock runs an hour ahead: a plan written now is an hour old to the watchdog.
  stack = await startLocalStack({
    clock: { now: () => new Date(Date.now() + HOUR) },
    watchdogIntervalMs: 100,
    executePlanMessage: async () => undefined,
  });
  client = stackClient(stack);
});
afterAll(async () => {
  client.close();
  await stack.stop();
});

describe('local stack: the watchdog timer (ADR 0009)', () => {
  it('fails a confirmed plan whose message never arrived, and GET shows it terminal with the reason', async () => {
    // Prepare: confirmed an hour ago (stack time), no message on the queue.
    const plan = aStoredPlan({
      status: 'confirmed',
      user_id: 'user_ops_harbour',
      updated_at: new Date().toISOString(),
    });
    await client.plans.create(plan);

    // Act + Assess: the timer sweeps on its own.
    await vi.waitFor(
      async () => {
        const stored = await client.plans.get(plan.plan_id);
        expect(stored).toMatchObject({
          status: 'failed',
          attention_reason: 'stuck',
          failure_reason:
            'This request was confirmed but never started. Nothing was changed. You can ask again.',
        });
      },
      { timeout: 10_000, interval: 100 },
    );
  }, 60_000);
});
