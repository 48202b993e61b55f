import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type AIMessageChunk } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { Runnable } from '@langchain/core/runnables';
import { params } from './planner-harness.ts';

export type Proposal = { action_id: string; parameters: Record<string, string> }[];

/**
 * A planner model that proposes what the test scripts for the turn, on every call: a model that carries the
 * pending plan into the next request (merged into one step or beside it) the way a capable model may.
 */
export class ScriptedProposalModel extends BaseChatModel {
  proposal: Proposal = [];
  private calls = 0;

  _llmType(): string {
    return 'scripted-proposal';
  }

  override bindTools(): Runnable<BaseLanguageModelInput, AIMessageChunk> {
    return this as unknown as Runnable<BaseLanguageModelInput, AIMessageChunk>;
  }

  async _generate(): Promise<ChatResult> {
    this.calls += 1;
    const steps = this.proposal.map((s) => ({ action_id: s.action_id, parameters: params(s.parameters) }));
    const message = new AIMessage({
      content: '',
      tool_calls: [{ name: 'propose_plan', id: `p${this.calls}`, args: { intent_summary: 'Change', steps } }],
    });
    return { generations: [{ message, text: '' }] };
  }
}
