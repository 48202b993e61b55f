import { fc, it as prop } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { PlanStatus } from '../../lib/contracts/enums.ts';
import { canMove, PLAN_MACHINE, STEP_MACHINE } from '../../lib/plans/status-machine.ts';
import { StepState } from '../../lib/plans/stored-plan.ts';
import { applyTransition, onStep, transitionPatch } from '../../lib/plans/transition.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { recordingStore, storedIn } from './plan-fixtures.ts';

describe('transitionPatch', () => {
  prop.prop([fc.constantFrom(...PlanStatus.options), fc.constantFrom(...PlanStatus.options)])(
    'writes a status only along PLAN_MACHINE',
    (from, to) => {
      // Prepare
      const plan = aStoredPlan({ status: from });

      // Act
      const patch = () => transitionPatch(plan, { status: to });

      // Assess
      if (canMove(PLAN_MACHINE, from, to)) expect(patch().set?.status).toBe(to);
      else
        expect(patch).toThrow(expect.objectContaining({ name: 'IllegalTransitionError', machine: 'plan' }));
    },
  );

  prop.prop([fc.constantFrom(...StepState.options), fc.constantFrom(...StepState.options)])(
    'writes a step state only along STEP_MACHINE, and leaves the other steps as they are',
    (from, to) => {
      // Prepare
      const plan = aStoredPlan({ status: 'executing' });
      plan.actions = plan.actions.map((s) => ({ ...s, step_state: from }));

      // Act
      const patch = () => transitionPatch(plan, { steps: onStep(2, (s) => ({ ...s, step_state: to })) });

      // Assess
      if (from === to || canMove(STEP_MACHINE, from, to)) {
        expect(patch().set?.actions?.map((s) => s.step_state)).toEqual([from, to]);
      } else {
        expect(patch).toThrow(expect.objectContaining({ name: 'IllegalTransitionError', machine: 'step' }));
      }
    },
  );

  it('keeps other attributes and removals, and never lets a step be renumbered', () => {
    // Prepare
    const plan = aStoredPlan({ status: 'executing' });

    // Act
    const patch = transitionPatch(plan, {
      set: { blocking_prompt: 'How many?' },
      remove: ['blocking_answer'],
    });
    const renumber = () =>
      transitionPatch(plan, { steps: (s) => ({ ...s, step_number: s.step_number + 1 }) });

    // Assess
    expect(patch).toEqual({ set: { blocking_prompt: 'How many?' }, remove: ['blocking_answer'] });
    expect(renumber).toThrow(new RangeError('a transition cannot renumber steps'));
  });
});

describe('applyTransition', () => {
  it('writes one update conditional on the version read and the expected status', async () => {
    // Prepare
    const { plans, patches } = recordingStore();
    const plan = await storedIn(plans, 'confirmed');

    // Act
    const started = await applyTransition(
      plans,
      plan,
      { status: 'executing' },
      { expectStatus: ['confirmed'] },
    );
    const stale = applyTransition(plans, plan, { status: 'executing' }, { expectStatus: ['confirmed'] });

    // Assess
    expect(started).toMatchObject({ status: 'executing', version: plan.version + 1 });
    await expect(stale).rejects.toMatchObject({ name: 'StaleWriteError' });
    expect(patches).toHaveLength(2);
  });

  it('refuses an illegal move before anything is written', async () => {
    // Prepare
    const { plans, patches } = recordingStore();
    const plan = await storedIn(plans, 'completed', ['succeeded', 'succeeded']);

    // Act
    const reopened = applyTransition(plans, plan, { status: 'executing' }, { expectStatus: ['completed'] });
    const recompensated = applyTransition(
      plans,
      plan,
      { steps: onStep(1, (s) => ({ ...s, step_state: 'pending' })) },
      { expectStatus: ['completed'] },
    );

    // Assess
    await expect(reopened).rejects.toMatchObject({
      name: 'IllegalTransitionError',
      message: `illegal plan transition completed → executing (plan ${plan.plan_id})`,
    });
    await expect(recompensated).rejects.toMatchObject({
      name: 'IllegalTransitionError',
      message: `illegal step transition succeeded → pending (plan ${plan.plan_id} step 1)`,
    });
    expect(patches).toEqual([]);
    expect((await plans.get(plan.plan_id))?.version).toBe(plan.version);
  });
});
