import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';

let ensured = false;

/**
 * Makes OpenTelemetry context flow through async calls (nesting, propagateAttributes). The context manager is a
 * process-wide OTel singleton: we register the standard AsyncLocalStorage one once, and never the tracer provider
 * (each LangfuseTracer keeps its own, see tracer-routing.ts). If something else registered a manager first,
 * setGlobalContextManager returns false and that one is kept.
 */
export function ensureContextManager(): void {
  if (ensured) return;
  ensured = true;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
}
