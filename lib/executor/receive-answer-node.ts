import type { BaseMessage } from '@langchain/core/messages';
import type { ExecutorStateUpdate, ExecutorStateValue } from './graph-state.ts';
import { toLoggedMessage } from './message-codec.ts';
import { observationMessage } from './observation.ts';
import { nextOpenStep, type RunContext, savePlan, saveRecord } from './run-context.ts';
import { answerNamesAnotherBooking, NEW_REQUEST_MESSAGE } from './scope-check.ts';

/**
 * Node 'receive_answer': a 'resume' invocation continues from the checkpoint. The stored blocking_answer becomes
 * the ask_user tool result (logged first, then removed from the plan, so it is consumed exactly once). An answer
 * naming another booking fails the plan with "please start a new request"; the tools node catches the other
 * scope changes (a call outside the plan, or a changed confirmed value, right after the answer).
 */
export function receiveAnswerNode(ctx: RunContext) {
  return async function receive_answer(state: ExecutorStateValue): Promise<ExecutorStateUpdate> {
    const answer = ctx.plan.blocking_answer ?? '';
    if (answerNamesAnotherBooking(ctx.plan, answer)) {
      const step = nextOpenStep(ctx.plan)?.step_number ?? 1;
      return {
        outcome: {
          kind: 'failed',
          failure: { kind: 'scope_changed', step_number: step, message: NEW_REQUEST_MESSAGE },
        },
      };
    }
    const observations: BaseMessage[] = ctx.record.pending.map((call) =>
      call.kind === 'ask'
        ? observationMessage(call.tool_call_id, call.name, { status: 'answered', answer })
        : observationMessage(call.tool_call_id, call.name, {
            status: 'not_run',
            reason: 'not run while waiting for the answer; call it again if it is still the next step',
          }),
    );
    await saveRecord(ctx, {
      messages: [...state.messages, ...observations].map(toLoggedMessage),
      pending: [],
      after_answer: true,
    });
    await savePlan(ctx, { remove: ['blocking_answer'] });
    await ctx.deps.sessionStore.releaseBlockingSlot(ctx.plan.session_id, ctx.plan.plan_id);
    ctx.span.event('blocking_prompt_answered', { metadata: { plan_id: ctx.plan.plan_id } });
    return { messages: observations };
  };
}
