import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../lib/config/config.ts';
import { createTracer } from '../../lib/observability/create-tracer.ts';
import { langchainTracing } from '../../lib/observability/langchain-tracing.ts';
import { LangfuseTracer } from '../../lib/observability/langfuse-tracer.ts';
import { NoopTracer } from '../../lib/observability/noop-tracer.ts';
import { isValidTraceRef } from '../../lib/observability/trace-ref.ts';

const scope = { userId: 'user-1', sessionId: 'sess-1' };

describe('createTracer', () => {
  it('turns tracing off when no Langfuse keys are set, without loading the plug-ins', async () => {
    // Prepare
    const plugins = vi.fn(async () => [langchainTracing]);

    // Act
    const tracer = await createTracer(loadConfig({}), { plugins });

    // Assess
    expect(tracer).toBeInstanceOf(NoopTracer);
    expect(plugins).not.toHaveBeenCalled();
  });

  it('turns tracing off when only one key is set', async () => {
    expect(await createTracer(loadConfig({ LANGFUSE_PUBLIC_KEY: 'pk' }))).toBeInstanceOf(NoopTracer);
  });

  it('adds LangChain callbacks only when the plug-in is given', async () => {
    // Prepare
    const config = loadConfig({
      LANGFUSE_PUBLIC_KEY: 'pk',
      LANGFUSE_SECRET_KEY: 'sk',
      LANGFUSE_BASE_URL: 'http://127.0.0.1:9',
    });
    // Act
    const core = await createTracer(config);
    const withLangchain = await createTracer(config, { plugins: async () => [langchainTracing] });
    // Assess
    expect(core.langchainCallbacks(scope)).toEqual([]);
    expect(withLangchain.langchainCallbacks(scope)).toHaveLength(1);
    for (const tracer of [core, withLangchain]) if (tracer instanceof LangfuseTracer) await tracer.shutdown();
  });

  it('uses Langfuse when both keys are set', async () => {
    // Prepare
    const config = loadConfig({
      LANGFUSE_PUBLIC_KEY: 'pk',
      LANGFUSE_SECRET_KEY: 'sk',
      LANGFUSE_BASE_URL: 'http://127.0.0.1:9',
    });
    // Act
    const tracer = await createTracer(config);
    // Assess
    expect(tracer).toBeInstanceOf(LangfuseTracer);
    if (tracer instanceof LangfuseTracer) await tracer.shutdown();
  });
});

describe('NoopTracer', () => {
  describe('startTrace', () => {
    it('runs fn and hands out a valid, fresh trace reference', async () => {
      // Prepare
      const tracer = new NoopTracer();
      // Act
      const [a, b] = await Promise.all([
        tracer.startTrace('user_request', scope, async (_span, ref) => ref),
        tracer.startTrace('user_request', scope, async (_span, ref) => ref),
      ]);
      // Assess
      expect(isValidTraceRef(a)).toBe(true);
      expect(a.traceId).not.toBe(b.traceId);
    });
  });

  describe('span', () => {
    it('returns fn result and propagates its error', async () => {
      const tracer = new NoopTracer();
      await expect(
        tracer.span('execution', scope, {}, async (span) => {
          span.update({ output: 'x' });
          span.event('clarification');
          return 42;
        }),
      ).resolves.toBe(42);
      await expect(
        tracer.span('execution', scope, {}, async () => {
          throw new Error('step failed');
        }),
      ).rejects.toThrow('step failed');
    });
  });

  describe('langchainCallbacks / flush', () => {
    it('adds no callbacks and flushes instantly', async () => {
      const tracer = new NoopTracer();
      expect(tracer.langchainCallbacks(scope)).toEqual([]);
      await expect(tracer.flush()).resolves.toBeUndefined();
    });
  });
});
