import { describe, expect, it } from 'vitest';
import { answerBlockingPrompt } from '../../lib/plans/answer-blocking-prompt.ts';
import { MAX_WRITE_ATTEMPTS } from '../../lib/plans/plan-use-case-deps.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import { StaleWriteError } from '../../lib/ports/plan-store.ts';
import { inMemoryPlanService } from '../api/plan-service-fixture.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { concurrentChange, refusingWrites } from './plan-fixtures.ts';

// The use case's own rules over in-memory deps; the HTTP mapping is pinned in test/api/answer-blocking-prompt.test.ts.

const QUESTION = 'How many guests will attend?';
const WAITING: Partial<StoredPlan> = {
  status: 'executing',
  confirmed_at: '2026-11-21T09:00:00.000Z',
  blocking_prompt: QUESTION,
  version: 4,
};

const answer = (planId: string, user_message = '12 guests') => ({
  plan_id: planId,
  user_id: 'user-1',
  user_message,
  token: 'user-token-1',
});

async function waitingPlan(overrides: Partial<StoredPlan> = WAITING) {
  const service = inMemoryPlanService();
  const plan = aStoredPlan(overrides);
  await service.plans.create(plan);
  return { ...service, plan };
}

describe('answerBlockingPrompt: the answer write', () => {
  it(`gives up with a 409 concurrent_change after losing ${MAX_WRITE_ATTEMPTS} races, re-reading between them`, async () => {
    // Prepare
    const { deps, plan, plans, queue } = await waitingPlan();
    const racing = refusingWrites(plans, () => new StaleWriteError(plan.plan_id, 4));

    // Act
    const attempt = answerBlockingPrompt({ ...deps, plans: racing.plans }, answer(plan.plan_id));

    // Assess
    await expect(attempt).rejects.toMatchObject(concurrentChange(plan.plan_id));
    expect(racing.writes).toHaveLength(MAX_WRITE_ATTEMPTS);
    expect(await plans.get(plan.plan_id)).toEqual(plan);
    expect(queue.attempts).toBe(0);
  });

  it('stores the answer on a later attempt after losing a race, and enqueues once', async () => {
    // Prepare
    const { deps, plan, plans, queue } = await waitingPlan();
    const racing = refusingWrites(plans, (n) => (n === 1 ? new StaleWriteError(plan.plan_id, 4) : undefined));

    // Act
    const answered = await answerBlockingPrompt({ ...deps, plans: racing.plans }, answer(plan.plan_id));

    // Assess
    expect(answered).toMatchObject({ blocking_answer: '12 guests', version: 5 });
    expect(racing.writes).toHaveLength(2);
    expect(queue.messages).toHaveLength(1);
  });

  it('rethrows any other write failure at once: no retry, no message', async () => {
    // Prepare
    const { deps, plan, plans, queue } = await waitingPlan();
    const outage = new Error('store unavailable');
    const failing = refusingWrites(plans, () => outage);

    // Act
    const attempt = answerBlockingPrompt({ ...deps, plans: failing.plans }, answer(plan.plan_id));

    // Assess
    await expect(attempt).rejects.toBe(outage);
    expect(failing.writes).toHaveLength(1);
    expect(queue.attempts).toBe(0);
  });

  it('writes the answer, and puts the question back after a failed enqueue, only while the plan is executing', async () => {
    // Prepare
    const { deps, plan, plans, queue } = await waitingPlan();
    const recorded = refusingWrites(plans, () => undefined);
    queue.failWith(1);

    // Act
    const attempt = answerBlockingPrompt({ ...deps, plans: recorded.plans }, answer(plan.plan_id));

    // Assess
    await expect(attempt).rejects.toMatchObject({ name: 'PlanEnqueueError' });
    expect(recorded.writes).toEqual([{ expectStatus: ['executing'] }, { expectStatus: ['executing'] }]);
    expect((await plans.get(plan.plan_id))?.blocking_prompt).toBe(QUESTION);
  });

  it('logs the answered prompt with the plan, session, status and new version', async () => {
    // Prepare
    const { deps, plan, lines } = await waitingPlan();

    // Act
    await answerBlockingPrompt(deps, answer(plan.plan_id));

    // Assess
    expect(lines).toEqual([
      {
        level: 'info',
        message: `plan ${plan.plan_id} blocking prompt answered; execution resuming`,
        attributes: { plan_id: plan.plan_id, session_id: plan.session_id, status: 'executing', version: 5 },
      },
    ]);
  });

  it('warns, and keeps the answer, when the question cannot be put back after a failed enqueue', async () => {
    // Prepare: the answer write lands, the restore loses a race.
    const { deps, plan, plans, queue, lines } = await waitingPlan();
    const racing = refusingWrites(plans, (n) => (n === 2 ? new StaleWriteError(plan.plan_id, 5) : undefined));
    queue.failWith(1);

    // Act
    const attempt = answerBlockingPrompt({ ...deps, plans: racing.plans }, answer(plan.plan_id));

    // Assess
    await expect(attempt).rejects.toMatchObject({ name: 'PlanEnqueueError' });
    expect(lines.filter((l) => l.level === 'warn').at(-1)).toEqual({
      level: 'warn',
      message: `plan ${plan.plan_id}: could not restore the question after a failed enqueue`,
      attributes: { plan_id: plan.plan_id, error_name: 'StaleWriteError' },
    });
    expect(await plans.get(plan.plan_id)).toMatchObject({ blocking_answer: '12 guests', version: 5 });
  });
});

describe('answerBlockingPrompt: an answer already stored', () => {
  it.each(['completed', 'failed', 'rolled_back'] as const)(
    'is not re-sent once the plan is %s: 409 not_awaiting_answer, no resume message',
    async (status) => {
      // Prepare: the executor finished after consuming the answer, which stays on the item.
      const { deps, plan, queue } = await waitingPlan({
        ...WAITING,
        status,
        completed_at: '2026-11-21T09:10:00.000Z',
        blocking_prompt: undefined,
        blocking_answer: '12 guests',
      });

      // Act
      const attempt = answerBlockingPrompt(deps, answer(plan.plan_id));

      // Assess
      await expect(attempt).rejects.toMatchObject({
        name: 'PlanConflictError',
        reason: 'not_awaiting_answer',
      });
      expect(queue.attempts).toBe(0);
    },
  );
});

describe('answerBlockingPrompt: when no answer is awaited', () => {
  it.each([
    ['executing without a question', { blocking_prompt: undefined }, 'status executing; no question pending'],
    [
      'failed with its question still shown',
      { status: 'failed' as const, completed_at: '2026-11-21T09:10:00.000Z' },
      'status failed; no question pending',
    ],
    [
      'cancelled (closed)',
      {
        status: 'cancelled' as const,
        blocking_prompt: undefined,
        closed_reason: 'cancelled_by_user' as const,
      },
      'status cancelled; it was closed: cancelled by user',
    ],
  ])('refuses a plan %s with 409 not_awaiting_answer saying why', async (_label, overrides, why) => {
    // Prepare
    const { deps, plan, plans, queue } = await waitingPlan({ ...WAITING, ...overrides });

    // Act
    const attempt = answerBlockingPrompt(deps, answer(plan.plan_id));

    // Assess
    await expect(attempt).rejects.toMatchObject({
      name: 'PlanConflictError',
      reason: 'not_awaiting_answer',
      message: `plan ${plan.plan_id} is not awaiting an answer (${why})`,
    });
    expect(await plans.get(plan.plan_id)).toEqual(plan);
    expect(queue.attempts).toBe(0);
  });

  it('stores an answer to a new question even when an earlier answer is still on the item', async () => {
    // Prepare: the executor asked again; the first answer was not yet removed.
    const { deps, plan, queue } = await waitingPlan({ ...WAITING, blocking_answer: '12 guests' });

    // Act
    const answered = await answerBlockingPrompt(deps, answer(plan.plan_id, '12 guests'));

    // Assess
    expect(answered).toMatchObject({ blocking_answer: '12 guests', version: 5 });
    expect(answered.blocking_prompt).toBeUndefined();
    expect(queue.messages.map((m) => m.message.version)).toEqual([5]);
  });
});
