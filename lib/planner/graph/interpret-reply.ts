import type { AIMessage, ToolCall } from '@langchain/core/messages';
import * as z from 'zod';
import type { BoundToolset } from '../tools/bound-toolset.ts';
import {
  AskClarificationArgs,
  CancelRequestArgs,
  DeclineArgs,
  isTerminalToolName,
  StepParameter,
} from '../tools/terminal-tools.ts';
import type { TerminalCall } from './planning-state.ts';

/**
 * propose_plan as parsed: action_id is any string here, so an unknown or blocked action reaches the validation
 * gate (and its repair round) instead of being rejected as malformed output.
 */
const ProposePlanArgs = z.object({
  // Issue 14: no intent_summary is read from the model (an older model turn may still send one: stripped).
  steps: z.array(z.object({ action_id: z.string().min(1), parameters: z.array(StepParameter) })),
});

/** How the graph reads one model reply. */
export type ReplyVerdict =
  | { kind: 'terminal'; call: TerminalCall }
  | { kind: 'lookups'; calls: ToolCall[] }
  | { kind: 'invalid'; reason: string };

/**
 * Checks a reply against the turn's contract: at least one tool call, only bound tools, and either lookups or
 * exactly one terminal call with arguments that parse. Anything else is invalid output (one retry, then error).
 */
export function interpretReply(reply: AIMessage, toolset: BoundToolset): ReplyVerdict {
  if ((reply.invalid_tool_calls ?? []).length > 0) {
    return { kind: 'invalid', reason: 'a tool call could not be parsed as JSON arguments' };
  }
  const calls = reply.tool_calls ?? [];
  if (calls.length === 0) return { kind: 'invalid', reason: 'the reply called no tool' };
  const unknown = calls.filter((c) => !isTerminalToolName(c.name) && !toolset.lookups.has(c.name));
  if (unknown.length > 0) {
    const names = unknown.map((c) => c.name).join(', ');
    return { kind: 'invalid', reason: `${names} is not an available tool; changes go in propose_plan steps` };
  }
  const terminal = calls.filter((c) => isTerminalToolName(c.name));
  if (terminal.length === 0) return { kind: 'lookups', calls };
  if (terminal.length > 1 || calls.length > 1) {
    return {
      kind: 'invalid',
      reason: 'call lookups first; end the turn with exactly one of the final tools, alone',
    };
  }
  return parseTerminal(terminal[0] as ToolCall);
}

function parseTerminal(call: ToolCall): ReplyVerdict {
  const id = call.id ?? `${call.name}-call`;
  const invalid = (error: z.ZodError): ReplyVerdict => ({
    kind: 'invalid',
    reason: `${call.name} arguments are invalid: ${z.prettifyError(error)}`,
  });
  switch (call.name) {
    case 'propose_plan': {
      const parsed = ProposePlanArgs.safeParse(call.args);
      return parsed.success
        ? { kind: 'terminal', call: { name: call.name, id, args: parsed.data } }
        : invalid(parsed.error);
    }
    case 'ask_clarification': {
      const parsed = AskClarificationArgs.safeParse(call.args);
      return parsed.success
        ? { kind: 'terminal', call: { name: call.name, id, args: parsed.data } }
        : invalid(parsed.error);
    }
    case 'decline': {
      const parsed = DeclineArgs.safeParse(call.args);
      return parsed.success
        ? { kind: 'terminal', call: { name: call.name, id, args: parsed.data } }
        : invalid(parsed.error);
    }
    default: {
      const parsed = CancelRequestArgs.safeParse(call.args ?? {});
      return parsed.success
        ? { kind: 'terminal', call: { name: 'cancel_request', id, args: parsed.data } }
        : invalid(parsed.error);
    }
  }
}
