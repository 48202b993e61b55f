import { CreateQueueCommand, DeleteQueueCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '../../infra/local/local-stack.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import { fixedClock } from '../../lib/ports/clock.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { demoFixture } from '../support/sandbox.ts';
import { stackClient } from './stack-client.ts';

const NOW = '2026-11-21T09:30:00.000Z';
const OWNER = 'user_ops_harbour';
const UNKNOWN = '6f1c1f7e-0000-4000-8000-0000000000ee';
/** The plan owner's token at another venue: the identity read passes, so the venue check is what refuses it. */
const OWNER_AT_WESTSIDE = 'owner-token-westside';

let stack: LocalStack;
let client: ReturnType<typeof stackClient>;

beforeAll(async () => {
  // No poller: the tests read the queue themselves to count messages.
  const demo = demoFixture();
  const tokens = [...demo.tokens, { token: OWNER_AT_WESTSIDE, userId: OWNER, venueId: 'venue_westside' }];
  stack = await startLocalStack({
    clock: fixedClock(NOW),
    poll: false,
    visibilityTimeoutSeconds: 30,
    sandboxFixture: { ...demo, tokens },
  });
  client = stackClient(stack);
});
afterAll(async () => {
  client.close();
  await stack.stop();
});

async function storedPlan(overrides: Partial<StoredPlan> = {}): Promise<StoredPlan> {
  const plan = aStoredPlan({ user_id: OWNER, session_id: `s-${Math.random()}`, ...overrides });
  await client.plans.create(plan);
  return plan;
}

async function messagesFor(planId: string) {
  const all = await client.drainQueue();
  return all.filter((m) => m.Attributes?.MessageGroupId === planId);
}

describe('IQ contract over the local stack (dynalite + fauxqs)', () => {
  describe('POST /v1/plans/{plan_id}/confirm', () => {
    it('enqueues one FIFO start message and stores a readable confirmed plan', async () => {
      // Prepare
      const plan = await storedPlan();
      // Act
      const res = await client.confirm(plan.plan_id, OWNER);
      // Assess
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        plan: { plan_id: plan.plan_id, status: 'confirmed', confirmed_at: NOW },
      });
      const [message, ...rest] = await messagesFor(plan.plan_id);
      expect(rest).toEqual([]);
      expect(JSON.parse(message?.Body ?? '{}')).toEqual({
        plan_id: plan.plan_id,
        kind: 'start',
        version: 1,
        // Issue 28: sealed to the plan (sealed-token-queue.int.test.ts unseals it); never the token in clear.
        sealed_token: expect.stringMatching(/^aes256gcm\.v1\./),
      });
      expect(message?.Body).not.toContain('demo-token-harbour');
      expect(message?.Attributes?.MessageDeduplicationId).toBe(`${plan.plan_id}:start:v1`);
      const item = await client.rawItem(plan.plan_id);
      expect(item).toMatchObject({ status: 'confirmed', confirmed_at: NOW, version: 2, updated_at: NOW });
      expect(Array.isArray(item?.actions)).toBe(true);
      expect(JSON.stringify(item)).not.toContain('demo-token-harbour');
    });

    it('is idempotent: a second confirm answers 200 with the same plan and enqueues nothing new', async () => {
      const plan = await storedPlan();
      const depthBefore = await client.queueDepth();
      const first = await client.confirm(plan.plan_id, OWNER);

      const second = await client.confirm(plan.plan_id, OWNER);

      expect(second).toEqual(first);
      expect((await client.queueDepth()) - depthBefore).toBe(1);
      expect((await client.plans.get(plan.plan_id))?.version).toBe(2);
    });

    it('turns concurrent double-confirms into exactly one enqueue and one transition', async () => {
      // Prepare
      const plan = await storedPlan();
      const depthBefore = await client.queueDepth();
      // Act
      const answers = await Promise.all(Array.from({ length: 5 }, () => client.confirm(plan.plan_id, OWNER)));
      // Assess
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
      expect((await client.queueDepth()) - depthBefore).toBe(1);
      expect((await client.plans.get(plan.plan_id))?.version).toBe(2);
    });

    it('answers 503 when the queue is gone, keeps the plan pending, and a re-confirm succeeds', async () => {
      // Prepare
      const plan = await storedPlan();
      await client.sqs.send(new DeleteQueueCommand({ QueueUrl: stack.queues.queueUrl }));
      // Act
      const failed = await client.confirm(plan.plan_id, OWNER);
      const pending = await client.plans.get(plan.plan_id);
      await client.sqs.send(
        new CreateQueueCommand({
          QueueName: 'booking-update-plans.fifo',
          Attributes: { FifoQueue: 'true', VisibilityTimeout: '30' },
        }),
      );
      const retried = await client.confirm(plan.plan_id, OWNER);
      // Assess
      expect(failed).toEqual({
        status: 503,
        body: {
          error_type: 'service_unavailable',
          message:
            'The plan could not be queued for execution and is still awaiting confirmation. Please confirm again shortly.',
        },
      });
      expect(pending).toEqual(plan);
      expect(retried).toMatchObject({ status: 200, body: { plan: { status: 'confirmed' } } });
      expect(await messagesFor(plan.plan_id)).toHaveLength(1);
    });

    it.each(['executing', 'completed', 'failed', 'rolled_back'] as const)(
      'answers 409 for a plan that is %s',
      async (status) => {
        const plan = await storedPlan({ status });

        const res = await client.confirm(plan.plan_id, OWNER);

        expect(res).toMatchObject({ status: 409, body: { error_type: 'invalid_input' } });
        expect(await client.plans.get(plan.plan_id)).toEqual(plan);
      },
    );

    it('answers 409 for a superseded plan', async () => {
      const plan = await storedPlan({ invalidated_reason: 'superseded', invalidated_at: NOW });

      const res = await client.confirm(plan.plan_id, OWNER);

      expect(res).toEqual({
        status: 409,
        body: {
          error_type: 'invalid_input',
          message: `plan ${plan.plan_id} was superseded by a newer plan in this session; confirm the newer plan instead`,
        },
      });
    });
  });

  describe('GET /v1/plans/{plan_id}', () => {
    it('returns the plan with its blocking prompt while executing', async () => {
      const plan = await storedPlan({ status: 'executing', blocking_prompt: 'How many guests?' });

      const res = await client.get(plan.plan_id, OWNER);

      expect(res).toMatchObject({
        status: 200,
        body: { plan: { status: 'executing', blocking_prompt: 'How many guests?' } },
      });
    });

    it('returns the rollback report of a rolled-back plan', async () => {
      const report = { triggered_by_step: 2, actions_reversed: [1] };
      const plan = await storedPlan({
        status: 'rolled_back',
        completed_at: NOW,
        rollback_report: report,
        failure_reason: 'slot full',
      });

      const res = await client.get(plan.plan_id, OWNER);

      expect(res.body).toMatchObject({
        plan: { status: 'rolled_back', completed_at: NOW, rollback_report: report },
      });
    });
  });

  describe('POST /v1/plans/{plan_id}/answer', () => {
    it('clears the prompt, stores the answer and enqueues a resume for the new version', async () => {
      // Prepare
      const plan = await storedPlan({ status: 'executing', blocking_prompt: 'How many guests?', version: 3 });
      // Act
      const res = await client.answer(plan.plan_id, OWNER, '12 guests');
      // Assess
      expect(res.status).toBe(200);
      expect((res.body as { plan: object }).plan).not.toHaveProperty('blocking_prompt');
      expect(await client.rawItem(plan.plan_id)).toMatchObject({ blocking_answer: '12 guests', version: 4 });
      const messages = await messagesFor(plan.plan_id);
      expect(messages.map((m) => m.Attributes?.MessageDeduplicationId)).toEqual([
        `${plan.plan_id}:resume:v4`,
      ]);
    });

    it('answers 409 when the plan is not awaiting an answer', async () => {
      const plan = await storedPlan({ status: 'executing' });

      const res = await client.answer(plan.plan_id, OWNER, '12 guests');

      expect(res).toMatchObject({ status: 409, body: { error_type: 'invalid_input' } });
      expect(await messagesFor(plan.plan_id)).toEqual([]);
    });
  });

  describe('the token is checked before confirm and answer write anything (issue 14)', () => {
    /** A booking the sandbox knows, so the check's read reaches the token test, not a 404. */
    const onBk1042 = (overrides: Partial<StoredPlan>) =>
      storedPlan({
        actions: [
          {
            step_number: 1,
            action_id: 'updateGuestCount',
            parameters: { booking_id: 'bk_1042', party_size: 14 },
            safety_tier: 'normal',
            executed: false,
            step_state: 'pending',
          },
        ],
        ...overrides,
      });

    /** A new reservation: no booking is named, so only the venue read can check the token. */
    const newBooking = (overrides: Partial<StoredPlan>) =>
      storedPlan({
        venue_id: 'venue_harbour',
        actions: [
          {
            step_number: 1,
            action_id: 'createBooking',
            parameters: {
              product_id: 'prod_laser_tag',
              date: '2026-12-12',
              start_time: '10:00',
              party_size: 4,
              guest_name: 'Ana Lima',
            },
            safety_tier: 'normal',
            executed: false,
            step_state: 'pending',
          },
        ],
        ...overrides,
      });
    it.each([
      ['a plan naming a booking (its read)', () => onBk1042({})],
      ['a venue plan naming no booking (the venue read, ADR 0010)', () => newBooking({})],
    ])(
      'confirm with a token the booking API refuses, for %s: 401 auth_required, the plan stays pending, nothing enqueued',
      async (_case, aPlan) => {
        // Prepare
        const plan = await aPlan();
        // Act
        const res = await client.confirm(plan.plan_id, OWNER, 'demo-token-expired');
        // Assess
        expect(res).toMatchObject({ status: 401, body: { error_type: 'auth_required' } });
        expect(await client.rawItem(plan.plan_id)).toMatchObject({
          status: 'pending_confirmation',
          version: 1,
        });
        expect(await messagesFor(plan.plan_id)).toEqual([]);
        expect(JSON.stringify(res.body)).not.toContain('demo-token-expired');
      },
    );

    it('answer with a token the booking API refuses: 401 auth_required, the question stays', async () => {
      // Prepare
      const plan = await onBk1042({ status: 'executing', blocking_prompt: 'How many guests?', version: 3 });
      // Act
      const res = await client.answer(plan.plan_id, OWNER, '12 guests', 'expired-token-0000');
      // Assess
      expect(res).toMatchObject({ status: 401, body: { error_type: 'auth_required' } });
      expect(await client.rawItem(plan.plan_id)).toMatchObject({
        blocking_prompt: 'How many guests?',
        version: 3,
      });
      expect(await client.rawItem(plan.plan_id)).not.toHaveProperty('blocking_answer');
      expect(await messagesFor(plan.plan_id)).toEqual([]);
    });

    describe("a plan with a venue: one read of the token's venue (ADR 0010)", () => {
      const reads = () =>
        stack.sandbox.admin
          .journal()
          .filter((e) => e.operation === 'getVenue' || e.operation === 'getBooking');

      it("confirm with another venue's token: 403 naming it, the plan stays pending, nothing enqueued", async () => {
        // Prepare
        const plan = await newBooking({});
        const before = reads().length;
        // Act
        const res = await client.confirm(plan.plan_id, OWNER, OWNER_AT_WESTSIDE);
        // Assess
        expect(res.status).toBe(403);
        expect((res.body as { message: string }).message).toContain('belongs to another venue');
        expect(await client.rawItem(plan.plan_id)).toMatchObject({
          status: 'pending_confirmation',
          version: 1,
        });
        expect(await messagesFor(plan.plan_id)).toEqual([]);
        expect(
          reads()
            .slice(before)
            .map((e) => e.operation),
        ).toEqual(['getVenue']);
      });

      it("answer with another venue's token: 403, the question stays, nothing enqueued", async () => {
        // Prepare
        const plan = await newBooking({
          status: 'executing',
          blocking_prompt: 'How many guests?',
          version: 3,
        });
        // Act
        const res = await client.answer(plan.plan_id, OWNER, '12 guests', OWNER_AT_WESTSIDE);
        // Assess
        expect(res.status).toBe(403);
        expect(await client.rawItem(plan.plan_id)).toMatchObject({
          blocking_prompt: 'How many guests?',
          version: 3,
        });
        expect(await client.rawItem(plan.plan_id)).not.toHaveProperty('blocking_answer');
        expect(await messagesFor(plan.plan_id)).toEqual([]);
      });

      it("confirm with the plan's venue token: confirmed after exactly one venue read", async () => {
        // Prepare
        const plan = await newBooking({});
        const before = reads().length;
        // Act
        const res = await client.confirm(plan.plan_id, OWNER);
        // Assess
        expect(res).toMatchObject({
          status: 200,
          body: { plan: { status: 'confirmed', venue_id: 'venue_harbour' } },
        });
        expect(
          reads()
            .slice(before)
            .map((e) => e.operation),
        ).toEqual(['getVenue']);
        expect(await messagesFor(plan.plan_id)).toHaveLength(1);
      });
    });
  });

  describe('errors shared by the plan operations', () => {
    it('answers 403 to another user on confirm, status and answer, changing nothing', async () => {
      const plan = await storedPlan({ status: 'executing', blocking_prompt: 'How many guests?' });

      const answers = await Promise.all([
        client.confirm(plan.plan_id, 'user_ops_westside'),
        client.get(plan.plan_id, 'user_ops_westside'),
        client.answer(plan.plan_id, 'user_ops_westside', '3'),
      ]);

      expect(answers.map((a) => a.status)).toEqual([403, 403, 403]);
      expect(await client.plans.get(plan.plan_id)).toEqual(plan);
    });

    it('answers 404 for an unknown plan on confirm, status and answer', async () => {
      const answers = await Promise.all([
        client.confirm(UNKNOWN, OWNER),
        client.get(UNKNOWN, OWNER),
        client.answer(UNKNOWN, OWNER, '3'),
      ]);

      expect(answers.map((a) => a.status)).toEqual([404, 404, 404]);
      expect(answers[0]?.body).toEqual({ error_type: 'invalid_input', message: `plan ${UNKNOWN} not found` });
    });

    it('answers 401 auth_required without X-User-Token on every operation', async () => {
      const plan = await storedPlan();

      const answers = await Promise.all([
        client.call('POST', '/v1/requests', { session_id: 's', user_id: OWNER, message: 'hi' }, null),
        client.confirm(plan.plan_id, OWNER, null),
        client.get(plan.plan_id, OWNER, null),
        client.answer(plan.plan_id, OWNER, 'x', null),
      ]);

      expect(answers.map((a) => [a.status, (a.body as { error_type: string }).error_type])).toEqual(
        Array(4).fill([401, 'auth_required']),
      );
      expect(await client.plans.get(plan.plan_id)).toEqual(plan);
    });

    it.each([
      ['a missing field', '{}', 'user_id is required'],
      ['malformed JSON', '{"user_id": ', 'request body must be valid JSON'],
      ['a wrong type', '{"user_id": ["x"]}', 'user_id: Invalid input: expected string, received array'],
    ])('answers 400 naming the problem for %s, and changes nothing', async (_label, body, message) => {
      // Prepare
      const plan = await storedPlan();
      // Act
      const res = await client.call('POST', `/v1/plans/${plan.plan_id}/confirm`, body);
      // Assess
      expect(res).toEqual({ status: 400, body: { error_type: 'invalid_input', message } });
      expect(await client.plans.get(plan.plan_id)).toEqual(plan);
      expect(await messagesFor(plan.plan_id)).toEqual([]);
    });

    it('rejects a stale transition after a confirm (conditional write on version)', async () => {
      // Prepare: a writer that read the plan before it was confirmed
      const plan = await storedPlan();
      await client.confirm(plan.plan_id, OWNER);
      // Act
      const stale = client.plans.update(plan.plan_id, plan.version, { set: { intent_summary: 'rewritten' } });
      // Assess
      await expect(stale).rejects.toMatchObject({ name: 'StaleWriteError' });
      expect((await client.plans.get(plan.plan_id))?.intent_summary).toBe(plan.intent_summary);
    });
  });

  describe('POST /v1/requests', () => {
    it('answers 200 with a clarification listing the candidates when the name is ambiguous', async () => {
      const res = await client.call('POST', '/v1/requests', {
        session_id: 's-1',
        user_id: OWNER,
        message: 'Move John to Saturday',
      });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ kind: 'clarification' });
      const names = (res.body as { candidates: { guest_name: string }[] }).candidates.map(
        (c) => c.guest_name,
      );
      expect(names.sort()).toEqual(['John Okafor', 'John Smith', 'John Tan']);
    });

    it('answers 400 naming the missing field', async () => {
      const res = await client.call('POST', '/v1/requests', { session_id: 's-1', user_id: OWNER });

      expect(res).toEqual({
        status: 400,
        body: { error_type: 'invalid_input', message: 'message is required' },
      });
    });
  });
});
