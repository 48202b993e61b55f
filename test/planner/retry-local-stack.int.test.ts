import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type ChatReply, ServiceClient } from '../../devkit/chat/service-client.ts';
import { evalVenuePath } from '../../eval/lib/case-fixture.ts';
import { EVAL_NOW } from '../../eval/lib/run-eval.ts';
import { waitForPlan } from '../../eval/lib/wait-for-plan.ts';
import { type LocalStack, startLocalStack } from '../../infra/local/local-stack.ts';
import { fixedClock } from '../../lib/ports/clock.ts';

const TOKEN = 'eval-token-bayside';

/**
 * The eval venue (Bayside, Sydney; laser tag sessions hold 12) on Fri 27 Nov: Ivy (BK-4101, 6 at 11:00) shares her
 * session with Max (4); Zoe (BK-4103, 4 at 10:00) and Kai (BK-4104, 8 at 14:00).
 */
function fixture() {
  const venue = parse(readFileSync(evalVenuePath, 'utf8')) as Record<string, unknown>;
  const laser = (id: string, ref: string, guestName: string, startTime: string, partySize: number) => ({
    bookingId: id,
    bookingReference: ref,
    guestName,
    date: '2026-11-27',
    startTime,
    productId: 'prod_laser_tag',
    partySize,
  });
  return {
    ...venue,
    bookings: [
      laser('bk_ivy', 'BK-4101', 'Ivy Chen', '11:00', 6),
      laser('bk_max', 'BK-4102', 'Max Lee', '11:00', 4),
      laser('bk_zoe', 'BK-4103', 'Zoe Park', '10:00', 4),
      laser('bk_kai', 'BK-4104', 'Kai Ito', '14:00', 8),
    ],
  };
}

function expectPlan(reply: ChatReply) {
  if (reply.kind !== 'plan') throw new Error(`expected a plan, got ${JSON.stringify(reply)}`);
  return reply;
}

/**
 * Issue 16 "retry" end to end over the local stack (dynalite, fauxqs, the real sandbox over HTTP, gateway, SQS
 * poller, executor) with the offline model, as `npm start` runs it. Someone else's changes are made through the
 * booking API itself, with the same venue token, as another front desk would.
 */
describe('"try again" after a failed plan (offline model, local stack)', () => {
  let stack: LocalStack;
  let client: ServiceClient;

  /** Another operator's write to the booking API (PUT guest-count, POST cancel/reschedule). */
  async function elsewhere(method: string, path: string, body: object): Promise<void> {
    const res = await fetch(`${stack.sandbox.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${TOKEN}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(200);
  }

  async function runToTheEnd(planId: string) {
    await client.confirm(planId);
    return waitForPlan(client, planId, { answers: [], timeoutMs: 30_000, pollMs: 25 });
  }

  beforeAll(async () => {
    stack = await startLocalStack({
      clock: fixedClock(EVAL_NOW),
      env: { LLM_PROVIDER: 'offline' },
      sandboxFixture: fixture(),
    });
    client = new ServiceClient({ baseUrl: stack.url, userId: 'user_eval_ops', token: TOKEN });
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('re-applies "two more guests" to the count as it is now (7 → 9, never 8) and says what changed', async () => {
    // Prepare: 6 → 8 planned; Max's party grows first, so the slot is full when the plan runs.
    const first = expectPlan(await client.sendRequest('retry-1', 'BK-4101 has another two guests coming'));
    expect(first.plan.actions[0]?.parameters).toEqual({ booking_id: 'bk_ivy', party_size: 8 });
    await elsewhere('PUT', '/bookings/bk_max/guest-count', { partySize: 6 });
    const failed = await runToTheEnd(first.plan.plan_id);
    expect(failed.plan?.status).toMatch(/^(failed|rolled_back)$/);
    expect(failed.plan?.failure_reason).toMatch(/not enough room/);
    // Then Max cancels and Ivy's count is changed to 7 at the desk.
    await elsewhere('POST', '/bookings/bk_max/cancel', {});
    await elsewhere('PUT', '/bookings/bk_ivy/guest-count', { partySize: 7 });

    // Act
    const retried = expectPlan(await client.sendRequest('retry-1', 'can you try that again?'));

    // Assess
    expect(retried.plan.plan_id).not.toBe(first.plan.plan_id);
    expect(retried.plan.status).toBe('pending_confirmation');
    expect(retried.plan.actions.map((a) => [a.action_id, a.parameters])).toEqual([
      ['updateGuestCount', { booking_id: 'bk_ivy', party_size: 9 }],
    ]);
    expect(retried.presentation.steps[0]?.line).toBe(
      'Update guest count BK-4101 (Ivy Chen): party size 7 → 9',
    );
    expect(retried.presentation.retry_note).toBe(
      `Since the last attempt: BK-4101 guests 6 → 7. The last attempt failed: ${failed.plan?.failure_reason}`,
    );
    expect((await client.get(first.plan.plan_id)).status).toBe(failed.plan?.status);
    const done = await runToTheEnd(retried.plan.plan_id);
    expect(done.plan?.status).toBe('completed');
    expect(stack.sandbox.admin.booking('bk_ivy')?.partySize).toBe(9);
  });

  it('plans a move into a slot that was full again, from where the booking is now, saying it moved', async () => {
    // Prepare: Zoe 10:00 → 14:00 planned; Kai's party fills 14:00 before it runs.
    const first = expectPlan(await client.sendRequest('retry-2', 'Move BK-4103 to 2pm'));
    await elsewhere('PUT', '/bookings/bk_kai/guest-count', { partySize: 12 });
    const failed = await runToTheEnd(first.plan.plan_id);
    expect(failed.plan?.status).toMatch(/^(failed|rolled_back)$/);
    // Then Kai moves away, and Zoe's booking is moved to 13:00 at the desk.
    await elsewhere('POST', '/bookings/bk_kai/reschedule', { date: '2026-11-27', startTime: '16:00' });
    await elsewhere('POST', '/bookings/bk_zoe/reschedule', { date: '2026-11-27', startTime: '13:00' });

    // Act
    const retried = expectPlan(await client.sendRequest('retry-2', 'try again'));

    // Assess
    expect(retried.plan.actions.map((a) => a.parameters)).toEqual([
      { booking_id: 'bk_zoe', date: '2026-11-27', start_time: '14:00' },
    ]);
    expect(retried.presentation.steps[0]?.line).toBe(
      'Reschedule booking BK-4103 (Zoe Park) from Fri 27 Nov 13:00 → Fri 27 Nov 14:00',
    );
    expect(retried.presentation.retry_note).toMatch(
      /^Since the last attempt: BK-4103 moved from Fri 27 Nov 10:00 to Fri 27 Nov 13:00\. The last attempt failed: /,
    );
  });

  it('says plainly that a completed plan has nothing to retry', async () => {
    const reply = await client.sendRequest('retry-1', 'have another go');

    expect(reply).toMatchObject({ kind: 'clarification', reply_type: 'declined' });
    expect(reply.kind === 'clarification' && reply.question).toMatch(
      /was completed, so there is nothing to try again/,
    );
  });
});
