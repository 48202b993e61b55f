import { MODEL_GAVE_UP } from '../../reply-type.ts';
import type { GaveUpReason, PlanningResult, PlanningUpdate, PlanningValues } from '../planning-state.ts';
import type { TurnContext } from '../turn-context.ts';

/**
 * Marks the user turn of a model-gave-up reply in the history: the user was asked to rephrase it, so it no longer
 * licenses or grounds a step (plan-turn.ts; the chaos model, seed 22, found a note request's "one guest" licensing
 * a guest count two turns later). Providers ignore additional_kwargs on user turns.
 */
export const REPHRASE_ASKED_KWARG = 'rephrase_asked';

const QUESTION =
  "I couldn't work out a safe change from that, so nothing was changed. Could you rephrase it, naming the booking and the change you want?";

/**
 * ADR 0014: the model answered, but never with a valid decision (invalid output twice, no final tool call within
 * MAX_MODEL_CALLS). That is not an unavailable service (503 stays for a model that cannot be reached): the user
 * gets a rephrase request rendered by code, like fail_gracefully. Nothing is planned; none of the model's text
 * is shown; the history keeps only the user's message and this reply (plan-turn.ts).
 */
export function modelGaveUpNode(ctx: TurnContext) {
  return async function model_gave_up(state: PlanningValues): Promise<PlanningUpdate> {
    return {
      result: modelGaveUp(ctx, state.gave_up ?? 'no_result', {
        model_calls: state.model_calls,
        invalid_outputs: state.invalid_outputs,
      }),
    };
  };
}

/** The reply, with the warning (counts only: the model's text can quote booking data) and the traced reason. */
export function modelGaveUp(
  ctx: TurnContext,
  reason: GaveUpReason,
  counts: { model_calls: number; invalid_outputs: number },
): Extract<PlanningResult, { kind: 'clarification' }> {
  ctx.logger.warn('planner model gave up; the user is asked to rephrase', { reason, ...counts });
  ctx.root.event(MODEL_GAVE_UP, { metadata: { reason, ...counts } });
  return {
    kind: 'clarification',
    question: QUESTION,
    unclear: MODEL_GAVE_UP,
    ...(ctx.quickActions.length > 0 ? { suggestions: ctx.quickActions } : {}),
    // Counts toward MAX_CLARIFICATIONS: a model that keeps failing reaches the bound, which clears the history.
    counts: true,
  };
}
