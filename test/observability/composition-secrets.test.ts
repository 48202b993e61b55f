import { describe, expect, it, vi } from 'vitest';
import { buildExecutorService } from '../../lib/composition/executor-service.ts';
import { buildPlanService } from '../../lib/composition/plan-service.ts';
import { buildRequestService } from '../../lib/composition/request-service.ts';
import { resolveSecrets, SecretResolutionError } from '../../lib/composition/resolve-secrets.ts';
import { loadConfig } from '../../lib/config/config.ts';
import { LangfuseTracer } from '../../lib/observability/langfuse-tracer.ts';
import { createLogger } from '../../lib/observability/logger.ts';
import { NoopTracer } from '../../lib/observability/noop-tracer.ts';
import type { ReadSecret } from '../../lib/observability/resolve-langfuse-keys.ts';

const GEMINI_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:gemini';
const LANGFUSE_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:langfuse';
const GEMINI_KEY = 'AIzaSyD-test-key-0123456789abcdefghij';
const LANGFUSE_SECRET = '{"publicKey":"pk-lf-1","secretKey":"sk-lf-1"}';

/** A Secrets Manager stand-in: ARN → SecretString (a missing ARN throws like ResourceNotFoundException). */
function secrets(values: Record<string, string | undefined>) {
  return vi.fn<ReadSecret>(async (arn) => {
    if (!(arn in values))
      throw Object.assign(new Error(`no secret ${arn}`), { name: 'ResourceNotFoundException' });
    return values[arn];
  });
}

const silent = { warn: vi.fn() };
const logger = createLogger({ LOG_LEVEL: 'SILENT' });

describe('resolveSecrets (cold start)', () => {
  it('fills GOOGLE_API_KEY from GOOGLE_API_KEY_SECRET_ARN before the model is built', async () => {
    // Prepare
    const readSecret = secrets({ [GEMINI_ARN]: `${GEMINI_KEY}\n` });
    // Act
    const config = await resolveSecrets(loadConfig({ GOOGLE_API_KEY_SECRET_ARN: GEMINI_ARN }), {
      readSecret,
      logger: silent,
      needsModelKey: true,
    });
    // Assess
    expect(config.GOOGLE_API_KEY).toBe(GEMINI_KEY);
    expect(config.LLM_PROVIDER).toBe('gemini');
    expect(readSecret).toHaveBeenCalledWith(GEMINI_ARN);
  });

  it('reads nothing when no ARN is set, when the key is in the environment, or when no model is built', async () => {
    const readSecret = secrets({});
    const options = { readSecret, logger: silent };

    await resolveSecrets(loadConfig({}), { ...options, needsModelKey: true });
    await resolveSecrets(loadConfig({ GOOGLE_API_KEY: 'k-env', GOOGLE_API_KEY_SECRET_ARN: GEMINI_ARN }), {
      ...options,
      needsModelKey: true,
    });
    await resolveSecrets(loadConfig({ GOOGLE_API_KEY_SECRET_ARN: GEMINI_ARN }), {
      ...options,
      needsModelKey: false,
    });

    expect(readSecret).not.toHaveBeenCalled();
  });

  it.each([
    ['is empty', '   ', 'the secret has no string value'],
    ['is a JSON document', `{"apiKey":"${GEMINI_KEY}"}`, 'the secret is not a plain-string API key'],
    ['holds several words', `${GEMINI_KEY} ${GEMINI_KEY}`, 'the secret is not a plain-string API key'],
  ])(
    'fails the start naming the variable, never quoting the secret, when it %s',
    async (_label, value, why) => {
      // Prepare
      const readSecret = secrets({ [GEMINI_ARN]: value });
      // Act
      const result = resolveSecrets(loadConfig({ GOOGLE_API_KEY_SECRET_ARN: GEMINI_ARN }), {
        readSecret,
        logger: silent,
        needsModelKey: true,
      });
      // Assess
      const error = await result.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SecretResolutionError);
      expect(error).toMatchObject({ name: 'SecretResolutionError', variable: 'GOOGLE_API_KEY_SECRET_ARN' });
      expect(String(error)).toBe(`SecretResolutionError: GOOGLE_API_KEY_SECRET_ARN: ${why}`);
      expect(String(error)).not.toContain(GEMINI_KEY);
    },
  );

  it('fails the start with the kind of read failure when the secret cannot be read', async () => {
    const result = resolveSecrets(loadConfig({ GOOGLE_API_KEY_SECRET_ARN: GEMINI_ARN }), {
      readSecret: secrets({}),
      logger: silent,
      needsModelKey: true,
    });

    await expect(result).rejects.toThrow(
      'GOOGLE_API_KEY_SECRET_ARN: the secret could not be read (ResourceNotFoundException)',
    );
  });

  it('resolves the Langfuse keys through the same reader, and a bad Langfuse secret only turns tracing off', async () => {
    // Prepare
    const good = secrets({ [LANGFUSE_ARN]: LANGFUSE_SECRET });
    const warn = vi.fn();
    // Act
    const on = await resolveSecrets(loadConfig({ LANGFUSE_SECRET_ARN: LANGFUSE_ARN }), {
      readSecret: good,
      logger: silent,
      needsModelKey: false,
    });
    const off = await resolveSecrets(loadConfig({ LANGFUSE_SECRET_ARN: LANGFUSE_ARN }), {
      readSecret: secrets({}),
      logger: { warn },
      needsModelKey: false,
    });
    // Assess
    expect([on.LANGFUSE_PUBLIC_KEY, on.LANGFUSE_SECRET_KEY]).toEqual(['pk-lf-1', 'sk-lf-1']);
    expect(off.LANGFUSE_PUBLIC_KEY).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('the compositions build one tracer per cold start', () => {
  const env = {
    LOG_LEVEL: 'SILENT',
    LANGFUSE_SECRET_ARN: LANGFUSE_ARN,
    LANGFUSE_BASE_URL: 'http://127.0.0.1:9',
  };

  it('confirm/get/answer: Langfuse from LANGFUSE_SECRET_ARN, without the LangChain plug-in', async () => {
    // Act
    const deps = await buildPlanService(loadConfig(env), logger, {
      readSecret: secrets({ [LANGFUSE_ARN]: LANGFUSE_SECRET }),
    });
    // Assess
    expect(deps.tracer).toBeInstanceOf(LangfuseTracer);
    expect(deps.tracer?.langchainCallbacks({ userId: 'u', sessionId: 's' })).toEqual([]);
    if (deps.tracer instanceof LangfuseTracer) await deps.tracer.shutdown();
  });

  it('planner and executor: Langfuse with the LangChain plug-in (generations)', async () => {
    // Prepare
    const readSecret = secrets({ [LANGFUSE_ARN]: LANGFUSE_SECRET });
    // Act
    const built = [
      await buildRequestService(loadConfig(env), logger, { readSecret }),
      await buildExecutorService(loadConfig(env), logger, { readSecret }),
    ];
    // Assess
    for (const { tracer } of built) {
      expect(tracer).toBeInstanceOf(LangfuseTracer);
      expect(tracer?.langchainCallbacks({ userId: 'u', sessionId: 's' })).toHaveLength(1);
      if (tracer instanceof LangfuseTracer) await tracer.shutdown();
    }
  });

  it('no keys: the no-op tracer, and no secret is read', async () => {
    const readSecret = secrets({});

    const deps = await buildPlanService(loadConfig({ LOG_LEVEL: 'SILENT' }), logger, { readSecret });

    expect(deps.tracer).toBeInstanceOf(NoopTracer);
    expect(readSecret).not.toHaveBeenCalled();
  });

  it('the planner does not start on an unusable Gemini secret', async () => {
    const config = loadConfig({ LOG_LEVEL: 'SILENT', GOOGLE_API_KEY_SECRET_ARN: GEMINI_ARN });

    const started = buildRequestService(config, logger, { readSecret: secrets({ [GEMINI_ARN]: '' }) });

    await expect(started).rejects.toThrow(SecretResolutionError);
  });

  it('the executor builds its Gemini model with the key from the secret', async () => {
    const config = loadConfig({ LOG_LEVEL: 'SILENT', GOOGLE_API_KEY_SECRET_ARN: GEMINI_ARN });
    const readSecret = secrets({ [GEMINI_ARN]: GEMINI_KEY });

    const deps = await buildExecutorService(config, logger, { readSecret });

    expect(typeof deps.executePlanMessage).toBe('function');
    expect(readSecret).toHaveBeenCalledWith(GEMINI_ARN);
  });
});
