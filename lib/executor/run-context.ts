import type { StoredPlan, StoredStep } from '../plans/stored-plan.ts';
import type { PlanPatch } from '../ports/plan-store.ts';
import type { SpanHandle, TraceScope } from '../ports/tracer.ts';
import type { ExecutionRecord } from './execution-log.ts';
import type { ExecutorDeps } from './executor-deps.ts';

/**
 * One invocation's working state: the injected deps, the user's token (memory only: never stored, logged or
 * traced), and the latest known versions of the plan item and the execution log item. Every write goes through
 * savePlan/saveRecord, which are conditional on those versions.
 */
export interface RunContext {
  readonly deps: ExecutorDeps;
  readonly token: string;
  readonly scope: TraceScope;
  readonly span: SpanHandle;
  plan: StoredPlan;
  record: ExecutionRecord;
  /** seq of the stored log item, undefined until the first put. */
  storedSeq: number | undefined;
}

/** Conditional plan write (version + status executing); keeps ctx.plan current. */
export async function savePlan(ctx: RunContext, patch: PlanPatch): Promise<StoredPlan> {
  ctx.plan = await ctx.deps.planStore.update(ctx.plan.plan_id, ctx.plan.version, patch, {
    expectStatus: ['executing'],
  });
  return ctx.plan;
}

/** Rewrites one step of the plan (the step write-ahead log lives in the plan item, 001 PlannedAction extended). */
export async function saveStep(
  ctx: RunContext,
  stepNumber: number,
  change: (step: StoredStep) => StoredStep,
): Promise<StoredStep> {
  const actions = ctx.plan.actions.map((s) =>
    s.step_number === stepNumber ? change(structuredClone(s)) : s,
  );
  await savePlan(ctx, { set: { actions } });
  return stepOf(ctx.plan, stepNumber);
}

/** Conditional log write (seq); keeps ctx.record current. */
export async function saveRecord(ctx: RunContext, change: Partial<ExecutionRecord>): Promise<void> {
  const next: ExecutionRecord = {
    ...ctx.record,
    ...change,
    seq: (ctx.storedSeq ?? 0) + 1,
    updated_at: ctx.deps.clock.now().toISOString(),
  };
  await ctx.deps.executionLog.put(next, ctx.storedSeq);
  ctx.record = next;
  ctx.storedSeq = next.seq;
}

export function stepOf(plan: StoredPlan, stepNumber: number): StoredStep {
  const step = plan.actions.find((s) => s.step_number === stepNumber);
  if (!step) throw new RangeError(`plan ${plan.plan_id} has no step ${stepNumber}`);
  return step;
}

/** The first step not yet succeeded, or undefined when every step is done. */
export function nextOpenStep(plan: StoredPlan): StoredStep | undefined {
  return plan.actions.find((s) => s.step_state !== 'succeeded');
}

/** Recorded outputs by step number, for {{step_N.field}} placeholders. */
export function stepOutputs(plan: StoredPlan): Map<number, Record<string, unknown>> {
  const outputs = new Map<number, Record<string, unknown>>();
  for (const s of plan.actions) {
    if (s.step_state === 'succeeded' && s.result?.response_data)
      outputs.set(s.step_number, s.result.response_data);
  }
  return outputs;
}

export function crash(ctx: RunContext, point: Parameters<NonNullable<ExecutorDeps['crash']>>[0]): void {
  ctx.deps.crash?.(point);
}
