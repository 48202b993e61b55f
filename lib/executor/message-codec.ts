import {
  AIMessage,
  type BaseMessage,
  HumanMessage,
  isAIMessage,
  isHumanMessage,
  isSystemMessage,
  isToolMessage,
  SystemMessage,
  ToolMessage,
} from '@langchain/core/messages';
import type { LoggedMessage } from '../ports/execution-log.ts';

/** Keeps only defined, non-empty optional fields so the log stays compact. */
function nonEmpty(value: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  return value && Object.keys(value).length > 0 ? structuredClone(value) : undefined;
}

/**
 * BaseMessage → LoggedMessage. additional_kwargs are copied untouched (docs/design-facts.md: Gemini 3 thought
 * signatures live there and must be sent back), as are tool calls with their ids.
 */
export function toLoggedMessage(message: BaseMessage): LoggedMessage {
  const common = {
    content: structuredClone(message.content),
    ...(message.id ? { id: message.id } : {}),
    ...(message.name ? { name: message.name } : {}),
    ...(nonEmpty(message.additional_kwargs)
      ? { additional_kwargs: nonEmpty(message.additional_kwargs) }
      : {}),
    ...(nonEmpty(message.response_metadata)
      ? { response_metadata: nonEmpty(message.response_metadata) }
      : {}),
  };
  if (isAIMessage(message)) {
    const calls = (message.tool_calls ?? []).map((c) => ({ id: c.id ?? '', name: c.name, args: c.args }));
    return { type: 'ai', ...common, ...(calls.length > 0 ? { tool_calls: structuredClone(calls) } : {}) };
  }
  if (isToolMessage(message)) return { type: 'tool', ...common, tool_call_id: message.tool_call_id };
  if (isSystemMessage(message)) return { type: 'system', ...common };
  if (isHumanMessage(message)) return { type: 'human', ...common };
  throw new TypeError(`cannot log a ${message.getType()} message`);
}

/** LoggedMessage → BaseMessage, the exact inverse of toLoggedMessage. */
export function fromLoggedMessage(logged: LoggedMessage): BaseMessage {
  const fields = {
    content: structuredClone(logged.content),
    ...(logged.id ? { id: logged.id } : {}),
    ...(logged.name ? { name: logged.name } : {}),
    additional_kwargs: structuredClone(logged.additional_kwargs ?? {}),
    response_metadata: structuredClone(logged.response_metadata ?? {}),
  };
  switch (logged.type) {
    case 'ai':
      return new AIMessage({
        ...fields,
        tool_calls: (logged.tool_calls ?? []).map((c) => ({
          ...structuredClone(c),
          type: 'tool_call' as const,
        })),
      });
    case 'tool':
      return new ToolMessage({ ...fields, tool_call_id: logged.tool_call_id ?? '' });
    case 'system':
      return new SystemMessage(fields);
    case 'human':
      return new HumanMessage(fields);
  }
}
