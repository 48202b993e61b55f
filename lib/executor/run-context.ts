import type { SpanHandle, TraceScope } from '../ports/tracer.ts';
import type { CrashPoint, ExecutorDeps } from './executor-deps.ts';

/**
 * What one invocation's nodes share and never change: the injected deps, the user's token (memory only: never
 * stored, logged or traced) and the `execution` span with its scope. Everything that changes lives in the
 * graph's state (graph/graph-state.ts).
 */
export interface RunContext {
  readonly deps: ExecutorDeps;
  readonly planId: string;
  readonly token: string;
  readonly scope: TraceScope;
  readonly span: SpanHandle;
}

/** The crash tests' hook (issue 6 "Exactly once"); a no-op in production. */
export function crash(ctx: RunContext, point: CrashPoint): void {
  ctx.deps.crash?.(point);
}
