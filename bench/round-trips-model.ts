import { setTimeout as sleep } from 'node:timers/promises';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage } from '@langchain/core/messages';
import {
  declarationsOf,
  type GenerateContentRequest,
  modelResponse,
  type Part,
} from '../devkit/models/wire/gemini-wire.ts';
import type { Responder } from '../devkit/models/wire/model-endpoint.ts';
import { OfflinePlannerModel } from '../lib/models/offline/offline-planner-model.ts';
import { OfflineExecutorModel } from '../lib/models/offline-executor-model.ts';
import { messagesOf } from '../test/support/auto-answerer.ts';

/** Characters per token of the approximation the prompt-size bench uses (lib/planner/prompt-size.ts). */
export const CHARS_PER_TOKEN = 4;

/** One answered generateContent call, as the bench counts it. */
export interface AnsweredCall {
  /** `executor` when the request declares ask_user (the executor's tool), else `planner`. */
  role: 'planner' | 'executor';
  promptTokens: number;
  outputTokens: number;
}

export const approxTokens = (value: unknown) => Math.ceil(JSON.stringify(value).length / CHARS_PER_TOKEN);

/**
 * Issue 32: the deterministic model for the round-trips bench, behind the real ChatGoogleGenerativeAI and the
 * strict Gemini stub. Each call waits `latencyMs` inside the model server (a model's own latency, never a sleep in a
 * test), then answers as the offline planner or executor would, reading exactly the wire request (the same
 * decision the fixture-cassette answerer makes). Its usageMetadata reports approximate tokens: the request's
 * systemInstruction + contents + tools, and the answer's parts, in JSON characters / 4; `calls` records them.
 */
export function offlineResponder(latencyMs: number, calls: AnsweredCall[]): Responder {
  let ids = 0;
  return async function answer_like_offline(call) {
    await sleep(latencyMs);
    const executor = declarationsOf(call.request).some((d) => d.name === 'ask_user');
    const parts = await decide(call.request, executor, () => `bench-${++ids}`);
    const promptTokens = approxTokens({
      systemInstruction: call.request.systemInstruction,
      contents: call.request.contents,
      tools: call.request.tools,
    });
    const outputTokens = approxTokens(parts);
    calls.push({ role: executor ? 'executor' : 'planner', promptTokens, outputTokens });
    const response = modelResponse(parts, 'bench-offline');
    response.usageMetadata = {
      promptTokenCount: promptTokens,
      candidatesTokenCount: outputTokens,
      totalTokenCount: promptTokens + outputTokens,
    };
    return { ok: true, response };
  };
}

async function decide(
  request: GenerateContentRequest,
  executor: boolean,
  nextId: () => string,
): Promise<Part[]> {
  const tools = declarationsOf(request).map((d) => ({
    type: 'function' as const,
    function: { name: d.name, description: d.description ?? '', parameters: d.parameters ?? {} },
  }));
  const model: BaseChatModel = executor ? new OfflineExecutorModel() : new OfflinePlannerModel();
  const reply = await (model.bindTools?.(tools) ?? model).invoke(messagesOf(request));
  const calls = AIMessage.isInstance(reply) ? (reply.tool_calls ?? []) : [];
  const text = typeof reply.content === 'string' ? reply.content : '';
  const parts: Part[] = [
    ...(text ? [{ text }] : []),
    ...calls.map((c) => ({ functionCall: { name: c.name, args: c.args, id: nextId() } })),
  ];
  return parts.length > 0 ? parts : [{ text: 'Done.' }];
}
