import { type BaseMessage, ToolMessage } from '@langchain/core/messages';
import type { PlanningResult, TerminalCall } from './graph/planning-state.ts';

/**
 * Closes the turn in the history: the terminal tool call gets a result saying what the user was shown, so the
 * next turn's model sees every function call answered (Gemini pairs functionCall with functionResponse).
 */
export function closingMessages(
  terminal: TerminalCall | undefined,
  result: PlanningResult,
  planId?: string,
): BaseMessage[] {
  if (!terminal) return [];
  return [
    new ToolMessage({
      tool_call_id: terminal.id,
      name: terminal.name,
      content: JSON.stringify(shown(result, planId)),
    }),
  ];
}

function shown(result: PlanningResult, planId: string | undefined): Record<string, unknown> {
  switch (result.kind) {
    case 'plan':
      return {
        shown_to_user: 'plan awaiting confirmation',
        plan_id: planId,
        steps: result.presentation.steps.map((s) => s.line),
      };
    case 'clarification':
      return { shown_to_user: 'question', question: result.question };
    default:
      return { shown_to_user: 'cancelled' };
  }
}
