import type { Logger } from '@aws-lambda-powertools/logger';
import type { Config } from '../config/config.ts';
import type { Tracer } from '../ports/tracer.ts';
import { LangfuseTracer } from './langfuse-tracer.ts';
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
   * Extensions of the Langfuse tracer: the planner and executor add langchainTracing (langchain-tracing.ts).
   * Default: none, which keeps LangChain out of the confirm/get/answer bundles (issue 4 cold start).
   */
  plugins?: readonly TracerPlugin[];
}

/**
 * Chooses the tracer (issue 7: with no Langfuse keys, tracing is off and costs nothing). Both keys are needed;
 * deployed stacks fill them from LANGFUSE_SECRET_ARN with resolveLangfuseKeys first (composition root, cold start).
 */
export function createTracer(config: TracerConfig, options: CreateTracerOptions = {}): Tracer {
  const publicKey = config.LANGFUSE_PUBLIC_KEY;
  const secretKey = config.LANGFUSE_SECRET_KEY;
  if (!publicKey || !secretKey) return new NoopTracer();
  return new LangfuseTracer({
    publicKey,
    secretKey,
    baseUrl: config.LANGFUSE_BASE_URL,
    flushTimeoutMs: config.LANGFUSE_FLUSH_TIMEOUT_MS,
    // Langfuse accepts lowercase environments only.
    environment: config.STAGE.toLowerCase(),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.plugins ? { plugins: options.plugins } : {}),
  });
}
