import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { loadConfig } from '../../lib/config/config.ts';
import { createChatModel, type ModelRole } from '../../lib/models/create-chat-model.ts';
import type { GeminiStub } from './gemini-stub.ts';

/**
 * The real ChatGoogleGenerativeAI of `LLM_PROVIDER=gemini` (createChatModel), pointed at a stub. `model` matters
 * for thought signatures: the client adds its stand-in signature to calls it has none for only on gemini-3 models.
 */
export function geminiAt(
  stub: GeminiStub,
  role: ModelRole,
  model = 'gemini-2.5-flash',
): Promise<BaseChatModel> {
  const config = loadConfig({
    LLM_PROVIDER: 'gemini',
    GOOGLE_API_KEY: 'test-key',
    GEMINI_BASE_URL: stub.url,
    GEMINI_MODEL: model,
    LOG_LEVEL: 'SILENT',
  });
  return createChatModel(config, role);
}

/** The parts of a captured request's contents, as "role:kind(name)" strings (the conversation's shape). */
export function shapeOf(body: { contents: Array<{ role: string; parts: Array<Record<string, unknown>> }> }) {
  return body.contents.map(
    (c) =>
      `${c.role}:${c.parts
        .map((p) => {
          if (p.functionCall) return `call(${(p.functionCall as { name: string }).name})`;
          if (p.functionResponse) return `response(${(p.functionResponse as { name: string }).name})`;
          return 'text';
        })
        .join('+')}`,
  );
}
