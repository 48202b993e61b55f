import type { ChatReply, ViewedPlan } from '../../../devkit/chat/service-client.ts';

type Step = { action_id: string; parameters: Record<string, unknown> };

/** A plan as the service answers POST /v1/requests. */
export function aPlanReply(steps: Step[], planId = '3b0f6a52-4c1e-4d7a-9f0e-2a1b3c4d5e6f'): ChatReply {
  const plan = aViewedPlan(steps, 'pending_confirmation', planId);
  return {
    kind: 'plan',
    plan,
    presentation: {
      intent_summary: 'x',
      steps: plan.actions.map((a) => ({
        step_number: a.step_number,
        line: a.action_id,
        safety_tier: 'normal',
        irreversible: false,
      })),
    },
  };
}

/** The plan as GET /v1/plans/{id} shows it, in a given status. */
export function aViewedPlan(
  steps: Step[],
  status: ViewedPlan['status'],
  planId = '3b0f6a52-4c1e-4d7a-9f0e-2a1b3c4d5e6f',
): ViewedPlan {
  return {
    plan_id: planId,
    session_id: 's',
    user_id: 'u',
    intent_summary: 'x',
    status,
    actions: steps.map((s, i) => ({
      ...s,
      step_number: i + 1,
      safety_tier: 'normal' as const,
      executed: false,
    })),
    created_at: '2026-12-02T22:30:00.000Z',
  };
}

/** A clarification (question, decline or cancel by reply_type). */
export function aQuestionReply(
  extra: Partial<Extract<ChatReply, { kind: 'clarification' }>> = {},
): ChatReply {
  return { kind: 'clarification', question: 'Which booking do you mean?', reply_type: 'question', ...extra };
}
