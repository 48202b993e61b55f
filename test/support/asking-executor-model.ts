import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import { BaseChatModel, type BindToolsInput } from '@langchain/core/language_models/chat_models';
import { AIMessage, type AIMessageChunk, type BaseMessage, isAIMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { Runnable } from '@langchain/core/runnables';
import { ASK_USER } from '../../lib/executor/ask-user-tool.ts';
import { offlineExecutorTurn } from '../../lib/executor/offline-policy.ts';

/**
 * The offline executor model, scripted to ask the user one question (a blocking prompt) before the first step of
 * a plan when `script.askNext` is set; the flag is consumed by that plan. Then it follows the plan like the
 * offline model. A test double for the blocking-prompt path, which the offline planner never produces.
 */
export class AskingExecutorModel extends BaseChatModel {
  constructor(readonly script: { askNext: boolean; question: string }) {
    super({});
  }

  _llmType(): string {
    return 'asking-executor';
  }

  override bindTools(_tools: BindToolsInput[]): Runnable<BaseLanguageModelInput, AIMessageChunk> {
    return this.withConfig({});
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const asked = messages.some((m) => isAIMessage(m) && m.tool_calls?.some((c) => c.name === ASK_USER));
    const message = this.script.askNext && !asked ? this.ask() : offlineExecutorTurn(messages);
    return { generations: [{ text: '', message }] };
  }

  private ask(): AIMessage {
    this.script.askNext = false;
    return new AIMessage({
      content: '',
      tool_calls: [
        { id: 'ask-1', name: ASK_USER, args: { question: this.script.question }, type: 'tool_call' },
      ],
    });
  }
}
