import {
  AIMessage,
  type BaseMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
} from '@langchain/core/messages';
import * as z from 'zod';
import { BookingSummary } from '../../contracts/booking.ts';
import { bookingDataJson } from '../../contracts/booking-data-block.ts';
import { type BookingRecord, bookingsOf } from '../../planner/booking-record.ts';
import { isPickMessage } from '../../planner/pick/pick-message.ts';
import { CONTEXT_MARKERS } from '../../planner/prompt/system-prompt.ts';

/** The pending plan line of the system prompt (lib/planner/prompt/system-prompt.ts). */
const PendingPlan = z.object({
  plan_id: z.string(),
  intent_summary: z.string(),
  steps: z.array(
    z.object({
      step_number: z.number(),
      action_id: z.string(),
      parameters: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type PendingPlan = z.infer<typeof PendingPlan>;

/** What the offline planner reads from the conversation: exactly what a real model is sent. */
export interface OfflineConversation {
  referenced?: BookingSummary;
  pending?: PendingPlan;
  /** The candidate the latest message picked (the planner resolved it): the message itself holds no values. */
  picked?: BookingSummary;
  /** The user's latest message. */
  current: string;
  /** Earlier messages of the same request (their turns ended with a question), oldest first. */
  earlier: string[];
  /** Matches of the latest search this turn, if one ran. */
  lastSearch?: { searchText: string; bookings: BookingRecord[] };
  /** The validation gate's message when this turn's plan was rejected. */
  rejection?: string;
  /** AI messages so far, for deterministic tool-call ids. */
  aiCount: number;
}

export function readConversation(messages: readonly BaseMessage[], searchTool: string): OfflineConversation {
  const system = messages.find((m) => SystemMessage.isInstance(m))?.text ?? '';
  const lastHuman = findLastIndex(messages, (m) => HumanMessage.isInstance(m));
  const turn = messages.slice(lastHuman + 1);
  const conversation: OfflineConversation = {
    current: lastHuman >= 0 ? (messages[lastHuman] as BaseMessage).text : '',
    earlier: openRequestTexts(messages.slice(0, Math.max(lastHuman, 0))),
    aiCount: messages.filter((m) => AIMessage.isInstance(m)).length,
  };
  const referenced = contextLine(system, CONTEXT_MARKERS.referenced, BookingSummary);
  if (referenced) conversation.referenced = referenced;
  const pending = contextLine(system, CONTEXT_MARKERS.pending, PendingPlan);
  if (pending) conversation.pending = pending;
  const picked = contextLine(system, CONTEXT_MARKERS.picked, BookingSummary);
  if (picked) conversation.picked = picked;
  const searches = turn.filter((m): m is ToolMessage => ToolMessage.isInstance(m) && m.name === searchTool);
  const search = searches.at(-1);
  if (search && search.status !== 'error')
    conversation.lastSearch = {
      searchText: searchTextOf(turn, search),
      bookings: parseBookings(search.text),
    };
  const rejection = turn
    .filter(
      (m): m is ToolMessage => ToolMessage.isInstance(m) && m.name === 'propose_plan' && m.status === 'error',
    )
    .at(-1);
  if (rejection) conversation.rejection = rejection.text;
  return conversation;
}

/**
 * Human texts of the turns just before this one that ended with a question, oldest first. A message that only
 * picked a candidate ("the one on Friday") is skipped: its words chose a booking, they are not request values.
 */
function openRequestTexts(history: readonly BaseMessage[]): string[] {
  const texts: string[] = [];
  let end = history.length;
  while (end > 0) {
    const start = findLastIndex(history.slice(0, end), (m) => HumanMessage.isInstance(m));
    if (start < 0) break;
    const turn = history.slice(start, end);
    if (!endedWithQuestion(turn)) break;
    const human = history[start] as BaseMessage;
    if (!isPickMessage(human)) texts.unshift(human.text);
    end = start;
  }
  return texts;
}

/**
 * A turn ended with a question when the model asked one, or when the planner turned its proposal into one (a full
 * slot offers "10:00 instead"): the closing tool result says `shown_to_user: question` (lib/planner/turn-messages.ts).
 */
function endedWithQuestion(turn: readonly BaseMessage[]): boolean {
  const lastCall = (turn.filter((m) => AIMessage.isInstance(m)).at(-1) as AIMessage | undefined)
    ?.tool_calls?.[0];
  if (lastCall?.name === 'ask_clarification') return true;
  const closing = turn.find(
    (m): m is ToolMessage => ToolMessage.isInstance(m) && m.tool_call_id === lastCall?.id,
  );
  if (!closing) return false;
  try {
    return ClosingResult.safeParse(JSON.parse(closing.text)).data?.shown_to_user === 'question';
  } catch {
    return false;
  }
}

/** The closing tool result of a turn (lib/planner/turn-messages.ts). */
const ClosingResult = z.object({ shown_to_user: z.string() });

function contextLine<T>(system: string, marker: string, schema: z.ZodType<T>): T | undefined {
  const line = system.split('\n').find((l) => l.startsWith(marker));
  const json = line?.slice(marker.length).trim();
  if (!json || json === 'none') return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(bookingDataJson(json)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function parseBookings(content: string): BookingRecord[] {
  try {
    const data: unknown = JSON.parse(bookingDataJson(content));
    return data && typeof data === 'object' ? bookingsOf(data as Record<string, unknown>) : [];
  } catch {
    return [];
  }
}

function searchTextOf(turn: readonly BaseMessage[], result: ToolMessage): string {
  for (const m of turn) {
    if (!AIMessage.isInstance(m)) continue;
    const call = m.tool_calls?.find((c) => c.id === result.tool_call_id);
    if (call && typeof call.args.search_text === 'string') return call.args.search_text;
  }
  return '';
}

function findLastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i -= 1) if (test(items[i] as T)) return i;
  return -1;
}
