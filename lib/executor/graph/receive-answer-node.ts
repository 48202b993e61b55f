import type { BaseMessage } from '@langchain/core/messages';
import { consumeBlockingAnswer, reAskBlockingPrompt } from '../../plans/block-for-answer.ts';
import type { StoredPlan } from '../../plans/stored-plan.ts';
import type { PlannedCall } from '../../ports/execution-log.ts';
import { readAnswer } from '../ask/read-answer.ts';
import { nextOpenStep, saveCheckpoint, withPlan } from '../execution-state.ts';
import { planVenue } from '../plan-venue.ts';
import type { RunContext } from '../run-context.ts';
import { observationMessage } from '../step/observation.ts';
import { type ExecutorStateUpdate, type ExecutorStateValue, toUpdate } from './graph-state.ts';
import { answerNamesAnotherBooking, NEW_REQUEST_MESSAGE } from './scope-check.ts';

/** Answers that don't answer the question before the plan stops (issue 14: bounded re-asks). */
export const MAX_REASKS = 2;

type Ask = Extract<PlannedCall, { kind: 'ask' }>;

/**
 * Node 'receive_answer': a 'resume' invocation continues from the checkpoint. The stored blocking_answer is read
 * against the question's kind (issue 14); a readable answer becomes the ask_user tool result as its validated
 * value (logged first, then removed from the plan, so it is consumed exactly once) and the session's blocking
 * slot is released. An unreadable one is never used: the question is asked again (the slot stays claimed), at
 * most MAX_REASKS times. An answer naming another booking fails the plan with "please start a new request"; a
 * "no" to a changed condition stops it; the tools node catches the other scope changes.
 */
export function receiveAnswerNode(ctx: RunContext) {
  return async function receive_answer(state: ExecutorStateValue): Promise<ExecutorStateUpdate> {
    const answer = state.plan.blocking_answer ?? '';
    const step = nextOpenStep(state.plan);
    const stepNumber = step?.step_number ?? 1;
    if (answerNamesAnotherBooking(state.plan, answer))
      return failed(stepNumber, 'scope_changed', NEW_REQUEST_MESSAGE);
    const ask = state.pending.find((c): c is Ask => c.kind === 'ask');
    const reading =
      ask && step
        ? readAnswer(ask, answer, step.action_id, ctx.deps.registry, whenContext(ctx, state.plan))
        : undefined;
    if (ask && reading && !reading.ok) return reAsk(ctx, state, ask, reading.problem, stepNumber);
    if (ask?.ask_kind === 'confirm_change' && reading?.ok && reading.value === 'no')
      return failed(stepNumber, 'scope_changed', 'You chose not to go ahead. Nothing more was changed.');
    const value = reading?.ok ? reading.value : answer;
    const observations: BaseMessage[] = state.pending.map((call) =>
      call.kind === 'ask'
        ? observationMessage(call.tool_call_id, call.name, { status: 'answered', answer: value })
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

function failed(
  stepNumber: number,
  kind: 'scope_changed' | 'answer_unusable',
  message: string,
): ExecutorStateUpdate {
  return { outcome: { kind: 'failed', failure: { kind, step_number: stepNumber, message } } };
}

/** The answer is dropped and the same question shown again with what was wrong; the slot stays claimed. */
async function reAsk(
  ctx: RunContext,
  state: ExecutorStateValue,
  ask: Ask,
  problem: string,
  stepNumber: number,
): Promise<ExecutorStateUpdate> {
  if (ask.re_asks >= MAX_REASKS) {
    return failed(
      stepNumber,
      'answer_unusable',
      `Step ${stepNumber} needed an answer I could not use after ${MAX_REASKS + 1} tries (${problem}). Nothing more was changed; please start the request again.`,
    );
  }
  const counted = await saveCheckpoint(ctx, state, {
    pending: state.pending.map((c) => (c === ask ? { ...ask, re_asks: ask.re_asks + 1 } : c)),
  });
  const next = await withPlan(counted, (plan) =>
    reAskBlockingPrompt(ctx.deps.planStore, plan, `${problem} ${ask.question}`),
  );
  ctx.span.event('blocking_prompt_reasked', { metadata: { plan_id: ctx.planId, re_asks: ask.re_asks + 1 } });
  return toUpdate(next, [], { kind: 'blocked' });
}

/** Issue 27: an answer is read on the plan's venue clock (the one it was planned under), as of now. */
function whenContext(ctx: RunContext, plan: StoredPlan) {
  return { now: ctx.deps.clock.now(), ...planVenue(plan, ctx.deps.config) };
}
