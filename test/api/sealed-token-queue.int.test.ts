import { ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LocalStack, startLocalStack } from '../../infra/local/local-stack.ts';
import { fixedClock } from '../../lib/ports/clock.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { TEST_SEALING_KEY, testTokenSealer } from '../support/token-sealer.ts';
import { stackClient } from './stack-client.ts';

const NOW = '2026-11-21T09:30:00.000Z';
const OWNER = 'user_ops_harbour';
const TOKEN = 'demo-token-harbour';

let stack: LocalStack;
let client: ReturnType<typeof stackClient>;
let sqs: SQSClient;

beforeAll(async () => {
  // No poller: the test reads the queues itself. The key is fixed so the test can unseal what it reads.
  stack = await startLocalStack({
    clock: fixedClock(NOW),
    poll: false,
    visibilityTimeoutSeconds: 30,
    env: { TOKEN_SEALING_KEY: TEST_SEALING_KEY },
  });
  client = stackClient(stack);
  sqs = new SQSClient({
    region: stack.config.AWS_REGION,
    endpoint: stack.config.SQS_ENDPOINT ?? '',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterAll(async () => {
  sqs.destroy();
  client.close();
  await stack.stop();
});

/** Raw bodies on a queue, read without consuming them (visibility 0: they stay, and count as a receive). */
async function rawBodies(queueUrl: string): Promise<string[]> {
  const out = await sqs.send(
    new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, VisibilityTimeout: 0 }),
  );
  return (out.Messages ?? []).map((m) => m.Body ?? '');
}

/** Every way the token could show in a body: in clear, base64, base64url, URL-encoded. */
function traces(token: string): string[] {
  const bytes = Buffer.from(token, 'utf8');
  return [token, bytes.toString('base64'), bytes.toString('base64url'), encodeURIComponent(token)];
}

describe('issue 28: no token in any queue message (raw fauxqs bodies, main queue and DLQ)', () => {
  it('confirm enqueues the token sealed to the plan; after maxReceiveCount the DLQ holds the same ciphertext', async () => {
    // Prepare
    const plan = aStoredPlan({ user_id: OWNER, session_id: `s-${Math.random()}` });
    await client.plans.create(plan);

    // Act: confirm, then a consumer that never deletes until SQS dead-letters the message.
    expect((await client.confirm(plan.plan_id, OWNER, TOKEN)).status).toBe(200);
    const [queued] = await rawBodies(stack.queues.queueUrl);
    await vi.waitFor(
      async () => {
        await rawBodies(stack.queues.queueUrl);
        expect(await rawBodies(stack.queues.dlqUrl)).toHaveLength(1);
      },
      { timeout: 10_000, interval: 20 },
    );
    const [dead] = await rawBodies(stack.queues.dlqUrl);

    // Assess: both bodies hold ciphertext only, which unseals to the token for this plan and no other.
    for (const body of [queued, dead]) {
      for (const trace of traces(TOKEN)) expect(body).not.toContain(trace);
      const parsed = JSON.parse(body ?? '{}');
      expect(Object.keys(parsed).sort()).toEqual(['kind', 'plan_id', 'sealed_token', 'version']);
      expect(await testTokenSealer.unseal(parsed.sealed_token, plan.plan_id)).toBe(TOKEN);
    }
    expect(dead).toBe(queued);
  });
});
