import type { PlanningResult, PlanningUpdate, PlanningValues } from '../planning-state.ts';
import type { TurnContext } from '../turn-context.ts';

type Clarification = Extract<PlanningResult, { kind: 'clarification' }>;

/**
 * 000 Planning Rules 5: clarification attempts are bounded (MAX_CLARIFICATIONS). When the session already asked
 * that many, the next question is replaced by a request to rephrase plus quick-action shortcuts, and the count
 * starts again. Every question is traced as a `clarification` event with what was unclear (000 Observability).
 */
export function boundClarificationsNode(ctx: TurnContext) {
  return async function bound_clarifications(state: PlanningValues): Promise<PlanningUpdate> {
    const result = state.result;
    if (result?.kind !== 'clarification') return {};
    return { result: boundClarification(ctx, result) };
  };
}

/** The node's rule for one clarification; also applied to a turn whose graph did not finish (plan-turn.ts). */
export function boundClarification(ctx: TurnContext, result: Clarification): Clarification {
  const exhausted = result.counts && ctx.clarificationCount >= ctx.maxClarifications;
  const final = exhausted
    ? {
        kind: 'clarification' as const,
        question: `I'm still not sure what you'd like to change. Could you rephrase it in one sentence, for example "${ctx.quickActions[0] ?? "Move John Smith's booking to Saturday at 3pm"}"? Or pick a quick action.`,
        unclear: result.unclear,
        ...(ctx.quickActions.length > 0 ? { suggestions: ctx.quickActions } : {}),
        counts: false,
        exhausted: true,
      }
    : result;
  ctx.root.event('clarification', {
    input: { unclear: result.unclear, attempt: ctx.clarificationCount + 1, bound_reached: exhausted },
    output: { question: final.question, candidates: final.candidates?.length ?? 0 },
  });
  return final;
}
