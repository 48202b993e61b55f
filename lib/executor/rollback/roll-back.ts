import type { RollbackReport } from '../../contracts/action-result.ts';
import { recordCompensation } from '../../plans/step-records.ts';
import type { ExecutionFailure } from '../../ports/execution-log.ts';
import { type ExecutionState, saveCheckpoint, withPlan } from '../execution-state.ts';
import { crash, type StepContext } from '../run-context.ts';
import { validateArguments } from '../step/argument-schema.ts';
import { reversalReason } from '../step/error-messages.ts';
import { compensationIdempotencyKey } from '../step/idempotency-keys.ts';
import { leavesMutationInDoubt } from '../step/in-doubt.ts';
import { callWithTransientRetry } from '../step/transient-retry.ts';
import { compensationArgs } from './compensation-args.ts';
import { compensationIfMatch } from './compensation-if-match.ts';
import { type CompensationResult, resolveCompensation } from './resolve-compensation.ts';
import { buildRollbackReport } from './rollback-report.ts';
import { settleInDoubtStep } from './settle-in-doubt.ts';

/** What a rollback came to: the report (undefined when none was attempted) and the state it leaves. */
export interface RollbackOutcome {
  report: RollbackReport | undefined;
  state: ExecutionState;
}

async function recordFailure(
  ctx: StepContext,
  state: ExecutionState,
  stepNumber: number,
  reason: string,
): Promise<ExecutionState> {
  // The reason goes to the log first; the step state is the commit point (a crash in between re-sends the
  // compensation under the same key, which the booking API replays).
  const logged = await saveCheckpoint(ctx, state, {
    compensation_failures: { ...state.compensation_failures, [String(stepNumber)]: reason },
  });
  return withPlan(logged, (plan) =>
    recordCompensation(ctx.deps.planStore, plan, stepNumber, 'compensation_failed'),
  );
}

async function recordCompensated(
  ctx: StepContext,
  state: ExecutionState,
  stepNumber: number,
  version: unknown,
): Promise<ExecutionState> {
  // The version goes to the log first; the step state is the commit point (the next compensation on the
  // booking reads the version only once this step shows compensated).
  const logged =
    typeof version === 'number'
      ? await saveCheckpoint(ctx, state, {
          compensation_versions: { ...state.compensation_versions, [String(stepNumber)]: version },
        })
      : state;
  return withPlan(logged, (plan) => recordCompensation(ctx.deps.planStore, plan, stepNumber, 'compensated'));
}

/** Compensates one completed reversible step, idempotently, and records the outcome on the step. */
async function compensateStep(
  ctx: StepContext,
  state: ExecutionState,
  stepNumber: number,
): Promise<ExecutionState> {
  const step = state.plan.actions.find((s) => s.step_number === stepNumber);
  if (!step) return state;
  const { registry } = ctx.deps;
  const action = registry.require(step.action_id);
  const target = action.compensation ? registry.get(action.compensation.action_id) : undefined;
  if (!target) return recordFailure(ctx, state, stepNumber, 'its compensation action is not available');
  const planned = compensationArgs(step, action, target);
  if (!planned.ok) return recordFailure(ctx, state, stepNumber, planned.reason);
  const valid = validateArguments(target, planned.args);
  if (!valid.ok) {
    return recordFailure(
      ctx,
      state,
      stepNumber,
      `the recorded values do not fit ${target.action_id} (${valid.issues.map((i) => i.field).join(', ')})`,
    );
  }
  // If-Match: our latest write to the booking. Someone else's change since then gives a 409, which takes the
  // compensation_failed path (manual guidance) instead of silently overwriting it.
  const ifMatch = compensationIfMatch(state.plan, stepNumber, state.compensation_versions, registry);
  const idempotencyKey = compensationIdempotencyKey(ctx.planId, stepNumber);
  const outcome = await callWithTransientRetry(ctx, {
    action: target,
    args: valid.args,
    idempotencyKey,
    stepNumber,
    purpose: 'compensation',
    ...(ifMatch ? { ifMatch } : {}),
  });
  crash(ctx, 'after_compensation_http_call');
  // Issue 28: a lost answer says nothing about the booking; resolve it like a forward step's (ADR 0007).
  const result: CompensationResult = outcome.ok
    ? { ok: true, data: outcome.data }
    : leavesMutationInDoubt(outcome)
      ? await resolveCompensation(
          ctx,
          { step, target, args: valid.args, idempotencyKey, ...(ifMatch ? { ifMatch } : {}) },
          outcome,
        )
      : { ok: false, reason: reversalReason(outcome.error_type, outcome.message) };
  const recorded = result.ok
    ? await recordCompensated(ctx, state, stepNumber, result.data.version)
    : await recordFailure(ctx, state, stepNumber, result.reason);
  crash(ctx, 'after_compensation_record');
  return recorded;
}

function isReversible(ctx: StepContext, actionId: string): boolean {
  const action = ctx.deps.registry.get(actionId);
  return action?.reversible === true && action.compensation !== undefined;
}

/**
 * 000 Rollback, deterministic (no LLM): compensations in reverse order for completed reversible steps, going on
 * past a failed one (Rollback Principles 1-4). Progress is recorded per step (compensated / compensation_failed),
 * so a redelivery after a crash resumes without compensating twice. The report is undefined when no mutation had
 * been completed or left in doubt (read-only steps do not count): no rollback was attempted (000: rollback_report
 * only if rollback was attempted).
 */
export async function rollBack(
  ctx: StepContext,
  state: ExecutionState,
  decided: ExecutionFailure,
): Promise<RollbackOutcome> {
  const settlement = await settleInDoubtStep(ctx, state, decided);
  const { failure } = settlement;
  // 001 RollbackReport: only a completed MUTATION makes a rollback; a completed read changed nothing.
  const touched = settlement.state.plan.actions.filter(
    (s) =>
      ['succeeded', 'compensated', 'compensation_failed'].includes(s.step_state) &&
      ctx.deps.registry.get(s.action_id)?.read_only !== true,
  );
  if (touched.length === 0 && !failure.in_doubt) return { report: undefined, state: settlement.state };
  return ctx.deps.tracer.span(
    'rollback',
    ctx.scope,
    {
      input: { triggered_by_step: failure.step_number, error_type: failure.error_type },
      metadata: { plan_id: ctx.planId },
    },
    async function runRollback(span) {
      let current = settlement.state;
      const order = [...touched].sort((a, b) => b.step_number - a.step_number);
      for (const step of order) {
        if (step.step_state !== 'succeeded' || !isReversible(ctx, step.action_id)) continue;
        current = await compensateStep(ctx, current, step.step_number);
      }
      const report = buildRollbackReport(current.plan, failure, current.compensation_failures, (id) =>
        ctx.deps.registry.get(id),
      );
      span.update({
        output: {
          actions_reversed: report.actions_reversed,
          actions_failed_to_reverse: report.actions_failed_to_reverse?.map((f) => f.step_number) ?? [],
          irreversible_actions_completed: report.irreversible_actions_completed ?? [],
        },
        level: (report.actions_failed_to_reverse?.length ?? 0) > 0 ? 'WARNING' : 'DEFAULT',
      });
      return { report, state: current };
    },
  );
}
