import { CallbackHandler } from '@langfuse/langchain';
import { context, type TracerProvider } from '@opentelemetry/api';
import type { TraceScope } from '../ports/tracer.ts';
import { withOwner } from './tracer-routing.ts';

type Params<K extends keyof CallbackHandler> = CallbackHandler[K] extends (...args: infer A) => unknown
  ? A
  : never;

/**
 * The Langfuse LangChain handler, bound to one LangfuseTracer's provider. Generations (model, prompt, response,
 * latency, token usage) nest under the active span: handlers are awaited (not queued in LangChain's background
 * queue), so they run in the caller's OTel context, and every span-starting hook runs with this tracer as owner.
 */
export class OwnedCallbackHandler extends CallbackHandler {
  constructor(
    scope: TraceScope,
    private readonly provider: TracerProvider,
  ) {
    super({ userId: scope.userId, sessionId: scope.sessionId });
    // Queued handlers run in whatever context the previous job left behind; awaited ones keep the caller's.
    this.awaitHandlers = true;
  }

  private owned<T>(fn: () => T): T {
    return context.with(withOwner(context.active(), this.provider), fn);
  }

  override handleChainStart(...args: Params<'handleChainStart'>): Promise<void> {
    return this.owned(() => super.handleChainStart(...args));
  }

  override handleGenerationStart(...args: Params<'handleGenerationStart'>): Promise<void> {
    return this.owned(() => super.handleGenerationStart(...args));
  }

  override handleToolStart(...args: Params<'handleToolStart'>): Promise<void> {
    return this.owned(() => super.handleToolStart(...args));
  }

  override handleRetrieverStart(...args: Params<'handleRetrieverStart'>): Promise<void> {
    return this.owned(() => super.handleRetrieverStart(...args));
  }

  override handleAgentAction(...args: Params<'handleAgentAction'>): Promise<void> {
    return this.owned(() => super.handleAgentAction(...args));
  }
}
