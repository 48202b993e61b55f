import { HumanMessage } from '@langchain/core/messages';
import { ChatGoogleGenerativeAI } from '@langchain/google-genai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GeminiChatModel } from '../../lib/models/gemini-chat-model.ts';
import { withDeadline } from '../../lib/ports/deadline-scope.ts';

/** Replaces the network call: resolves with how long the signal it got took to abort. */
function captureAbort() {
  return vi
    .spyOn(ChatGoogleGenerativeAI.prototype, '_generate')
    .mockImplementation(async (_messages, options) => {
      const started = Date.now();
      await new Promise<void>((resolve) => {
        if (options.signal?.aborted) resolve();
        options.signal?.addEventListener('abort', () => resolve());
      });
      return { generations: [], llmOutput: { abortedAfterMs: Date.now() - started } };
    });
}

const model = () =>
  new GeminiChatModel({ apiKey: 'test', model: 'gemini-2.5-flash', temperature: 0, timeoutMs: 20_000 });

describe('GeminiChatModel deadline (issue 28)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("aborts a generation when the invocation's deadline runs out, before GEMINI_TIMEOUT_MS", async () => {
    // Prepare
    captureAbort();

    // Act
    const result = await withDeadline({ remainingMs: () => 120 }, () =>
      model()._generate([new HumanMessage('hi')], {}),
    );

    // Assess
    expect(result.llmOutput?.abortedAfterMs).toBeGreaterThanOrEqual(100);
    expect(result.llmOutput?.abortedAfterMs).toBeLessThan(2_000);
  });

  it('aborts at once when no time is left', async () => {
    // Prepare
    captureAbort();

    // Act
    const result = await withDeadline({ remainingMs: () => 0 }, () =>
      model()._generate([new HumanMessage('hi')], {}),
    );

    // Assess
    expect(result.llmOutput?.abortedAfterMs).toBeLessThan(100);
  });
});
