import { type BaseMessage, isToolMessage } from '@langchain/core/messages';
import { bookingDataJson } from '../../contracts/booking-data-block.ts';
import { isLocalTime } from '../../contracts/primitives.ts';
import type { StoredPlan, StoredStep } from '../../plans/stored-plan.ts';
import type { ActionRegistry } from '../../registry/action-registry.ts';
import type { CompiledParameter } from '../../registry/compiled-action.ts';
import { isSensitiveName } from '../../registry/sensitive.ts';
import type { AskUserArgs } from '../graph/ask-user-tool.ts';
import { dataGaps } from '../step/argument-rules.ts';
import { bookingReferences, labelOf } from '../step/step-label.ts';
import { checkHint } from './question-hint.ts';

/** A question as code rendered it, persisted with the turn so the answer is read against the same question. */
export interface AskSpec {
  ask_kind: AskUserArgs['kind'];
  question: string;
  step_number: number;
  parameter?: string;
  options?: string[];
}

export type Rendered = { ok: true; spec: AskSpec } | { ok: false; reason: string };

/** How many options a choice may list (the rest are not shown). */
const MAX_OPTIONS = 8;

const TYPE_EXAMPLES: Partial<Record<CompiledParameter['type'], string>> = {
  date: ' (a date, e.g. Saturday or 12 December)',
  time: ' (a time, e.g. 3pm or 15:00)',
  datetime: ' (a date and time, e.g. Saturday at 3pm)',
  number: ' (a number)',
  boolean: ' (yes or no)',
};

function sentence(description: string): string {
  return description.trim().replace(/[.\s]+$/, '');
}

/**
 * Issue 14, decision 1: turns the model's ask_user arguments into the question the user sees, about `step` (the
 * step the turn has reached: the first open one, or the one after a step called earlier in the same turn). Every word of it
 * comes from code and the registry (step label, parameter description, options from the booking API's last result
 * for the step); the model contributes only a checked hint. Anything else is refused with a reason the model reads.
 */
export function renderQuestion(
  args: AskUserArgs,
  plan: StoredPlan,
  step: StoredStep | undefined,
  registry: ActionRegistry,
  messages: readonly BaseMessage[],
): Rendered {
  const hint = checkHint(args.hint);
  if (!hint.ok) return hint;
  const action = step && registry.get(step.action_id);
  if (!step || !action) return { ok: false, reason: 'no step is open: there is nothing left to ask about' };
  const label = labelOf(step, action, bookingReferences(plan));
  const head = `Step ${label.stepNumber} (${label.actionName}${label.booking ? ` for ${label.booking}` : ''})`;
  const note = hint.hint ? ` Note: ${hint.hint}${/[.!?]$/.test(hint.hint) ? '' : '.'}` : '';
  const base = { ask_kind: args.kind, step_number: step.step_number };
  if (args.kind === 'confirm_change') {
    const question = `${head}: something changed since you confirmed the plan.${note} Should I go ahead with this step? Please reply yes or no.`;
    return { ok: true, spec: { ...base, question } };
  }
  const parameter = action.parameters.find((p) => p.name === args.parameter);
  if (!parameter)
    return {
      ok: false,
      reason: `${args.kind} needs parameter: a parameter of step ${step.step_number} (${step.action_id})`,
    };
  if (isSensitiveName(parameter.name))
    return { ok: false, reason: `${parameter.name} is sensitive: never asked for` };
  if (args.kind === 'missing_value') {
    if (!dataGaps(action, step.parameters).includes(parameter.name))
      return {
        ok: false,
        reason: `${parameter.name} is not a value the confirmed plan left open (see missing_required)`,
      };
    const question = `${head} needs a value the plan left open: ${sentence(parameter.description)}${TYPE_EXAMPLES[parameter.type] ?? ''}. What should it be?${note}`;
    return { ok: true, spec: { ...base, question, parameter: parameter.name } };
  }
  const options = offeredOptions(messages, step.step_number);
  if (options.length === 0)
    return { ok: false, reason: `no tool result of step ${step.step_number} offered options to choose from` };
  const listed = options.map((o, i) => `${i + 1}. ${o}`).join('; ');
  const question = `${head}: which ${parameter.name.replace(/_/g, ' ')} should I use? ${listed}.${note} Please reply with the number or the option.`;
  return { ok: true, spec: { ...base, question, parameter: parameter.name, options } };
}

/**
 * The options the booking API offered in the step's latest result: the start times of a full slot's
 * `alternatives` (the sandbox and the spec's Error body). Only code-read values become options.
 */
export function offeredOptions(messages: readonly BaseMessage[], stepNumber: number): string[] {
  // Stryker disable next-line ArithmeticOperator: messages[length] is undefined, and `!m` skips it
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const m = messages[i];
    if (!m || !isToolMessage(m) || typeof m.content !== 'string') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(bookingDataJson(m.content));
      // Stryker disable next-line BlockStatement: without `continue`, parsed stays undefined and is skipped below
    } catch {
      continue;
    }
    if (!isRecord(parsed) || parsed.step_number !== stepNumber) continue;
    return slotTimes(parsed).slice(0, MAX_OPTIONS);
  }
  return [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function slotTimes(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) slotTimes(v, out);
  else if (isRecord(value)) {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'alternatives' && Array.isArray(v)) {
        for (const slot of v) {
          const time = isRecord(slot) ? (slot.start_time ?? slot.startTime) : undefined;
          if (typeof time === 'string' && isLocalTime(time) && !out.includes(time)) out.push(time);
        }
      } else slotTimes(v, out);
    }
  }
  return out;
}
