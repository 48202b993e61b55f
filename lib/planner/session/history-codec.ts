import {
  type BaseMessage,
  mapChatMessagesToStoredMessages,
  mapStoredMessagesToChatMessages,
  type StoredMessage,
  ToolMessage,
} from '@langchain/core/messages';
import * as z from 'zod';
import { maskFreeText } from '../../observability/redact.ts';
import { StoredChatMessage } from '../../ports/session-store.ts';

/** The StoredMessage shapes we write; anything else in a stored session is treated as corrupt. */
const KnownStoredMessage = z.object({
  type: z.enum(['human', 'ai', 'tool', 'system']),
  data: z.looseObject({ content: z.union([z.string(), z.array(z.unknown())]) }),
});

/**
 * Session history as LangChain StoredMessages (mapChatMessagesToStoredMessages), so AIMessage.additional_kwargs
 * (Gemini thought signatures, DESIGN-NOTES) and tool_calls round-trip untouched. Tool results are booking data:
 * emails and phone numbers in them are masked before they are stored (000 Privacy: contact details not stored).
 */
export function encodeHistory(messages: readonly BaseMessage[]): StoredChatMessage[] {
  const masked = messages.map((m) => (ToolMessage.isInstance(m) ? maskedToolMessage(m) : m));
  // JSON round trip: the stored form is plain data (DynamoDB, structuredClone), never class instances.
  return z
    .array(StoredChatMessage)
    .parse(JSON.parse(JSON.stringify(mapChatMessagesToStoredMessages(masked))));
}

function maskedToolMessage(m: ToolMessage): ToolMessage {
  if (typeof m.content !== 'string') return m;
  return new ToolMessage({
    content: maskFreeText(m.content),
    tool_call_id: m.tool_call_id,
    ...(m.name ? { name: m.name } : {}),
    ...(m.status ? { status: m.status } : {}),
    ...(m.id ? { id: m.id } : {}),
  });
}

/** Rebuilds the messages; throws on a shape we never write (the caller starts a fresh history). */
export function decodeHistory(stored: readonly StoredChatMessage[]): BaseMessage[] {
  const checked = z.array(KnownStoredMessage).parse(stored);
  // Validated above against the StoredMessage fields LangChain reads (type, data.content).
  return mapStoredMessagesToChatMessages(checked as unknown as StoredMessage[]);
}

/**
 * Bounded history (HISTORY_MAX_MESSAGES): whole turns are dropped from the front, a turn being a user message
 * and everything after it, so a tool call is never separated from its result. The latest turn is always kept
 * whole; its size is bounded by the planner's model-call budget.
 */
export function trimHistory(messages: readonly BaseMessage[], max: number): BaseMessage[] {
  const starts = messages.flatMap((m, i) => (m.getType() === 'human' ? [i] : []));
  for (const start of starts) {
    if (messages.length - start <= max) return messages.slice(start);
  }
  const lastStart = starts.at(-1);
  return lastStart === undefined ? [] : messages.slice(lastStart);
}
