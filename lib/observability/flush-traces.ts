import type { Logger } from '@aws-lambda-powertools/logger';
import type middy from '@middy/core';
import type { Tracer } from '../ports/tracer.ts';

/**
 * Issue 7: the traces are flushed before a Lambda returns, after its response (or error body) is final. One
 * middleware for the HTTP handlers and the SQS consumer: registered first, its `after` and `onError` run last.
 * The tracer's flush is bounded (LANGFUSE_FLUSH_TIMEOUT_MS) and must never fail the invocation: anything it throws
 * is logged. `tracer` is read per invocation because the deps that hold it are built lazily (once per cold start).
 */
export function flushTracesMiddleware(
  tracer: () => Pick<Tracer, 'flush'> | undefined,
  logger: Pick<Logger, 'warn'>,
): middy.MiddlewareObj {
  async function flushTraces(): Promise<void> {
    try {
      await tracer()?.flush();
    } catch (error) {
      logger.warn('trace flush failed', { error_name: error instanceof Error ? error.name : 'unknown' });
    }
  }
  return { after: flushTraces, onError: flushTraces };
}
