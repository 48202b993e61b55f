import { AIMessage, type BaseMessage, isAIMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { ASK_USER } from '../../lib/executor/graph/ask-user-tool.ts';
import { OfflineExecutorModel } from '../../lib/models/offline-executor-model.ts';

/**
 * The offline executor model, scripted to ask the user one yes/no question (a blocking prompt, confirm_change) before the first step of
 * a plan when `script.askNext` is set; the flag is consumed by that plan. Then it follows the plan like the
 * offline model. A test double for the blocking-prompt path, which the offline planner never produces.
 */
export class AsksFirstExecutorModel extends OfflineExecutorModel {
  /** `hint`: the short note the model adds to the yes/no question the service renders (issue 14). */
  constructor(readonly script: { askNext: boolean; hint: string }) {
    super();
  }

  override async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const asked = messages.some((m) => isAIMessage(m) && m.tool_calls?.some((c) => c.name === ASK_USER));
    if (!this.script.askNext || asked) return super._generate(messages);
    this.script.askNext = false;
    const message = new AIMessage({
      content: '',
      tool_calls: [
        {
          id: 'ask-1',
          name: ASK_USER,
          args: { kind: 'confirm_change', hint: this.script.hint },
          type: 'tool_call',
        },
      ],
    });
    return { generations: [{ text: '', message }] };
  }
}
