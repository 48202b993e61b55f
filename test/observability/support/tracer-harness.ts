import { afterEach, vi } from 'vitest';
import { loadConfig } from '../../../lib/config/config.ts';
import { langchainTracing } from '../../../lib/observability/langchain-tracing.ts';
import { LangfuseTracer } from '../../../lib/observability/langfuse-tracer.ts';
import type { TracerPlugin } from '../../../lib/observability/tracer-plugin.ts';
import { captureEnv, type OtlpCapture, startOtlpCapture } from '../../support/otlp-capture.ts';

/**
 * Capture servers ("Langfuse") and tracers ("Lambdas") for one test file, closed after each test. Call at the
 * top level of the file: it registers the afterEach.
 */
export function tracerHarness() {
  const open: Array<{ shutdown?: () => Promise<void>; close?: () => Promise<void> }> = [];
  afterEach(async () => {
    for (const item of open.splice(0).reverse()) await (item.shutdown?.() ?? item.close?.());
  });
  return {
    async capture(): Promise<OtlpCapture> {
      const c = await startOtlpCapture();
      open.push(c);
      return c;
    },
    /** A tracer as the planner/executor Lambdas build it (LangChain plug-in on by default), pointed at `baseUrl`. */
    lambdaTracer(
      baseUrl: string,
      flushTimeoutMs = 2_000,
      warn = vi.fn(),
      plugins: readonly TracerPlugin[] = [langchainTracing],
    ): LangfuseTracer {
      const env = captureEnv({ baseUrl }, flushTimeoutMs);
      const config = loadConfig(env);
      const tracer = new LangfuseTracer({
        publicKey: env.LANGFUSE_PUBLIC_KEY ?? '',
        secretKey: env.LANGFUSE_SECRET_KEY ?? '',
        baseUrl: config.LANGFUSE_BASE_URL,
        flushTimeoutMs: config.LANGFUSE_FLUSH_TIMEOUT_MS,
        logger: { warn },
        plugins,
      });
      open.push(tracer);
      return tracer;
    },
  };
}
