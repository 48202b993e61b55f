import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ServiceClient } from '../../devkit/chat/service-client.ts';
import { evalVenuePath } from '../../eval/lib/case-fixture.ts';
import { EVAL_NOW } from '../../eval/lib/run-eval.ts';
import { waitForPlan } from '../../eval/lib/wait-for-plan.ts';
import { type LocalStack, startLocalStack } from '../../infra/local/local-stack.ts';
import { fixedClock } from '../../lib/ports/clock.ts';

/** The eval venue (Bayside, Sydney, en-AU) with one laser-tag booking; laser tag has a 14:00 session. */
function fixture() {
  const venue = parse(readFileSync(evalVenuePath, 'utf8')) as Record<string, unknown>;
  return {
    ...venue,
    bookings: [
      {
        bookingId: 'bk_ivy',
        bookingReference: 'BK-4101',
        guestName: 'Ivy Chen',
        date: '2026-11-27',
        startTime: '11:00',
        productId: 'prod_laser_tag',
        partySize: 6,
      },
    ],
  };
}

/**
 * Issue 15 end to end over the local stack (dynalite, fauxqs, sandbox, gateway, SQS poller, executor) with the
 * offline model, as `npm start` runs it without a key. Now: Monday 23 November 2026, 10:00 in Sydney.
 */
describe('dates end to end (offline model, local stack)', () => {
  let stack: LocalStack;
  let client: ServiceClient;

  beforeAll(async () => {
    stack = await startLocalStack({
      clock: fixedClock(EVAL_NOW),
      env: { LLM_PROVIDER: 'offline' },
      sandboxFixture: fixture(),
    });
    client = new ServiceClient({ baseUrl: stack.url, userId: 'user_eval_ops', token: 'eval-token-bayside' });
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('moves a booking to "the 3rd at 2 in the afternoon": 3 December at 14:00, shown as such, and done', async () => {
    // Act
    const reply = await client.sendRequest('dates-e2e-1', 'Move BK-4101 to the 3rd at 2 in the afternoon');

    // Assess
    if (reply.kind !== 'plan') throw new Error(`expected a plan, got ${JSON.stringify(reply)}`);
    expect(reply.plan.actions.map((a) => a.parameters)).toEqual([
      { booking_id: 'bk_ivy', date: '2026-12-03', start_time: '14:00' },
    ]);
    const line = 'Reschedule booking BK-4101 (Ivy Chen) from Fri 27 Nov 11:00 → Thu 3 Dec 14:00';
    expect(reply.presentation.steps[0]?.line).toBe(line);
    // Issue 14: the summary is rendered from the plan lines, never the model's words.
    expect(reply.presentation.intent_summary).toBe(line);
    await client.confirm(reply.plan.plan_id);
    const done = await waitForPlan(client, reply.plan.plan_id, {
      answers: [],
      timeoutMs: 30_000,
      pollMs: 25,
    });
    expect(done).toMatchObject({ ok: true, plan: { status: 'completed' } });
    expect(stack.sandbox.admin.booking('bk_ivy')).toMatchObject({ date: '2026-12-03', startTime: '14:00' });
  });

  it('asks about "next Saturday at 2pm", naming the words and both Saturdays, and plans nothing until told', async () => {
    // Act
    const question = await client.sendRequest('dates-e2e-2', 'Move BK-4101 to next Saturday at 2pm');
    const answer = await client.sendRequest('dates-e2e-2', 'Sat 5 Dec');

    // Assess
    expect(question).toEqual({
      kind: 'clarification',
      reply_type: 'question',
      asks_for: 'date',
      question: '“next Saturday at 2pm” could mean Sat 28 Nov or Sat 5 Dec. Which one do you mean?',
      suggestions: ['Sat 28 Nov', 'Sat 5 Dec'],
    });
    if (answer.kind !== 'plan') throw new Error(`expected a plan, got ${JSON.stringify(answer)}`);
    expect(answer.plan.actions[0]?.parameters).toMatchObject({ date: '2026-12-05', start_time: '14:00' });
  });
});
