import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { ExecutorDeps } from '../../lib/executor/executor-deps.ts';
import type { RunContext } from '../../lib/executor/run-context.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import type { SpanHandle } from '../../lib/ports/tracer.ts';
import { TOKEN } from './executor-fixture.ts';
import type { ExecutorWorld } from './executor-harness.ts';

/** What a node put on its `execution` span. */
export type SpanEvent = { name: string; attrs: Parameters<SpanHandle['event']>[1] };

/**
 * The one RunContext the executor tests build over a world, as create-executor.ts does for a message (the plan's
 * trace scope, the user's token, the `execution` span), to run one graph node, one step or the rollback directly:
 * the returned update, the stores and the span's events can then be asserted one by one.
 */
export function nodeContext(
  world: ExecutorWorld,
  plan: Pick<StoredPlan, 'plan_id' | 'user_id' | 'session_id'>,
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
  const planId = plan.plan_id;
  const scope = { userId: plan.user_id, sessionId: plan.session_id, planId };
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
