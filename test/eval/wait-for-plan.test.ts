import { describe, expect, it } from 'vitest';
import type { ServiceClient, ViewedPlan } from '../../devkit/chat/service-client.ts';
import { waitForPlan } from '../../eval/lib/wait-for-plan.ts';

type Client = Pick<ServiceClient, 'get' | 'answer'>;

function aPlan(fields: Partial<ViewedPlan>): ViewedPlan {
  return {
    plan_id: '6f1c1f7e-0000-4000-8000-000000000001',
    session_id: 's',
    user_id: 'u',
    intent_summary: 'Move BK-1 and send the confirmation',
    status: 'executing',
    actions: [
      {
        step_number: 1,
        action_id: 'rescheduleBooking',
        parameters: {},
        safety_tier: 'normal',
        executed: true,
      },
    ],
    created_at: '2026-11-22T23:00:00.000Z',
    ...fields,
  };
}

/** A client whose GETs return the scripted states in order; answers are recorded. */
function scriptedClient(states: ViewedPlan[]): Client & { answers: string[] } {
  const answers: string[] = [];
  let i = 0;
  return {
    answers,
    get: async () => states[Math.min(i++, states.length - 1)]!,
    answer: async (_id, text) => {
      answers.push(text);
      return aPlan({});
    },
  };
}

describe('waitForPlan', () => {
  it('answers each blocking prompt with the next scripted answer and returns the terminal plan', async () => {
    // Prepare
    const client = scriptedClient([
      aPlan({ status: 'confirmed' }),
      aPlan({ blocking_prompt: 'Email or SMS?' }),
      aPlan({}),
      aPlan({ status: 'completed' }),
    ]);

    // Act
    const result = await waitForPlan(client, 'p', { answers: ['email'], timeoutMs: 5_000, pollMs: 0 });

    // Assess
    expect(result).toMatchObject({ ok: true, prompts: ['Email or SMS?'], plan: { status: 'completed' } });
    expect(client.answers).toEqual(['email']);
  });

  it('stops at a blocking prompt no answer was scripted for', async () => {
    const client = scriptedClient([aPlan({ blocking_prompt: 'How many guests?' })]);

    const result = await waitForPlan(client, 'p', { answers: [], timeoutMs: 5_000, pollMs: 0 });

    expect(result).toMatchObject({ ok: false, reason: 'unexpected blocking prompt "How many guests?"' });
    expect(client.answers).toEqual([]);
  });

  it('gives up at the deadline while the plan is still running (bounded wait)', async () => {
    // Prepare: a clock that jumps 1 s per reading
    let t = 0;
    const client = scriptedClient([aPlan({ status: 'executing' })]);

    // Act
    const result = await waitForPlan(client, 'p', {
      answers: [],
      timeoutMs: 3_000,
      pollMs: 0,
      now: () => (t += 1_000),
    });

    // Assess
    expect(result).toMatchObject({ ok: false, reason: 'plan still executing after 3000 ms' });
  });
});
