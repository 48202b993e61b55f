import type { BaseMessage } from '@langchain/core/messages';
import { consumeBlockingAnswer } from '../../plans/block-for-answer.ts';
import { nextOpenStep, saveCheckpoint, withPlan } from '../execution-state.ts';
import type { RunContext } from '../run-context.ts';
import { observationMessage } from '../step/observation.ts';
import { type ExecutorStateUpdate, type ExecutorStateValue, toUpdate } from './graph-state.ts';
import { answerNamesAnotherBooking, NEW_REQUEST_MESSAGE } from './scope-check.ts';

/**
 * Node 'receive_answer': a 'resume' invocation continues from the checkpoint. The stored blocking_answer becomes
 * the ask_user tool result (logged first, then removed from the plan, so it is consumed exactly once), and the
 * session's blocking slot is released. An answer naming another booking fails the plan with "please start a new
 * request"; the tools node catches the other scope changes (a call outside the plan, or a changed confirmed
 * value, right after the answer).
 */
export function receiveAnswerNode(ctx: RunContext) {
  return async function receive_answer(state: ExecutorStateValue): Promise<ExecutorStateUpdate> {
    const answer = state.plan.blocking_answer ?? '';
    if (answerNamesAnotherBooking(state.plan, answer)) {
      const step = nextOpenStep(state.plan)?.step_number ?? 1;
      return {
        outcome: {
          kind: 'failed',
          failure: { kind: 'scope_changed', step_number: step, message: NEW_REQUEST_MESSAGE },
        },
      };
    }
    const observations: BaseMessage[] = state.pending.map((call) =>
      call.kind === 'ask'
        ? observationMessage(call.tool_call_id, call.name, { status: 'answered', answer })
        : observationMessage(call.tool_call_id, call.name, {
            status: 'not_run',
            reason: 'not run while waiting for the answer; call it again if it is still the next step',
          }),
    );
    const logged = await saveCheckpoint(ctx, state, {
      messages: [...state.messages, ...observations],
      pending: [],
      after_answer: true,
    });
    const next = await withPlan(logged, (plan) => consumeBlockingAnswer(ctx.deps.planStore, plan));
    await ctx.deps.sessionStore.releaseBlockingSlot(next.plan.session_id, next.plan.plan_id);
    ctx.span.event('blocking_prompt_answered', { metadata: { plan_id: ctx.planId } });
    return toUpdate(next, observations);
  };
}
