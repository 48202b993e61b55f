import { describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../lib/config/config.ts';
import { createChatModel, ModelConfigError } from '../../lib/models/create-chat-model.ts';
import { GeminiChatModel } from '../../lib/models/gemini-chat-model.ts';
import { OfflinePlannerModel } from '../../lib/models/offline/offline-planner-model.ts';
import { OfflineExecutorModel } from '../../lib/models/offline-executor-model.ts';

const config = (env: Record<string, string>): Config => loadConfig({ LOG_LEVEL: 'SILENT', ...env });

describe('createChatModel', () => {
  it('builds the offline models when no key is set (the default provider)', async () => {
    const offline = config({});
    expect(offline.LLM_PROVIDER).toBe('offline');
    expect(await createChatModel(offline, 'planner')).toBeInstanceOf(OfflinePlannerModel);
    expect(await createChatModel(offline, 'executor')).toBeInstanceOf(OfflineExecutorModel);
  });

  it('builds Gemini from GEMINI_* config for both roles', async () => {
    const gemini = config({
      GOOGLE_API_KEY: 'test-key',
      GEMINI_MODEL: 'gemini-2.5-flash-lite',
      GEMINI_TEMPERATURE: '0.2',
      GEMINI_BASE_URL: 'http://127.0.0.1:9',
    });
    for (const role of ['planner', 'executor'] as const) {
      const model = await createChatModel(gemini, role);
      expect(model).toBeInstanceOf(GeminiChatModel);
      expect(model).toMatchObject({
        model: 'gemini-2.5-flash-lite',
        temperature: 0.2,
        baseUrl: 'http://127.0.0.1:9',
      });
    }
  });

  it('builds the Gemini client for relay and cassette, at the stand-in, with no key; the relay waits longer', async () => {
    // Prepare
    const at = { GEMINI_BASE_URL: 'http://127.0.0.1:9', RELAY_ANSWER_TIMEOUT_MS: '600000' };

    // Act
    const relay = await createChatModel(config({ LLM_PROVIDER: 'relay', ...at }), 'planner');
    const cassette = await createChatModel(config({ LLM_PROVIDER: 'cassette', ...at }), 'executor');

    // Assess
    expect(relay).toBeInstanceOf(GeminiChatModel);
    expect(relay).toMatchObject({ baseUrl: 'http://127.0.0.1:9', apiKey: 'relay', timeoutMs: 660_000 });
    expect(cassette).toMatchObject({ baseUrl: 'http://127.0.0.1:9', apiKey: 'cassette', timeoutMs: 20_000 });
    await expect(createChatModel(config({ LLM_PROVIDER: 'relay' }), 'planner')).rejects.toThrow(
      /needs GEMINI_BASE_URL/,
    );
  });

  it('refuses Gemini without a key, and an unknown provider, at startup', async () => {
    await expect(createChatModel(config({ LLM_PROVIDER: 'gemini' }), 'planner')).rejects.toThrow(
      ModelConfigError,
    );
    const unknown = { ...config({}), LLM_PROVIDER: 'openai' } as unknown as Config;
    await expect(createChatModel(unknown, 'planner')).rejects.toThrow(/unknown LLM_PROVIDER 'openai'/);
  });
});
