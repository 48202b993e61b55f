import { describe, expect, it } from 'vitest';
import { LOCAL_TIMEOUT_MS, lambdaContext, localTimeoutMs } from '../../infra/local/lambda-context.ts';

describe('local Lambda deadline', () => {
  it('is 60 s for every provider a machine answers (offline, gemini, cassette)', () => {
    for (const provider of ['offline', 'gemini', 'cassette']) {
      expect(localTimeoutMs({ LLM_PROVIDER: provider, RELAY_ANSWER_TIMEOUT_MS: 1_800_000 })).toBe(
        LOCAL_TIMEOUT_MS,
      );
    }
  });

  it('with the relay, outlasts several answers: a turn of 3 answers of 40 s each is not cut at 60 s (issue 18)', () => {
    // Act
    const timeoutMs = localTimeoutMs({ LLM_PROVIDER: 'relay', RELAY_ANSWER_TIMEOUT_MS: 1_800_000 });
    const context = lambdaContext('handle-request', timeoutMs);
    // Assess
    expect(timeoutMs).toBeGreaterThan(3 * 40_000);
    expect(timeoutMs).toBeGreaterThanOrEqual(10 * 1_800_000);
    expect(context.getRemainingTimeInMillis()).toBeGreaterThan(LOCAL_TIMEOUT_MS);
    expect(lambdaContext('get-plan').getRemainingTimeInMillis()).toBeLessThanOrEqual(LOCAL_TIMEOUT_MS);
  });
});
