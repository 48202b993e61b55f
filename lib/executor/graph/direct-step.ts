import { AIMessage } from '@langchain/core/messages';
import { type ExecutionState, nextOpenStep, stepOutputs } from '../execution-state.ts';
import { planVenue } from '../plan-venue.ts';
import type { RunContext } from '../run-context.ts';
import { dataGaps, decideArguments } from '../step/argument-rules.ts';
import { validateArguments } from '../step/argument-schema.ts';
import { stepOutputLookup } from '../step/templates.ts';

/** Tool-call ids of turns code takes for the model: `direct_step-<N>`, never a model's id. */
export const DIRECT_CALL_PREFIX = 'direct_step-';

/**
 * Issue 32: the turn code takes instead of the model when the next step needs no judgement, or undefined when the
 * model must be asked. A step needs no judgement when its confirmed parameters alone make valid arguments: no data
 * gap, every {{step_N.field}} placeholder resolvable from recorded outputs, the registry schema satisfied as
 * confirmed, no self-correction under way for it (a 400 goes back to the model) and no user answer waiting to be
 * read. The turn is an ordinary tool call with the confirmed values: it is logged and mapped like a model's turn,
 * and runs through the same step runner (plan restriction, argument rule, schema, idempotency, read-back,
 * rollback), so nothing that guards a model's call is skipped.
 */
export function directTurn(ctx: RunContext, state: ExecutionState): AIMessage | undefined {
  const { config, registry } = ctx.deps;
  if (!config.EXECUTOR_DIRECT_STEPS || state.after_answer) return undefined;
  const step = nextOpenStep(state.plan);
  if (step?.step_state !== 'pending') return undefined;
  if ((state.corrections[String(step.step_number)] ?? 0) > 0) return undefined;
  const action = registry.get(step.action_id);
  if (!action || dataGaps(action, step.parameters).length > 0) return undefined;
  const outputs = stepOutputs(state.plan);
  const decision = decideArguments(
    action,
    step.parameters,
    {},
    stepOutputLookup(outputs),
    undefined,
    planVenue(state.plan, config),
  );
  if (!decision.ok || !validateArguments(action, decision.args).ok) return undefined;
  const id = `${DIRECT_CALL_PREFIX}${step.step_number}`;
  return new AIMessage({
    content: '',
    tool_calls: [{ id, name: step.action_id, args: step.parameters, type: 'tool_call' }],
  });
}
