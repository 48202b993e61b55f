import type { Logger } from '@aws-lambda-powertools/logger';
import type { Config } from '../config/config.ts';
import type { Tracer } from '../ports/tracer.ts';
import { LangfuseTracer } from './langfuse-tracer.ts';
import { NoopTracer } from './noop-tracer.ts';

type TracerConfig = Pick<
  Config,
  'LANGFUSE_PUBLIC_KEY' | 'LANGFUSE_SECRET_KEY' | 'LANGFUSE_BASE_URL' | 'LANGFUSE_FLUSH_TIMEOUT_MS' | 'STAGE'
>;

/**
 * Chooses the tracer (issue 7: with no Langfuse keys, tracing is off and costs nothing). Both keys are needed;
 * deployed stacks fill them from LANGFUSE_SECRET_ARN with resolveLangfuseKeys first (composition root, cold start).
 */
export function createTracer(config: TracerConfig, logger?: Pick<Logger, 'warn'>): Tracer {
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
    ...(logger ? { logger } : {}),
  });
}
