import { AIMessage, type HumanMessage } from '@langchain/core/messages';
import type { BookingSummary } from '../contracts/booking.ts';
import type { SpanHandle } from '../ports/tracer.ts';
import type { PlanningResult, TerminalCall } from './graph/planning-state.ts';
import type { TurnOutput } from './plan-turn.ts';
import type { AskClarificationArgs } from './tools/terminal-tools.ts';

/** A reply the planner writes itself, without the model (a pick asked again, a retry it cannot run). */
export interface PlannerQuestion {
  /** The user's message as this turn's HumanMessage. */
  human: HumanMessage;
  question: string;
  /** The traced `unclear` code (reply-type.ts maps it to reply_type and asks_for). */
  unclear: string;
  missing: AskClarificationArgs['missing'];
  candidates?: BookingSummary[];
  /** Counts toward MAX_CLARIFICATIONS. */
  counts: boolean;
  callId: string;
  root: SpanHandle;
  /** Extra attributes of the clarification event. */
  traced?: Record<string, unknown>;
}

/**
 * The turn of a planner-written reply, shaped like a model-asked question: the user's words and an
 * ask_clarification call, which recordOutcome closes with its result, so the next turn's model sees every call
 * answered. The clarification event is recorded like any other (000 Observability).
 */
export function plannerQuestionTurn(q: PlannerQuestion): TurnOutput {
  const candidates = q.candidates ?? [];
  const args: AskClarificationArgs = {
    question: q.question,
    missing: q.missing,
    ...(candidates.length > 0 ? { candidate_booking_ids: candidates.map((c) => c.booking_id) } : {}),
  };
  const terminal: TerminalCall = { name: 'ask_clarification', id: q.callId, args };
  const result: PlanningResult = {
    kind: 'clarification',
    question: q.question,
    unclear: q.unclear,
    ...(candidates.length > 0 ? { candidates } : {}),
    counts: q.counts,
  };
  q.root.event('clarification', {
    input: { unclear: q.unclear, ...q.traced },
    output: { question: q.question, candidates: candidates.length },
  });
  const call = new AIMessage({
    content: '',
    tool_calls: [{ id: terminal.id, name: terminal.name, args: terminal.args, type: 'tool_call' }],
  });
  return { result, terminal, messages: [q.human, call], known: {}, searches: [] };
}
