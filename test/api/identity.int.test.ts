import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '../../infra/local/local-stack.ts';
import { createDocumentClient } from '../../lib/adapters/dynamodb/document-client.ts';
import { DynamoSessionStore } from '../../lib/adapters/dynamodb/dynamo-session-store.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import { fixedClock } from '../../lib/ports/clock.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { demoFixture } from '../support/sandbox.ts';
import { type Answer, stackClient } from './stack-client.ts';

// Issue 27 (ADR 0017): every IQ operation refuses a user_id that is not the token's user, through the real
// handlers, the sandbox's identity read (GET /me) and dynalite; and no plan read holds a guest's raw PII.

const NOW = '2026-11-21T09:30:00.000Z';
const OWNER = 'user_ops_harbour';
const OWNER_TOKEN = 'demo-token-harbour';
/** Another user of the plan's venue (added to the demo fixture below). */
const OTHER_USER_TOKEN = 'other-user-token-harbour';
/** The demo fixture's other venue: its token belongs to user_ops_westside. */
const OTHER_VENUE_TOKEN = 'demo-token-westside';
const UNKNOWN_TOKEN = 'no-such-token-0000';

const EMAIL = 'sarah.new@example.com';
const OLD_EMAIL = 'sarah.smith@example.com';
const PHONE = '+61 400 123 456';
const GUEST = 'Sarah Smith';

let stack: LocalStack;
let client: ReturnType<typeof stackClient>;
let sessions: DynamoSessionStore;

beforeAll(async () => {
  const demo = demoFixture();
  const tokens = [
    ...demo.tokens,
    { token: OTHER_USER_TOKEN, userId: 'user_ops_harbour_2', venueId: 'venue_harbour' },
  ];
  // No poller: a confirmed plan stays confirmed, so "nothing changed" is read straight from the table and queue.
  stack = await startLocalStack({
    clock: fixedClock(NOW),
    poll: false,
    visibilityTimeoutSeconds: 30,
    sandboxFixture: { ...demo, tokens },
  });
  client = stackClient(stack);
  sessions = new DynamoSessionStore({
    client: createDocumentClient(stack.config),
    tableName: stack.config.SESSIONS_TABLE,
    slotTtlSeconds: 3600,
  });
});
afterAll(async () => {
  client.close();
  await stack.stop();
});

/** A contact update of the owner's, as planned: the guest's name, new email and phone in its parameters. */
function contactPlan(overrides: Partial<StoredPlan> = {}): StoredPlan {
  return aStoredPlan({
    user_id: OWNER,
    session_id: `s-${Math.random()}`,
    venue_id: 'venue_harbour',
    intent_summary: `Update ${GUEST}'s email to ${EMAIL}`,
    actions: [
      {
        step_number: 1,
        action_id: 'updateContactDetails',
        parameters: { booking_id: 'bk_1045', email: EMAIL, phone: PHONE, guest_name: GUEST },
        safety_tier: 'normal',
        executed: false,
        step_state: 'pending',
        description: `Update contact of BK-1045 (${GUEST}): email ${EMAIL}`,
      },
    ],
    ...overrides,
  });
}

async function stored(plan: StoredPlan): Promise<StoredPlan> {
  await client.plans.create(plan);
  return plan;
}

async function messagesFor(planId: string) {
  return (await client.drainQueue()).filter((m) => m.Attributes?.MessageGroupId === planId);
}

/** The four IQ operations, each for OWNER's plan (or session) with the given token. */
const operations = {
  request: (_plan: StoredPlan, token: string | null) =>
    client.call(
      'POST',
      '/v1/requests',
      {
        session_id: `identity-${Math.random()}`.replace('0.', ''),
        user_id: OWNER,
        message: 'Move BK-1045 to 3pm',
      },
      token,
    ),
  confirm: (plan: StoredPlan, token: string | null) => client.confirm(plan.plan_id, OWNER, token),
  answer: (plan: StoredPlan, token: string | null) => client.answer(plan.plan_id, OWNER, '12 guests', token),
  read: (plan: StoredPlan, token: string | null) => client.get(plan.plan_id, OWNER, token),
} satisfies Record<string, (plan: StoredPlan, token: string | null) => Promise<Answer>>;

/** Each operation's plan in the state where the owner's own call would change it. */
function planFor(operation: keyof typeof operations): StoredPlan {
  return operation === 'answer'
    ? contactPlan({ status: 'executing', blocking_prompt: 'How many guests?', version: 3 })
    : contactPlan();
}

describe('identity on every IQ operation (issue 27)', () => {
  describe.each(Object.keys(operations) as (keyof typeof operations)[])('%s', (operation) => {
    it.each([
      {
        who: "another user's token (same venue)",
        token: OTHER_USER_TOKEN,
        status: 403,
        errorType: 'invalid_input',
      },
      { who: "another venue's token", token: OTHER_VENUE_TOKEN, status: 403, errorType: 'invalid_input' },
      { who: 'an unknown token', token: UNKNOWN_TOKEN, status: 401, errorType: 'auth_required' },
      { who: 'no token', token: null, status: 401, errorType: 'auth_required' },
    ])('refuses $who with $status and changes nothing', async ({ token, status, errorType }) => {
      // Prepare
      const plan = await stored(planFor(operation));
      const journalBefore = stack.sandbox.admin.journal().length;
      // Act
      const res = await operations[operation](plan, token);
      // Assess: the ServiceError shape, the plan as it was, no message queued, no booking read or written
      expect(res).toEqual({ status, body: { error_type: errorType, message: expect.any(String) } });
      if (status === 403)
        expect((res.body as { message: string }).message).toBe(
          'user_id is not the user X-User-Token belongs to: a request may act only for the signed-in user. Nothing was changed.',
        );
      expect(await client.plans.get(plan.plan_id)).toEqual(plan);
      expect(await messagesFor(plan.plan_id)).toEqual([]);
      const calls = stack.sandbox.admin
        .journal()
        .slice(journalBefore)
        .map((e) => e.operation);
      expect(calls.filter((op) => op !== 'getCurrentUser')).toEqual([]);
    });
  });

  it('refuses a request for another user before its session is touched', async () => {
    // Prepare
    const sessionId = 'identity-session-untouched';
    // Act
    const res = await client.call(
      'POST',
      '/v1/requests',
      { session_id: sessionId, user_id: OWNER, message: 'Change BK-1045 to 18 guests' },
      OTHER_USER_TOKEN,
    );
    // Assess
    expect(res.status).toBe(403);
    expect(await sessions.get(sessionId)).toBeUndefined();
  });

  it("serves the owner's own token, and reads its identity once for several calls (cached per token)", async () => {
    // Prepare
    const plan = await stored(contactPlan());
    const journalBefore = stack.sandbox.admin.journal().length;
    // Act
    const first = await client.get(plan.plan_id, OWNER, OWNER_TOKEN);
    const second = await client.get(plan.plan_id, OWNER, OWNER_TOKEN);
    // Assess
    expect([first.status, second.status]).toEqual([200, 200]);
    const identityReads = stack.sandbox.admin
      .journal()
      .slice(journalBefore)
      .filter((e) => e.operation === 'getCurrentUser');
    expect(identityReads.length).toBeLessThanOrEqual(1);
  });
});

describe('no plan read holds raw guest PII, at any status (issue 27)', () => {
  const RAW = [EMAIL, OLD_EMAIL, PHONE, GUEST];

  it('a read during execution shows the step masked, its confirmed values still stored for the executor', async () => {
    // Prepare: the executor has sent step 1 (pre-image and resolved parameters recorded) and asks a question
    const plan = await stored(
      contactPlan({
        status: 'executing',
        confirmed_at: NOW,
        blocking_prompt: `Step 1 (Update contact of BK-1045 for ${GUEST}): is ${EMAIL} right?`,
        actions: [
          {
            ...contactPlan().actions[0]!,
            step_state: 'intent_recorded',
            resolved_parameters: { booking_id: 'bk_1045', email: EMAIL, phone: PHONE, guest_name: GUEST },
            before: { booking_id: 'bk_1045', guest: { name: GUEST, email: OLD_EMAIL } },
          },
        ],
      }),
    );
    // Act
    const res = await client.get(plan.plan_id, OWNER);
    // Assess
    expect(res).toMatchObject({
      status: 200,
      body: {
        plan: {
          status: 'executing',
          actions: [{ parameters: { booking_id: 'bk_1045', email: 's***@example.com', phone: '***56' } }],
        },
      },
    });
    const body = JSON.stringify(res.body);
    for (const raw of RAW) expect(body).not.toContain(raw);
    expect((await client.plans.get(plan.plan_id))?.actions[0]?.parameters).toMatchObject({ email: EMAIL });
  });

  it.each(['pending_confirmation', 'confirmed', 'completed', 'failed', 'rolled_back'] as const)(
    'a read of a %s plan holds none of the raw values',
    async (status) => {
      // Prepare
      const plan = await stored(
        contactPlan({
          status,
          ...(status === 'pending_confirmation' ? {} : { confirmed_at: NOW }),
          ...(['completed', 'failed', 'rolled_back'].includes(status) ? { completed_at: NOW } : {}),
          ...(status === 'failed' ? { failure_reason: `The booking system refused ${EMAIL}.` } : {}),
        }),
      );
      // Act
      const res = await client.get(plan.plan_id, OWNER);
      // Assess
      expect(res.status).toBe(200);
      const body = JSON.stringify(res.body);
      for (const raw of RAW) expect(body).not.toContain(raw);
    },
  );

  it('the confirm and answer responses are masked too, and confirm queues the plan the user confirmed', async () => {
    // Prepare
    const pending = await stored(contactPlan());
    const waiting = await stored(
      contactPlan({ status: 'executing', blocking_prompt: `Is ${PHONE} right?`, version: 3 }),
    );
    // Act
    const confirmed = await client.confirm(pending.plan_id, OWNER);
    const answered = await client.answer(waiting.plan_id, OWNER, 'yes');
    // Assess
    expect([confirmed.status, answered.status]).toEqual([200, 200]);
    for (const raw of RAW) expect(JSON.stringify([confirmed.body, answered.body])).not.toContain(raw);
    // Nothing confirmed is lost: the stored step keeps the values the executor will send.
    expect((await client.plans.get(pending.plan_id))?.actions[0]?.parameters).toEqual(
      pending.actions[0]?.parameters,
    );
  });
});
