import { describe, expect, it } from 'vitest';
import {
  consumeBlockingAnswer,
  raiseBlockingPrompt,
  reAskBlockingPrompt,
} from '../../lib/plans/block-for-answer.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import type { PlanStore } from '../../lib/ports/plan-store.ts';
import { recordingStore, storedIn } from './plan-fixtures.ts';

describe('block for an answer (000 Execute Plan 4)', () => {
  describe('raiseBlockingPrompt', () => {
    it('shows the question on the executing plan in one conditional write', async () => {
      // Prepare
      const { plans, patches } = recordingStore();
      const plan = await storedIn(plans, 'executing');

      // Act
      const blocked = await raiseBlockingPrompt(plans, plan, 'How many guests?');

      // Assess
      expect(patches).toEqual([{ set: { blocking_prompt: 'How many guests?' } }]);
      expect(blocked).toMatchObject({ status: 'executing', blocking_prompt: 'How many guests?' });
      expect(blocked.version).toBe(plan.version + 1);
    });

    it('returns a plan already showing this question as it is, without a write', async () => {
      // Prepare
      const { plans, patches } = recordingStore();
      const plan = await storedIn(plans, 'executing', undefined, { blocking_prompt: 'How many guests?' });

      // Act
      const same = await raiseBlockingPrompt(plans, plan, 'How many guests?');

      // Assess
      expect(same).toBe(plan);
      expect(patches).toEqual([]);
    });

    it('writes only while the stored plan is executing: a finished plan is a lost race (StaleWriteError)', async () => {
      const { plans } = recordingStore();
      const plan = await storedIn(plans, 'completed');

      await expect(raiseBlockingPrompt(plans, plan, 'How many?')).rejects.toMatchObject({
        name: 'StaleWriteError',
      });
    });
  });

  describe('consumeBlockingAnswer', () => {
    it('removes the stored answer, so the executor consumes it exactly once', async () => {
      // Prepare
      const { plans, patches } = recordingStore();
      const plan = await storedIn(plans, 'executing', undefined, { blocking_answer: '12' });

      // Act
      const consumed = await consumeBlockingAnswer(plans, plan);

      // Assess
      expect(patches).toEqual([expect.objectContaining({ remove: ['blocking_answer'] })]);
      expect(patches[0]?.set?.blocking_prompt).toBeUndefined();
      expect(consumed.blocking_answer).toBeUndefined();
    });
  });

  describe('reAskBlockingPrompt', () => {
    it('drops the unusable answer and shows the question again in one write (issue 14)', async () => {
      // Prepare
      const { plans, patches } = recordingStore();
      const plan = await storedIn(plans, 'executing', undefined, { blocking_answer: 'lots' });

      // Act
      const reasked = await reAskBlockingPrompt(plans, plan, 'That was not a number. How many guests?');

      // Assess
      expect(patches).toEqual([
        { set: { blocking_prompt: 'That was not a number. How many guests?' }, remove: ['blocking_answer'] },
      ]);
      expect(reasked).toMatchObject({ blocking_prompt: 'That was not a number. How many guests?' });
      expect(reasked.blocking_answer).toBeUndefined();
    });
  });

  describe.each([
    ['consumeBlockingAnswer', (plans: PlanStore, plan: StoredPlan) => consumeBlockingAnswer(plans, plan)],
    [
      'reAskBlockingPrompt',
      (plans: PlanStore, plan: StoredPlan) => reAskBlockingPrompt(plans, plan, 'How many?'),
    ],
  ] as const)('%s', (_name, write) => {
    it('writes only while the stored plan is executing: a finished plan is a lost race (StaleWriteError)', async () => {
      // Prepare
      const { plans } = recordingStore();
      const plan = await storedIn(plans, 'completed', undefined, { blocking_answer: '12' });

      // Act
      const attempt = write(plans, { ...plan, status: 'executing' });

      // Assess
      await expect(attempt).rejects.toMatchObject({ name: 'StaleWriteError' });
      expect(await plans.get(plan.plan_id)).toEqual(plan);
    });
  });
});
