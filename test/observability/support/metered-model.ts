import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import { BaseChatModel, type BindToolsInput } from '@langchain/core/language_models/chat_models';
import { AIMessage, type AIMessageChunk, type BaseMessage, isAIMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { Runnable } from '@langchain/core/runnables';
import type { ModelProvider } from '../../../lib/composition/composition-overrides.ts';
import { OfflinePlannerModel } from '../../../lib/models/offline/offline-planner-model.ts';
import { OfflineExecutorModel } from '../../../lib/models/offline-executor-model.ts';

/** A turn the test scripts: a fixed reply, or 'offline' to let the offline model decide that turn. */
export type ScriptedTurn = AIMessage | 'offline';

/** Output tokens every metered reply reports (input tokens are 10 per prompt message). */
export const OUTPUT_TOKENS = 7;

type Inner = Runnable<BaseLanguageModelInput, BaseMessage>;

/**
 * The offline model as a provider would look on the wire to Langfuse: each reply carries a model name and token
 * usage (Gemini's usageMetadata), so generations can be asserted for "model and usage". Scripted turns, when
 * queued, are answered first (shared across bindTools copies, like fakeModel's queue); then the offline model
 * decides. The inner model is invoked without callbacks so one turn is one generation.
 */
export class MeteredChatModel extends BaseChatModel {
  constructor(
    private readonly inner: BaseChatModel | Inner,
    readonly modelName: string,
    private readonly script: ScriptedTurn[] = [],
  ) {
    super({});
  }

  _llmType(): string {
    return 'metered-offline';
  }

  override invocationParams(): { model: string } {
    return { model: this.modelName };
  }

  override bindTools(tools: BindToolsInput[]): Runnable<BaseLanguageModelInput, AIMessageChunk> {
    const inner = this.inner instanceof BaseChatModel ? this.inner.bindTools?.(tools) : this.inner;
    if (!inner) throw new TypeError('the inner model cannot bind tools');
    return new MeteredChatModel(inner, this.modelName, this.script).withConfig({});
  }

  /** Queues scripted turns (answered before the offline model is asked again). */
  scriptNext(...turns: ScriptedTurn[]): void {
    this.script.push(...turns);
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const turn = this.script.shift() ?? 'offline';
    const reply = turn === 'offline' ? await this.inner.invoke(messages, { callbacks: [] }) : turn;
    if (!isAIMessage(reply)) throw new TypeError('the inner model did not answer with an AI message');
    const input = messages.length * 10;
    const message = new AIMessage({
      content: reply.content,
      tool_calls: reply.tool_calls ?? [],
      additional_kwargs: reply.additional_kwargs,
      usage_metadata: {
        input_tokens: input,
        output_tokens: OUTPUT_TOKENS,
        total_tokens: input + OUTPUT_TOKENS,
      },
      response_metadata: { model_name: this.modelName },
    });
    return { generations: [{ text: '', message }] };
  }
}

/** Model names the traced stack reports, per purpose. */
export const MODEL_NAMES = {
  planner: 'offline-planner-metered',
  executor: 'offline-executor-metered',
} as const;

/**
 * A modelProvider for startLocalStack: the offline planner and executor, metered. The executor is built once per
 * cold start (like the real composition), so `executor.scriptNext(...)` steers the next execution's turns.
 */
export function meteredModels(): { provider: ModelProvider; executor: MeteredChatModel } {
  const executor = new MeteredChatModel(new OfflineExecutorModel(), MODEL_NAMES.executor);
  const provider: ModelProvider = (purpose) =>
    purpose === 'planner' ? new MeteredChatModel(new OfflinePlannerModel(), MODEL_NAMES.planner) : executor;
  return { provider, executor };
}
