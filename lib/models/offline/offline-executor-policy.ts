import {
  AIMessage,
  type BaseMessage,
  isAIMessage,
  isSystemMessage,
  isToolMessage,
} from '@langchain/core/messages';
import * as z from 'zod';
import { bookingDataJson } from '../../contracts/booking-data-block.ts';
import { ParameterType } from '../../contracts/enums.ts';
import { ASK_USER } from '../../executor/graph/ask-user-tool.ts';
import { PLAN_CLOSE, PLAN_OPEN } from '../../executor/graph/prompt.ts';
import { normaliseValue } from '../../executor/step/canonical-value.ts';

const PromptPlan = z.object({
  steps: z.array(
    z.object({
      step_number: z.number(),
      action_id: z.string(),
      name: z.string(),
      parameters: z.record(z.string(), z.unknown()),
      missing_required: z.array(z.string()),
      parameter_types: z.record(z.string(), ParameterType),
      done: z.boolean(),
    }),
  ),
});
type PromptPlan = z.infer<typeof PromptPlan>;
type Step = PromptPlan['steps'][number];

const ToolResult = z.object({
  status: z.string(),
  step_number: z.number().optional(),
  message: z.string().optional(),
  answer: z.string().optional(),
});

function text(message: BaseMessage): string {
  return typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
}

function readPlan(messages: BaseMessage[]): PromptPlan | undefined {
  const system = messages.find((m) => isSystemMessage(m) && text(m).includes(PLAN_OPEN));
  if (!system) return undefined;
  const body = text(system);
  // The rules name the markers too: the plan is the last block.
  const json = body.slice(body.lastIndexOf(PLAN_OPEN) + PLAN_OPEN.length, body.lastIndexOf(PLAN_CLOSE));
  const parsed = PromptPlan.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : undefined;
}

interface History {
  done: Set<number>;
  lastResult: Map<number, z.infer<typeof ToolResult>>;
  lastArgs: Map<string, Record<string, unknown>>;
  answers: Map<string, string>;
  turns: number;
}

/** What the conversation says so far: succeeded steps, the last result per step, answers by parameter. */
function readHistory(messages: BaseMessage[]): History {
  const calls = new Map<string, { name: string; args: Record<string, unknown> }>();
  const h: History = {
    done: new Set(),
    lastResult: new Map(),
    lastArgs: new Map(),
    answers: new Map(),
    turns: 0,
  };
  for (const m of messages) {
    if (isAIMessage(m)) {
      h.turns += 1;
      for (const c of m.tool_calls ?? []) {
        calls.set(c.id ?? '', { name: c.name, args: c.args });
        if (c.name !== ASK_USER) h.lastArgs.set(c.name, c.args);
      }
    } else if (isToolMessage(m)) {
      const result = ToolResult.safeParse(JSON.parse(bookingDataJson(text(m))));
      if (!result.success) continue;
      const call = calls.get(m.tool_call_id);
      if (result.data.status === 'answered' && call?.name === ASK_USER) {
        const parameter = call.args.parameter;
        if (typeof parameter === 'string') h.answers.set(parameter, result.data.answer ?? '');
      }
      const step = result.data.step_number;
      if (step === undefined) continue;
      h.lastResult.set(step, result.data);
      if (result.data.status === 'succeeded') h.done.add(step);
    }
  }
  return h;
}

function normalised(step: Step, args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(args).map(([k, v]) => {
      const type = step.parameter_types[k];
      return [k, type ? normaliseValue(type, v) : v];
    }),
  );
}

/** A free-text answer read as the parameter's type: "16 guests" → 16, "3pm" → "15:00". */
function answerValue(type: ParameterType | undefined, answer: string): unknown {
  const text = answer.trim();
  if (type === 'number') {
    const number = /-?\d+(\.\d+)?/.exec(text);
    return number ? Number(number[0]) : text;
  }
  return type ? normaliseValue(type, text) : text;
}

function toolCall(turn: number, name: string, args: Record<string, unknown>): AIMessage {
  return new AIMessage({
    content: '',
    tool_calls: [{ id: `offline_${turn}_${name}`, name, args, type: 'tool_call' }],
  });
}

/**
 * The offline model's whole policy: follow the confirmed plan step by step. It reads the plan from the system
 * prompt and progress from the tool results, calls the next open step with its confirmed parameters (leaving
 * placeholders to the executor), asks the user for a missing required value and uses the answer, fixes value
 * formats once after a 400, and stops when every step succeeded. Deterministic: same messages, same turn.
 */
export function offlineExecutorTurn(messages: BaseMessage[]): AIMessage {
  const plan = readPlan(messages);
  if (!plan) return new AIMessage('I can only execute a confirmed plan, and none was given.');
  const history = readHistory(messages);
  const next = plan.steps.find((s) => !s.done && !history.done.has(s.step_number));
  if (!next) return new AIMessage('All steps of the confirmed plan are done.');
  const args: Record<string, unknown> = { ...next.parameters };
  for (const gap of next.missing_required) {
    const answer = history.answers.get(gap);
    if (answer === undefined) {
      // The service words the question itself (issue 14); the model names only the kind and the parameter.
      return toolCall(history.turns + 1, ASK_USER, { kind: 'missing_value', parameter: gap });
    }
    args[gap] = answerValue(next.parameter_types[gap], answer);
  }
  const last = history.lastResult.get(next.step_number);
  if (last?.status === 'bad_request' || last?.status === 'invalid_arguments') {
    const fixed = normalised(next, history.lastArgs.get(next.action_id) ?? args);
    if (JSON.stringify(fixed) === JSON.stringify(history.lastArgs.get(next.action_id))) {
      return new AIMessage(
        `I cannot correct step ${next.step_number}: ${last.message ?? 'the value was rejected'}.`,
      );
    }
    return toolCall(history.turns + 1, next.action_id, fixed);
  }
  return toolCall(history.turns + 1, next.action_id, args);
}
