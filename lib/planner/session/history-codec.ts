import {
  type BaseMessage,
  mapChatMessagesToStoredMessages,
  mapStoredMessagesToChatMessages,
  type StoredMessage,
} from '@langchain/core/messages';
import * as z from 'zod';
import { isPiiKey, maskByKey, maskFreeText } from '../../observability/redact.ts';
import { StoredChatMessage } from '../../ports/session-store.ts';

/** The StoredMessage shapes we write; anything else in a stored session is treated as corrupt. */
const KnownStoredMessage = z.object({
  type: z.enum(['human', 'ai', 'tool', 'system']),
  data: z.looseObject({ content: z.union([z.string(), z.array(z.unknown())]) }),
});

/**
 * Session history as LangChain StoredMessages (mapChatMessagesToStoredMessages), so AIMessage.additional_kwargs
 * (Gemini thought signatures, docs/design-facts.md) and tool_calls ids round-trip untouched.
 *
 * 000 Privacy (contact details are passed through, not stored): the session lives for SESSION_TTL_HOURS and is
 * refreshed every turn, so emails and phone numbers are masked before it is stored, in every message's text (the
 * user's words, the model's replies, booking data in tool results) and in tool-call arguments (propose_plan
 * values). The pending plan keeps the real values in the plans table until it executes or is invalidated; this
 * turn's message never comes from the history, so a contact detail the user just gave is planned unmasked.
 */
export function encodeHistory(messages: readonly BaseMessage[]): StoredChatMessage[] {
  // JSON round trip: the stored form is plain data (DynamoDB, structuredClone), never class instances.
  const plain: unknown[] = JSON.parse(JSON.stringify(mapChatMessagesToStoredMessages([...messages])));
  return z.array(StoredChatMessage).parse(plain.map(maskStoredMessage));
}

/** Masks `data.content` (a string or content parts) and `data.tool_calls[].args`; additional_kwargs untouched. */
function maskStoredMessage(message: unknown): unknown {
  if (!isRecord(message) || !isRecord(message.data)) return message;
  const data: Record<string, unknown> = { ...message.data, content: maskContent(message.data.content) };
  if (Array.isArray(data.tool_calls)) {
    data.tool_calls = data.tool_calls.map((call) =>
      isRecord(call) && call.args !== undefined ? { ...call, args: maskArgs(call.args) } : call,
    );
  }
  return { ...message, data };
}

function maskContent(content: unknown): unknown {
  if (typeof content === 'string') return maskFreeText(content);
  if (!Array.isArray(content)) return content;
  return content.map((part) =>
    isRecord(part) && typeof part.text === 'string' ? { ...part, text: maskFreeText(part.text) } : part,
  );
}

/**
 * Deep masking of tool-call arguments: PII keys by key (guest_name → J*** S***), other strings as free text.
 * propose_plan carries parameters as `{name, value}` pairs (docs/planner.md), so the pair's name is the key.
 */
function maskArgs(value: unknown, key = ''): unknown {
  if (typeof value === 'string')
    return key !== '' && isPiiKey(key) ? maskByKey(key, value) : maskFreeText(value);
  if (Array.isArray(value)) return value.map((item) => maskArgs(item, key));
  if (!isRecord(value)) return value;
  if (typeof value.name === 'string' && 'value' in value) {
    return { ...value, value: maskArgs(value.value, value.name) };
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskArgs(v, k)]));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
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
