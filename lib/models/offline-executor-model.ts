import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import { BaseChatModel, type BindToolsInput } from '@langchain/core/language_models/chat_models';
import type { AIMessageChunk, BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { Runnable } from '@langchain/core/runnables';
import { offlineExecutorTurn } from './offline/offline-executor-policy.ts';

/**
 * The `offline` execution model (LLM_PROVIDER=offline, no key): a deterministic chat model that follows the
 * confirmed plan step by step through the executor's real graph (lib/models/offline/offline-executor-policy.ts), so
 * `npm start` runs the full flow without a key. It reads everything from the messages; bound tools are ignored
 * because the executor already restricts them to the plan's actions and ask_user.
 */
export class OfflineExecutorModel extends BaseChatModel {
  constructor() {
    super({});
  }

  _llmType(): string {
    return 'offline-executor';
  }

  override bindTools(_tools: BindToolsInput[]): Runnable<BaseLanguageModelInput, AIMessageChunk> {
    return this.withConfig({});
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const message = offlineExecutorTurn(messages);
    return { generations: [{ text: typeof message.content === 'string' ? message.content : '', message }] };
  }
}
