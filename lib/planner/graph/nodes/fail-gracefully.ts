import type { PlanningUpdate, PlanningValues } from '../planning-state.ts';
import type { TurnContext } from '../turn-context.ts';

/**
 * The plan stayed invalid after the repair round (issue 5: then a graceful failure): nothing is shown or stored
 * as a plan; the user is asked to rephrase and offered quick actions. The gate's errors are neither shown nor logged.
 */
export function failGracefullyNode(ctx: TurnContext) {
  return async function fail_gracefully(state: PlanningValues): Promise<PlanningUpdate> {
    // A count only: the errors can quote contact details (the plan_generation span records their codes).
    ctx.logger.warn('plan rejected by the validation gate after the repair round', {
      gate_error_count: state.gate_errors.length,
    });
    return {
      result: {
        kind: 'clarification',
        question:
          "I couldn't turn that into a plan I can safely show you. Could you rephrase it, naming the booking and the change you want?",
        unclear: 'invalid_plan',
        ...(ctx.quickActions.length > 0 ? { suggestions: ctx.quickActions } : {}),
        counts: true,
      },
    };
  };
}
