import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import {
  BaseChatModel,
  type BaseChatModelParams,
  type BindToolsInput,
} from '@langchain/core/language_models/chat_models';
import { AIMessage, type AIMessageChunk, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { Runnable } from '@langchain/core/runnables';
import { decideOfflineCalls, OFFLINE_ACTIONS, type OfflineTools } from './offline-policy.ts';
import { readConversation } from './read-conversation.ts';

interface OfflinePlannerFields extends BaseChatModelParams {
  tools?: OfflineTools;
}

/**
 * The `offline` planning model (LLM_PROVIDER=offline; `npm start` without a key): a deterministic, network-free
 * BaseChatModel that speaks the same tool-calling interface as Gemini. It reads the same messages Gemini would
 * get (system prompt context lines, the history, tool results) and answers with one tool call: a booking search,
 * propose_plan, ask_clarification, cancel_request or decline; or with several searches at once, one for each run of
 * words that may name the guest (find-booking.ts). It covers seed 000's three intents in plain
 * English (docs/models.md lists the sentences) and passes date/time words on for the planner's resolver.
 * Honest, not clever: anything else gets a decline saying what it can do.
 */
export class OfflinePlannerModel extends BaseChatModel {
  private readonly tools: OfflineTools;

  constructor(fields: OfflinePlannerFields = {}) {
    super(fields);
    this.tools = fields.tools ?? { names: new Set(), planActions: new Set() };
  }

  _llmType(): string {
    return 'offline-planner';
  }

  /** Remembers the bound tool names and propose_plan's action_id enum (what a real model is told). */
  override bindTools(tools: BindToolsInput[]): Runnable<BaseLanguageModelInput, AIMessageChunk> {
    return new OfflinePlannerModel({ tools: describeTools(tools) }).withConfig({});
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const conversation = readConversation(messages, OFFLINE_ACTIONS.search);
    const decided = decideOfflineCalls(conversation, this.tools);
    // Several lookups go out in one reply and run at once (name spans searched together, find-booking.ts).
    const calls = Array.isArray(decided) ? decided : [decided];
    const id = `offline-${conversation.aiCount + 1}`;
    const message = new AIMessage({
      content: '',
      tool_calls: calls.map((call, i) => ({
        id: i === 0 ? id : `${id}-${i + 1}`,
        name: call.name,
        args: call.args,
        type: 'tool_call' as const,
      })),
    });
    return { generations: [{ text: '', message }] };
  }
}

/** Tool names and plan actions from provider-neutral definitions ({type:'function', function:{…}}). */
function describeTools(tools: readonly BindToolsInput[]): OfflineTools {
  const names = new Set<string>();
  const planActions = new Set<string>();
  for (const tool of tools) {
    const fn = (tool as { function?: { name?: unknown; parameters?: unknown } }).function;
    const name = fn?.name ?? (tool as { name?: unknown }).name;
    if (typeof name !== 'string') continue;
    names.add(name);
    if (name === 'propose_plan') for (const id of actionEnum(fn?.parameters)) planActions.add(id);
  }
  return { names, planActions };
}

/** steps.items.properties.action_id.enum of propose_plan's JSON schema. */
function actionEnum(parameters: unknown): string[] {
  const path = ['properties', 'steps', 'items', 'properties', 'action_id', 'enum'];
  let node: unknown = parameters;
  for (const key of path)
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  return Array.isArray(node) ? node.filter((v): v is string => typeof v === 'string') : [];
}
