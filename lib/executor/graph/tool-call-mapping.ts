import type { BaseMessage } from '@langchain/core/messages';
import type { ToolCall } from '@langchain/core/messages/tool';
import type { StoredPlan } from '../../plans/stored-plan.ts';
import type { PlannedCall } from '../../ports/execution-log.ts';
import type { ActionRegistry } from '../../registry/action-registry.ts';
import { renderQuestion } from '../ask/render-question.ts';
import { ASK_USER, AskUserArgs } from './ask-user-tool.ts';

/**
 * The id a turn's `index`-th tool call is logged and answered under. A model may send a call without an id; the
 * mapping and the tools node must then agree on the same stand-in, or the step would run without the model's
 * arguments.
 */
export function toolCallIdOf(call: Pick<ToolCall, 'id'>, index: number): string {
  return call.id ?? `call_${index}`;
}

/**
 * Maps one model turn's tool calls onto the confirmed plan, before anything runs (issue 6: the tools are only
 * the plan's actions plus ask_user; the model can't add steps or change the structure):
 * - a call to the action of the next open step maps to that step; the following call may map to the step after;
 * - a call to any other action is refused: a blocked or unknown action, an action outside the plan, or a plan
 *   action out of order (already done, or not next);
 * - ask_user pauses the turn; calls after it are deferred until the answer. Its question is rendered by code
 *   (issue 14); one code cannot render (an unknown kind or parameter, a rejected hint) is refused like a bad call.
 * The mapping is persisted with the turn, so a redelivered message replays exactly the same mapping.
 */
export function mapToolCalls(
  plan: StoredPlan,
  registry: ActionRegistry,
  calls: readonly ToolCall[],
  messages: readonly BaseMessage[] = [],
): PlannedCall[] {
  const planActions = new Set(plan.actions.map((s) => s.action_id));
  let cursor = plan.actions.findIndex((s) => s.step_state !== 'succeeded');
  let paused = false;
  return calls.map((call, i): PlannedCall => {
    const base = { tool_call_id: toolCallIdOf(call, i), name: call.name };
    if (paused)
      return { ...base, kind: 'deferred', reason: 'not run: waiting for the user to answer ask_user' };
    if (call.name === ASK_USER) {
      const args = AskUserArgs.safeParse(call.args);
      if (!args.success) {
        return {
          ...base,
          kind: 'refused',
          guardrail: 'malformed',
          reason:
            'ask_user needs kind (missing_value, choose or confirm_change) and, for the first two, parameter',
        };
      }
      const current = cursor >= 0 ? plan.actions[cursor] : undefined;
      const rendered = renderQuestion(args.data, plan, current, registry, messages);
      if (!rendered.ok)
        return { ...base, kind: 'refused', guardrail: 'malformed', reason: `ask_user: ${rendered.reason}` };
      paused = true;
      return { ...base, kind: 'ask', re_asks: 0, ...rendered.spec };
    }
    const known = registry.get(call.name);
    if (known?.safety_tier === 'blocked') {
      return {
        ...base,
        kind: 'refused',
        guardrail: 'blocked_action',
        reason: `${call.name} is blocked and can never be executed by this service`,
      };
    }
    if (!planActions.has(call.name)) {
      return {
        ...base,
        kind: 'refused',
        guardrail: 'outside_plan',
        reason: `${call.name} is not part of the confirmed plan; only the plan's steps can be executed`,
      };
    }
    const next = cursor >= 0 ? plan.actions[cursor] : undefined;
    if (!next || next.action_id !== call.name) {
      const expected = next
        ? `step ${next.step_number} (${next.action_id}) is next`
        : 'every step is already done';
      return {
        ...base,
        kind: 'refused',
        guardrail: 'out_of_order',
        reason: `${call.name} can't run now: ${expected}`,
      };
    }
    cursor = cursor + 1 < plan.actions.length ? cursor + 1 : -1;
    return { ...base, kind: 'step', step_number: next.step_number };
  });
}
