import type { Logger } from '@aws-lambda-powertools/logger';
import type { Config } from '../config/config.ts';
import { withBoundedFlush } from '../observability/bounded-tracer.ts';
import { createTracer } from '../observability/create-tracer.ts';
import type { TracerPlugin } from '../observability/tracer-plugin.ts';
import type { Tracer } from '../ports/tracer.ts';

/** What buildTracer needs; `config` already carries the resolved Langfuse keys (resolve-secrets.ts). */
export interface BuildTracerInput {
  config: Config;
  logger: Pick<Logger, 'warn'>;
  /** An injected tracer (tests, the local stack) replaces the configured one; its flush gets the same bound. */
  override?: Tracer | undefined;
  /** Loads langchainTracing for the planner and executor; none for the confirm/get/answer handlers. */
  plugins?: () => Promise<readonly TracerPlugin[]>;
}

/**
 * The tracer of one Lambda, built once per cold start: Langfuse when both keys are set (loaded then, not at
 * import), the no-op tracer otherwise (issue 7: tracing off costs nothing). Its flush is bounded by
 * LANGFUSE_FLUSH_TIMEOUT_MS and never throws, so the handlers can flush before every return.
 */
export async function buildTracer(input: BuildTracerInput): Promise<Tracer> {
  const { config, logger } = input;
  if (input.override) return withBoundedFlush(input.override, config.LANGFUSE_FLUSH_TIMEOUT_MS, logger);
  return createTracer(config, { logger, ...(input.plugins ? { plugins: input.plugins } : {}) });
}
