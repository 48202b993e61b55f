import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { Config } from '../config/config.ts';
import { GeminiChatModel } from './gemini-chat-model.ts';

/** What a chat model is for: planning (POST /v1/requests) or executing a confirmed plan. */
export type ModelRole = 'planner' | 'executor';

/** The config the factory reads. */
export type ModelConfig = Pick<
  Config,
  | 'LLM_PROVIDER'
  | 'GOOGLE_API_KEY'
  | 'GEMINI_MODEL'
  | 'GEMINI_TEMPERATURE'
  | 'GEMINI_TIMEOUT_MS'
  | 'GEMINI_BASE_URL'
  | 'RELAY_ANSWER_TIMEOUT_MS'
>;

/** The relay answers its own timeout first (a 504); the client waits a little longer so it sees that answer. */
const RELAY_CLIENT_GRACE_MS = 60_000;

/** Raised at startup: an unknown provider, or Gemini without a key. */
export class ModelConfigError extends Error {
  override readonly name = 'ModelConfigError';
}

/**
 * The chat model for a role, chosen by LLM_PROVIDER (issue 5 Models):
 * - `gemini`: ChatGoogleGenerativeAI (GEMINI_MODEL, GEMINI_TEMPERATURE, GEMINI_TIMEOUT_MS per call,
 *   GEMINI_BASE_URL for a local stub, no client retries). Needs GOOGLE_API_KEY (resolve a Secrets Manager ARN
 *   into it before calling this).
 * - `offline`: the deterministic OfflinePlannerModel or OfflineExecutorModel, network-free, imported only when
 *   chosen: a deployed planner or executor (gemini) never evaluates their modules and zod schemas on its first
 *   invocation (docs/deploy.md "Cold start"). Gemini stays a static import: it is what a cold Lambda loads.
 * - `relay` / `cassette`: the same Gemini client, pointed at the loopback relay or cassette player that `npm start`
 *   or `npm run eval` started (GEMINI_BASE_URL); no key. A relay call waits up to RELAY_ANSWER_TIMEOUT_MS.
 * Anything else rejects with ModelConfigError (config already restricts the enum; this guards other callers).
 */
export async function createChatModel(config: ModelConfig, role: ModelRole): Promise<BaseChatModel> {
  const provider: string = config.LLM_PROVIDER;
  switch (provider) {
    case 'gemini': {
      if (!config.GOOGLE_API_KEY) throw new ModelConfigError('LLM_PROVIDER=gemini needs GOOGLE_API_KEY');
      return new GeminiChatModel({
        apiKey: config.GOOGLE_API_KEY,
        model: config.GEMINI_MODEL,
        temperature: config.GEMINI_TEMPERATURE,
        timeoutMs: config.GEMINI_TIMEOUT_MS,
        ...(config.GEMINI_BASE_URL ? { baseUrl: config.GEMINI_BASE_URL } : {}),
      });
    }
    case 'offline': {
      if (role === 'planner') {
        const { OfflinePlannerModel } = await import('./offline/offline-planner-model.ts');
        return new OfflinePlannerModel();
      }
      const { OfflineExecutorModel } = await import('./offline-executor-model.ts');
      return new OfflineExecutorModel();
    }
    case 'relay':
    case 'cassette': {
      if (!config.GEMINI_BASE_URL) {
        throw new ModelConfigError(
          `LLM_PROVIDER=${provider} needs GEMINI_BASE_URL, the address of the ${provider === 'relay' ? 'relay' : 'cassette player'} (npm start and npm run eval start it and set it)`,
        );
      }
      return new GeminiChatModel({
        apiKey: provider,
        model: config.GEMINI_MODEL,
        temperature: config.GEMINI_TEMPERATURE,
        timeoutMs:
          provider === 'relay'
            ? config.RELAY_ANSWER_TIMEOUT_MS + RELAY_CLIENT_GRACE_MS
            : config.GEMINI_TIMEOUT_MS,
        baseUrl: config.GEMINI_BASE_URL,
      });
    }
    default:
      throw new ModelConfigError(
        `unknown LLM_PROVIDER '${provider}': use gemini, offline, relay or cassette`,
      );
  }
}
