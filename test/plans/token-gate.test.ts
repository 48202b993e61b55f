import { describe, expect, it } from 'vitest';
import { answerBlockingPrompt } from '../../lib/plans/answer-blocking-prompt.ts';
import { confirmPlan } from '../../lib/plans/confirm-plan.ts';
import type { PlanUseCaseDeps } from '../../lib/plans/plan-use-case-deps.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import { StaleWriteError } from '../../lib/ports/plan-store.ts';
import { inMemoryPlanService } from '../api/plan-service-fixture.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { refusingWrites } from './plan-fixtures.ts';

const TOKEN = 'user-token-1';

// Issue 14: confirm and answer prove the caller's token (401/403) before they write or enqueue anything.
describe.each([
  {
    useCase: 'confirmPlan',
    stored: {},
    run: (deps: PlanUseCaseDeps, planId: string) =>
      confirmPlan(deps, { plan_id: planId, user_id: 'user-1', token: TOKEN }),
  },
  {
    useCase: 'answerBlockingPrompt',
    stored: {
      status: 'executing',
      confirmed_at: '2026-11-21T09:00:00.000Z',
      blocking_prompt: 'How many guests?',
    },
    run: (deps: PlanUseCaseDeps, planId: string) =>
      answerBlockingPrompt(deps, { plan_id: planId, user_id: 'user-1', user_message: '12', token: TOKEN }),
  },
] as const)('$useCase: the token check', ({ stored, run }) => {
  async function storedPlan() {
    const service = inMemoryPlanService();
    const plan = aStoredPlan(stored as Partial<StoredPlan>);
    await service.plans.create(plan);
    return { ...service, plan };
  }

  it('proves the token once, before anything is sent, even when the write is retried', async () => {
    // Prepare
    const { deps, plan, plans, queue } = await storedPlan();
    const racing = refusingWrites(plans, (n) =>
      n === 1 ? new StaleWriteError(plan.plan_id, plan.version) : undefined,
    );
    const checked: string[] = [];
    const checkToken = async (_p: StoredPlan, token: string) =>
      void checked.push(`${queue.attempts}:${token}`);

    // Act
    await run({ ...deps, plans: racing.plans, checkToken }, plan.plan_id);

    // Assess
    expect(checked).toEqual([`0:${TOKEN}`]);
    expect(racing.writes).toHaveLength(2);
  });

  it('leaves the plan as stored and sends nothing when the booking API refuses the token', async () => {
    // Prepare
    const { deps, plan, plans, queue } = await storedPlan();
    const refused = new Error('403 from the booking API');
    const checkToken = async () => {
      throw refused;
    };

    // Act
    const attempt = run({ ...deps, checkToken }, plan.plan_id);

    // Assess
    await expect(attempt).rejects.toBe(refused);
    expect(await plans.get(plan.plan_id)).toEqual(plan);
    expect(queue.attempts).toBe(0);
  });
});
