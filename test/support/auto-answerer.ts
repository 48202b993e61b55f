import { readFile, rename, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import {
  AIMessage,
  type BaseMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
} from '@langchain/core/messages';
import type { RelayAnswer } from '../../devkit/models/relay/relay-answer.ts';
import { relayRequests } from '../../devkit/models/relay/relay-status.ts';
import { declarationsOf, GenerateContentRequest } from '../../devkit/models/wire/gemini-wire.ts';
import { OfflinePlannerModel } from '../../lib/models/offline/offline-planner-model.ts';
import { OfflineExecutorModel } from '../../lib/models/offline-executor-model.ts';

/** A running automatic answerer; stop() ends its watch. */
export interface AutoAnswerer {
  /** Requests answered so far. */
  answered(): number;
  stop(): Promise<void>;
}

/**
 * Plays the model for the relay the way a person would: it watches RELAY_DIR, reads each waiting
 * `<seq>.request.json`, decides the turn with the deterministic offline models (the planner's, or the executor's
 * when `ask_user` is declared) and writes `<seq>.response.json` in the documented simple shape (via a rename,
 * so the relay never reads half a file). For recording fixture cassettes without a person.
 */
export function startAutoAnswerer(dir: string, pollMs = 50): AutoAnswerer {
  let running = true;
  let answered = 0;
  const loop = (async () => {
    while (running) {
      for (const request of relayRequests(dir).filter((r) => r.state === 'waiting')) {
        const body = GenerateContentRequest.parse(
          JSON.parse(await readFile(request.answerPath.replace(/response\.json$/, 'request.json'), 'utf8')),
        );
        const answer = await decide(body);
        await writeFile(`${request.answerPath}.tmp`, JSON.stringify(answer));
        await rename(`${request.answerPath}.tmp`, request.answerPath);
        answered += 1;
      }
      await sleep(pollMs);
    }
  })();
  return {
    answered: () => answered,
    async stop() {
      running = false;
      await loop;
    },
  };
}

async function decide(request: GenerateContentRequest): Promise<RelayAnswer> {
  const declarations = declarationsOf(request);
  const executor = declarations.some((d) => d.name === 'ask_user');
  const tools = declarations.map((d) => ({
    type: 'function' as const,
    function: { name: d.name, description: d.description ?? '', parameters: d.parameters ?? {} },
  }));
  const model: BaseChatModel = executor ? new OfflineExecutorModel() : new OfflinePlannerModel();
  const bound = model.bindTools?.(tools) ?? model;
  const reply = await bound.invoke(messagesOf(request));
  const calls = (AIMessage.isInstance(reply) ? (reply.tool_calls ?? []) : []).map((c) => ({
    name: c.name,
    args: c.args,
  }));
  const text = typeof reply.content === 'string' ? reply.content : '';
  return {
    ...(text ? { text } : {}),
    ...(calls.length > 0 ? { functionCalls: calls } : {}),
    ...(!text && calls.length === 0 ? { text: 'Done.' } : {}),
  };
}

/** The wire request as LangChain messages (what the offline models read); call ids by position. */
export function messagesOf(request: GenerateContentRequest): BaseMessage[] {
  const system = request.systemInstruction?.parts.map((p) => p.text ?? '').join('\n') ?? '';
  const messages: BaseMessage[] = system ? [new SystemMessage(system)] : [];
  let pendingIds: Array<{ id: string; name: string }> = [];
  request.contents.forEach((content, i) => {
    const text = content.parts.flatMap((p) => (p.text ? [p.text] : [])).join('\n');
    if (content.role === 'model') {
      pendingIds = content.parts.flatMap((p, j) =>
        p.functionCall ? [{ id: `call-${i}-${j}`, name: p.functionCall.name }] : [],
      );
      const calls = content.parts.flatMap((p, j) =>
        p.functionCall
          ? [
              {
                id: `call-${i}-${j}`,
                name: p.functionCall.name,
                args: p.functionCall.args ?? {},
                type: 'tool_call' as const,
              },
            ]
          : [],
      );
      messages.push(new AIMessage({ content: text, tool_calls: calls }));
      return;
    }
    for (const part of content.parts) {
      if (!part.functionResponse) continue;
      const index = pendingIds.findIndex((c) => c.name === part.functionResponse?.name);
      const [match] = index >= 0 ? pendingIds.splice(index, 1) : [];
      const response = part.functionResponse.response ?? {};
      const error = 'error' in response ? response.error : undefined;
      const details =
        typeof error === 'object' && error !== null && 'details' in error ? error.details : error;
      const result = error !== undefined ? details : response.result;
      messages.push(
        new ToolMessage({
          tool_call_id: match?.id ?? part.functionResponse.name,
          name: part.functionResponse.name,
          content: typeof result === 'string' ? result : JSON.stringify(result ?? response),
          status: error !== undefined ? 'error' : 'success',
        }),
      );
    }
    if (text) messages.push(new HumanMessage(text));
  });
  return messages;
}
