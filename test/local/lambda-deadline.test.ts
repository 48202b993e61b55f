import { describe, expect, it } from 'vitest';
import { FUNCTION_LIMITS, FunctionLimitsError } from '../../infra/cdk/function-limits.ts';
import { LOCAL_TIMEOUT_MS, lambdaContext, localLimits } from '../../infra/local/lambda-context.ts';

describe('local Lambda limits', () => {
  it('are the CDK definition for every provider a machine answers (offline, gemini, cassette), gateway 29 s', () => {
    for (const provider of ['offline', 'gemini', 'cassette']) {
      // Act
      const limits = localLimits({ LLM_PROVIDER: provider, RELAY_ANSWER_TIMEOUT_MS: 1_800_000 });

      // Assess
      expect(limits.gatewayTimeoutMs, provider).toBe(29_000);
      expect(limits.functions, provider).toEqual({
        'handle-request': FUNCTION_LIMITS['handle-request'].timeoutMs,
        'confirm-plan': 10_000,
        'get-plan': 10_000,
        'answer-prompt': 10_000,
        'execute-plan': 300_000,
        watchdog: 120_000,
      });
    }
  });

  it('take shorter timeouts for a test by the same rules: an API handler at 29 s or more is refused', () => {
    // Act
    const limits = localLimits(
      { LLM_PROVIDER: 'offline', RELAY_ANSWER_TIMEOUT_MS: 1_000 },
      { 'handle-request': 6_000 },
    );

    // Assess
    expect(limits.functions['handle-request']).toBe(6_000);
    expect(limits.functions['confirm-plan']).toBe(10_000);
    expect(() =>
      localLimits({ LLM_PROVIDER: 'offline', RELAY_ANSWER_TIMEOUT_MS: 1_000 }, { 'confirm-plan': 29_000 }),
    ).toThrow(FunctionLimitsError);
    expect(() =>
      localLimits({ LLM_PROVIDER: 'offline', RELAY_ANSWER_TIMEOUT_MS: 1_000 }, { 'get-plan': 0 }),
    ).toThrow(/get-plan: timeout must be a positive whole number/);
  });

  it('with the relay, outlast several answers: a turn of 3 answers of 40 s each is not cut (issue 18)', () => {
    // Act
    const limits = localLimits({ LLM_PROVIDER: 'relay', RELAY_ANSWER_TIMEOUT_MS: 1_800_000 });
    const context = lambdaContext('handle-request', limits.functions['handle-request']);

    // Assess
    expect(limits.functions['handle-request']).toBeGreaterThanOrEqual(10 * 1_800_000);
    expect(limits.gatewayTimeoutMs).toBeGreaterThan(3 * 40_000);
    expect(context.getRemainingTimeInMillis()).toBeGreaterThan(LOCAL_TIMEOUT_MS);
  });

  it("counts a context down from the function's CDK timeout and memory when none is given", () => {
    // Act
    const confirm = lambdaContext('confirm-plan');
    const unknown = lambdaContext('some-test-handler');

    // Assess
    expect(confirm.getRemainingTimeInMillis()).toBeLessThanOrEqual(10_000);
    expect(confirm.getRemainingTimeInMillis()).toBeGreaterThan(9_000);
    expect(confirm.memoryLimitInMB).toBe('512');
    expect(unknown.getRemainingTimeInMillis()).toBeLessThanOrEqual(LOCAL_TIMEOUT_MS);
  });
});
