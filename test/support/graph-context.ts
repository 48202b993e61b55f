import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { ExecutorDeps } from '../../lib/executor/executor-deps.ts';
import type { RunContext } from '../../lib/executor/run-context.ts';
import type { SpanHandle } from '../../lib/ports/tracer.ts';
import { TOKEN } from './executor-fixture.ts';
import type { ExecutorWorld } from './executor-harness.ts';

/** What a node put on its `execution` span. */
export type SpanEvent = { name: string; attrs: Parameters<SpanHandle['event']>[1] };

/**
 * A RunContext over a fresh world, to run one graph node directly (the graph and its routers are tested apart):
 * the node's returned update, the stores and the span's events can then be asserted one by one.
 */
export function nodeContext(
  world: ExecutorWorld,
  planId: string,
  model: BaseChatModel,
  overrides: Partial<ExecutorDeps> = {},
): { ctx: RunContext; events: SpanEvent[] } {
  const events: SpanEvent[] = [];
  const span: SpanHandle = {
    update: () => undefined,
    event: (name, attrs) => {
      events.push({ name, attrs });
    },
  };
  const scope = { userId: 'user_ops_harbour', sessionId: 'sess', planId };
  return { ctx: { deps: world.deps(model, overrides), planId, token: TOKEN, scope, span }, events };
}

/** A chat model whose bound tools are recorded and whose reply is given (or thrown) by the test. */
export function scriptedModel(reply: () => Promise<unknown>) {
  const seen: { tools: unknown[]; messages: unknown[]; options: Record<string, unknown> }[] = [];
  const model = {
    bindTools(tools: unknown[]) {
      return {
        async invoke(messages: unknown[], options: Record<string, unknown>) {
          seen.push({ tools, messages, options });
          return reply();
        },
      };
    },
  } as unknown as BaseChatModel;
  return { model, seen };
}
