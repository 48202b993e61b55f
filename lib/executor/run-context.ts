import type { VenueSettings } from '../dates/same-when.ts';
import type { SpanHandle, TraceScope } from '../ports/tracer.ts';
import type { CrashPoint, ExecutorDeps } from './executor-deps.ts';

/** The executor's deps without its model: all that steps, read-backs and rollback use. */
export type StepDeps = Omit<ExecutorDeps, 'model'>;

/**
 * What steps and rollback share with the graph's nodes: the deps, the user's token (memory only: never stored,
 * logged or traced) and the span with its scope. Rollback runs on this alone, so the watchdog can roll a plan
 * back without a model (lib/executor/abandon-execution.ts).
 */
export interface StepContext {
  readonly deps: StepDeps;
  readonly planId: string;
  readonly token: string;
  readonly scope: TraceScope;
  readonly span: SpanHandle;
  /**
   * Issue 27: the plan's venue clock (planVenue: the timezone and locale it was planned under), for readers that
   * see no plan (read-backs). Absent: the config's venue.
   */
  readonly venue?: VenueSettings;
}

/**
 * What one invocation's nodes share and never change: the injected deps (with the model), the token and the
 * `execution` span. Everything that changes lives in the graph's state (graph/graph-state.ts).
 */
export interface RunContext extends StepContext {
  readonly deps: ExecutorDeps;
}

/** The crash tests' hook (issue 6 "Exactly once"); a no-op in production. */
export function crash(ctx: StepContext, point: CrashPoint): void {
  ctx.deps.crash?.(point);
}
