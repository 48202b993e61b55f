import { guardDecline } from '../../question-guard.ts';
import type { PlanningUpdate, PlanningValues } from '../planning-state.ts';
import type { TurnContext } from '../turn-context.ts';

/**
 * The model declined (out of scope): say so, and offer the quick actions the registry supports. A message asking
 * for a credential or carrying an instruction is replaced by code's (question-guard.ts).
 */
export function declineNode(ctx: TurnContext) {
  return async function decline_request(state: PlanningValues): Promise<PlanningUpdate> {
    const call = state.terminal;
    if (call?.name !== 'decline') throw new TypeError('decline_request needs a decline call');
    return {
      result: {
        kind: 'clarification',
        question: guardDecline(
          call.args.message,
          ctx.toolset.actions.filter((a) => !a.read_only).map((a) => a.action_id),
        ),
        unclear: 'out_of_scope',
        ...(ctx.quickActions.length > 0 ? { suggestions: ctx.quickActions } : {}),
        counts: true,
      },
    };
  };
}
