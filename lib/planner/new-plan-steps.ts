import type { NewPlanStep } from '../plans/create-pending-plan.ts';
import type { PlanStepDraft } from './gate/gate-types.ts';
import type { PlannerRegistry } from './planner-deps.ts';
import type { PlanPresentation } from './request-outcome.ts';

/** The validated drafts as plan steps: each with the tier of its action (001) and its confirmation line. */
export function newPlanSteps(
  drafts: readonly PlanStepDraft[],
  presentation: PlanPresentation,
  registry: PlannerRegistry,
): NewPlanStep[] {
  return drafts.map((step) => {
    const line = presentation.steps.find((s) => s.step_number === step.step_number)?.line;
    return {
      step_number: step.step_number,
      action_id: step.action_id,
      parameters: step.parameters,
      safety_tier: registry.get(step.action_id)?.safety_tier === 'high_risk' ? 'high_risk' : 'normal',
      ...(line !== undefined ? { description: line } : {}),
    };
  });
}
