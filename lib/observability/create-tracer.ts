import type { Logger } from '@aws-lambda-powertools/logger';
import type { Config } from '../config/config.ts';
import type { Tracer } from '../ports/tracer.ts';
import { NoopTracer } from './noop-tracer.ts';
import type { TracerPlugin } from './tracer-plugin.ts';

type TracerConfig = Pick<
  Config,
  'LANGFUSE_PUBLIC_KEY' | 'LANGFUSE_SECRET_KEY' | 'LANGFUSE_BASE_URL' | 'LANGFUSE_FLUSH_TIMEOUT_MS' | 'STAGE'
>;

/** Options of createTracer. */
export interface CreateTracerOptions {
  /** Flush and set-up problems are reported here (never thrown). Default: silent. */
  logger?: Pick<Logger, 'warn'>;
  /**
   * Loads the Langfuse tracer's extensions, only when tracing is on: the planner and executor load
   * langchainTracing (langchain-tracing.ts). Default: none, which keeps LangChain out of the confirm/get/answer
   * bundles (issue 4 cold start).
   */
  plugins?: () => Promise<readonly TracerPlugin[]>;
}

/**
 * Chooses the tracer (issue 7: with no Langfuse keys, tracing is off and costs nothing). Both keys are needed;
 * deployed stacks fill them from LANGFUSE_SECRET_ARN with resolveLangfuseKeys first (composition root, cold start).
 * Langfuse and the OpenTelemetry SDK are imported here, on first use, and never without keys (issue 12: a Lambda
 * with tracing off does not pay for loading them at cold start).
 */
export async function createTracer(config: TracerConfig, options: CreateTracerOptions = {}): Promise<Tracer> {
  const publicKey = config.LANGFUSE_PUBLIC_KEY;
  const secretKey = config.LANGFUSE_SECRET_KEY;
  if (!publicKey || !secretKey) return new NoopTracer();
  const [{ LangfuseTracer }, plugins] = await Promise.all([
    import('./langfuse-tracer.ts'),
    options.plugins?.() ?? Promise.resolve([]),
  ]);
  return new LangfuseTracer({
    publicKey,
    secretKey,
    baseUrl: config.LANGFUSE_BASE_URL,
    flushTimeoutMs: config.LANGFUSE_FLUSH_TIMEOUT_MS,
    // Langfuse accepts lowercase environments only.
    environment: config.STAGE.toLowerCase(),
    ...(options.logger ? { logger: options.logger } : {}),
    plugins,
  });
}
