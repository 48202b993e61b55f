import type { Logger } from '@aws-lambda-powertools/logger';
import type { Tracer } from '../ports/tracer.ts';
import { boundedFlush } from './bounded-flush.ts';
import { maskFreeText } from './redact.ts';

/**
 * The same tracer with flush() bounded by `timeoutMs` and never rejecting. The composition wraps injected tracers
 * (tests, the local stack) with it so every Lambda keeps issue 7's promise whatever tracer it was given: a slow
 * or failing tracer never fails or delays a request beyond the bound. LangfuseTracer bounds itself already.
 */
export function withBoundedFlush(tracer: Tracer, timeoutMs: number, logger?: Pick<Logger, 'warn'>): Tracer {
  return {
    startTrace: (name, scope, fn) => tracer.startTrace(name, scope, fn),
    span: (name, scope, options, fn) => tracer.span(name, scope, options, fn),
    langchainCallbacks: (scope) => tracer.langchainCallbacks(scope),
    async flush() {
      const outcome = await boundedFlush(() => tracer.flush(), timeoutMs);
      if (outcome.kind !== 'flushed') {
        logger?.warn('trace flush incomplete; telemetry may be lost', {
          outcome: outcome.kind,
          bound_ms: timeoutMs,
          ...(outcome.kind === 'failed' ? { error: maskFreeText(String(outcome.error)) } : {}),
        });
      }
    },
  };
}
