import { type AIMessage, type BaseMessage, isAIMessage } from '@langchain/core/messages';
import type { ExecutionFailure, PlannedCall } from '../../ports/execution-log.ts';
import { type ExecutionState, nextOpenStep, saveCheckpoint } from '../execution-state.ts';
import type { RunContext } from '../run-context.ts';
import { observationMessage } from '../step/observation.ts';
import { runStep } from '../step/run-step.ts';
import { type ExecutorStateUpdate, type ExecutorStateValue, toUpdate } from './graph-state.ts';
import { NEW_REQUEST_MESSAGE } from './scope-check.ts';
import { toolCallIdOf } from './tool-call-mapping.ts';

function lastTurn(messages: BaseMessage[]): AIMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const m = messages[i];
    if (m && isAIMessage(m)) return m;
  }
  return undefined;
}

function guardrail(ctx: RunContext, call: PlannedCall, reason: string, guardrailKind: string): void {
  // The event goes on the execution span (issue 7: guardrail events for refused calls).
  ctx.span.event('guardrail', {
    input: { tool: call.name, tool_call_id: call.tool_call_id },
    output: { refused: true, reason },
    metadata: { guardrail: guardrailKind, plan_id: ctx.planId },
  });
  ctx.deps.logger.warn('executor refused a tool call', {
    plan_id: ctx.planId,
    tool: call.name,
    guardrail: guardrailKind,
  });
}

function scopeChanged(stepNumber: number): ExecutionFailure {
  return { kind: 'scope_changed', step_number: stepNumber, message: NEW_REQUEST_MESSAGE };
}

/**
 * Node 'tools' (Act + Observe): runs the logged mapping of the last turn in order. Plan steps go through the
 * write-ahead step runner; refused calls become error observations and guardrail events, and nothing reaches the
 * booking API. The first step that does not succeed stops the turn (later calls: not run). ask_user stops the
 * turn too and is left pending for the 'ask_user' node.
 */
export function toolsNode(ctx: RunContext) {
  return async function tools(state: ExecutorStateValue): Promise<ExecutorStateUpdate> {
    const turn = lastTurn(state.messages);
    const argsById = new Map((turn?.tool_calls ?? []).map((c, i) => [toolCallIdOf(c, i), c.args]));
    const observations: BaseMessage[] = [];
    const remaining: PlannedCall[] = [];
    let failure: ExecutionFailure | undefined;
    let blockedBy: string | undefined;
    let current: ExecutionState = state;

    for (const call of state.pending) {
      if (failure || call.kind === 'ask' || remaining.length > 0) {
        if (!failure) remaining.push(call);
        continue;
      }
      if (blockedBy !== undefined || call.kind === 'deferred') {
        const reason = call.kind === 'deferred' ? call.reason : `not run: ${blockedBy}`;
        observations.push(observationMessage(call.tool_call_id, call.name, { status: 'not_run', reason }));
        continue;
      }
      if (call.kind === 'refused') {
        guardrail(ctx, call, call.reason, call.guardrail);
        observations.push(
          observationMessage(call.tool_call_id, call.name, { status: 'refused', reason: call.reason }),
        );
        if (state.after_answer) failure = scopeChanged(nextOpenStep(current.plan)?.step_number ?? 1);
        continue;
      }
      const run = await runStep(ctx, current, call.step_number, argsById.get(call.tool_call_id) ?? {});
      current = run.state;
      const { outcome } = run;
      observations.push(observationMessage(call.tool_call_id, call.name, outcome.observation));
      if (outcome.kind === 'refused') {
        guardrail(ctx, call, outcome.reason, 'changed_confirmed_value');
        if (state.after_answer) failure = scopeChanged(call.step_number);
        blockedBy = `step ${call.step_number} was refused`;
      } else if (outcome.kind === 'correctable') {
        blockedBy = `step ${call.step_number} must succeed first`;
      } else if (outcome.kind === 'failed') {
        failure = outcome.failure;
      }
    }

    const next = await saveCheckpoint(ctx, current, {
      messages: [...state.messages, ...observations],
      pending: failure ? [] : remaining,
      after_answer: false,
      // Logged with the turn: a scope change seen here could not be recomputed after a crash.
      ...(failure ? { failure } : {}),
    });
    return toUpdate(next, observations, failure ? { kind: 'failed', failure } : undefined);
  };
}
