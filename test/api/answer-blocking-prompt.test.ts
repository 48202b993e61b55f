import { describe, expect, it } from 'vitest';
import { answerBlockingPrompt } from '../../lib/plans/answer-blocking-prompt.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { testTokenSealer } from '../support/token-sealer.ts';
import { inMemoryPlanService } from './plan-service-fixture.ts';

const TOKEN = 'user-token-1';
const WAITING: Partial<StoredPlan> = {
  status: 'executing',
  confirmed_at: '2026-11-21T09:00:00.000Z',
  blocking_prompt: 'How many guests will attend?',
  version: 4,
};

async function withPlan(overrides: Partial<StoredPlan> = WAITING) {
  const service = inMemoryPlanService();
  const plan = aStoredPlan(overrides);
  await service.plans.create(plan);
  return { ...service, plan };
}

const answer = (planId: string, user_message = '12 guests', user_id = 'user-1') => ({
  plan_id: planId,
  user_id,
  user_message,
  token: TOKEN,
});

describe('answerBlockingPrompt', () => {
  it('clears the prompt, stores the answer, bumps the version and enqueues a resume for that version', async () => {
    // Prepare
    const { deps, plan, queue } = await withPlan();
    // Act
    const resumed = await answerBlockingPrompt(deps, answer(plan.plan_id));
    // Assess
    expect(resumed).toMatchObject({ status: 'executing', blocking_answer: '12 guests', version: 5 });
    expect(resumed.blocking_prompt).toBeUndefined();
    expect(queue.messages).toEqual([
      {
        message: { plan_id: plan.plan_id, kind: 'resume', version: 5, sealed_token: expect.any(String) },
        options: { groupId: plan.plan_id, deduplicationId: `${plan.plan_id}:resume:v5` },
      },
    ]);
    // Issue 28: the answer's own token, sealed to this plan.
    expect(await testTokenSealer.unseal(queue.messages[0]?.message.sealed_token ?? '', plan.plan_id)).toBe(
      TOKEN,
    );
  });

  it.each([
    ['executing without a question', { ...WAITING, blocking_prompt: undefined }],
    ['confirmed', { status: 'confirmed', confirmed_at: '2026-11-21T09:00:00.000Z' }],
    ['completed', { status: 'completed', completed_at: '2026-11-21T09:10:00.000Z' }],
  ] as const)('refuses a plan that is %s (409) and changes nothing', async (_label, overrides) => {
    const { deps, plan, plans, queue } = await withPlan(overrides as Partial<StoredPlan>);

    const attempt = answerBlockingPrompt(deps, answer(plan.plan_id));

    await expect(attempt).rejects.toMatchObject({ name: 'PlanConflictError', reason: 'not_awaiting_answer' });
    expect(await plans.get(plan.plan_id)).toEqual(plan);
    expect(queue.attempts).toBe(0);
  });

  it('rejects another user (403) and an unknown plan (404)', async () => {
    const { deps, plan } = await withPlan();

    await expect(answerBlockingPrompt(deps, answer(plan.plan_id, 'x', 'user-2'))).rejects.toMatchObject({
      name: 'PlanAccessDeniedError',
    });
    await expect(
      answerBlockingPrompt(deps, answer('6f1c1f7e-0000-4000-8000-00000000000b')),
    ).rejects.toMatchObject({
      name: 'PlanNotFoundError',
    });
  });

  it('puts the question back when the enqueue fails, so iQ still routes the retry to /answer (503)', async () => {
    // Prepare
    const { deps, plan, queue, plans } = await withPlan();
    queue.failWith(1);
    // Act
    await expect(answerBlockingPrompt(deps, answer(plan.plan_id))).rejects.toMatchObject({
      name: 'PlanEnqueueError',
      kind: 'resume',
    });
    const afterFailure = await plans.get(plan.plan_id);
    const retried = await answerBlockingPrompt(deps, answer(plan.plan_id));
    // Assess
    expect(afterFailure?.blocking_prompt).toBe(WAITING.blocking_prompt);
    expect(afterFailure?.blocking_answer).toBeUndefined();
    expect(retried).toMatchObject({ blocking_answer: '12 guests', version: 7 });
    expect(retried.blocking_prompt).toBeUndefined();
    expect(queue.messages.map((m) => m.options.deduplicationId)).toEqual([`${plan.plan_id}:resume:v7`]);
  });

  it('re-attempts the enqueue when the same answer arrives while it waits for the executor', async () => {
    // Prepare: an answer stored whose resume message never left (the restore above lost a race)
    const { deps, plan, queue } = await withPlan({
      ...WAITING,
      blocking_prompt: undefined,
      blocking_answer: '12 guests',
    });
    // Act
    const retried = await answerBlockingPrompt(deps, answer(plan.plan_id));
    // Assess
    expect(retried).toMatchObject({ blocking_answer: '12 guests', version: 4 });
    expect(queue.messages.map((m) => m.options.deduplicationId)).toEqual([`${plan.plan_id}:resume:v4`]);
  });

  it('refuses a different answer while an earlier one waits for the executor', async () => {
    const { deps, plan } = await withPlan();
    await answerBlockingPrompt(deps, answer(plan.plan_id, '12 guests'));

    const attempt = answerBlockingPrompt(deps, answer(plan.plan_id, '14 guests'));

    await expect(attempt).rejects.toThrow(/earlier answer is being processed/);
  });

  it('lets exactly one of two concurrent different answers win', async () => {
    const { deps, plan, plans } = await withPlan();

    const results = await Promise.allSettled([
      answerBlockingPrompt(deps, answer(plan.plan_id, '12 guests')),
      answerBlockingPrompt(deps, answer(plan.plan_id, '14 guests')),
    ]);

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await plans.get(plan.plan_id))?.version).toBe(5);
  });
});
