import type { RollbackReport } from '../contracts/action-result.ts';
import { validateArguments } from './argument-schema.ts';
import { callAction } from './call-action.ts';
import { compensationArgs } from './compensation-args.ts';
import { compensationIfMatch } from './compensation-if-match.ts';
import { reversalReason } from './error-messages.ts';
import type { ExecutionFailure } from './execution-log.ts';
import { compensationIdempotencyKey } from './idempotency-keys.ts';
import { settleInDoubtStep } from './in-doubt.ts';
import { buildRollbackReport } from './rollback-report.ts';
import { crash, type RunContext, saveRecord, saveStep } from './run-context.ts';

async function recordFailure(ctx: RunContext, stepNumber: number, reason: string): Promise<void> {
  // The reason goes to the log first; the step state is the commit point (a crash in between re-sends the
  // compensation under the same key, which the booking API replays).
  await saveRecord(ctx, {
    compensation_failures: { ...ctx.record.compensation_failures, [String(stepNumber)]: reason },
  });
  await saveStep(ctx, stepNumber, (s) => ({ ...s, step_state: 'compensation_failed' }));
}

async function recordCompensated(ctx: RunContext, stepNumber: number, version: unknown): Promise<void> {
  // The version goes to the log first; the step state is the commit point (the next compensation on the
  // booking reads the version only once this step shows compensated).
  if (typeof version === 'number') {
    await saveRecord(ctx, {
      compensation_versions: { ...ctx.record.compensation_versions, [String(stepNumber)]: version },
    });
  }
  await saveStep(ctx, stepNumber, (s) => ({ ...s, step_state: 'compensated' }));
}

/** Compensates one completed reversible step, idempotently, and records the outcome on the step. */
async function compensateStep(ctx: RunContext, stepNumber: number): Promise<void> {
  const step = ctx.plan.actions.find((s) => s.step_number === stepNumber);
  if (!step) return;
  const { registry } = ctx.deps;
  const action = registry.require(step.action_id);
  const target = action.compensation ? registry.get(action.compensation.action_id) : undefined;
  if (!target) return recordFailure(ctx, stepNumber, 'its compensation action is not available');
  const planned = compensationArgs(step, action, target);
  if (!planned.ok) return recordFailure(ctx, stepNumber, planned.reason);
  const valid = validateArguments(target, planned.args);
  if (!valid.ok) {
    return recordFailure(
      ctx,
      stepNumber,
      `the recorded values do not fit ${target.action_id} (${valid.issues.map((i) => i.field).join(', ')})`,
    );
  }
  // If-Match: our latest write to the booking. Someone else's change since then gives a 409, which takes the
  // compensation_failed path (manual guidance) instead of silently overwriting it.
  const ifMatch = compensationIfMatch(ctx.plan, stepNumber, ctx.record.compensation_versions, registry);
  const outcome = await callAction(ctx, {
    action: target,
    args: valid.args,
    idempotencyKey: compensationIdempotencyKey(ctx.plan.plan_id, stepNumber),
    stepNumber,
    purpose: 'compensation',
    ...(ifMatch ? { ifMatch } : {}),
  });
  crash(ctx, 'after_compensation_http_call');
  if (outcome.ok) await recordCompensated(ctx, stepNumber, outcome.data.version);
  else await recordFailure(ctx, stepNumber, reversalReason(outcome.error_type, outcome.message));
  crash(ctx, 'after_compensation_record');
}

function isReversible(ctx: RunContext, actionId: string): boolean {
  const action = ctx.deps.registry.get(actionId);
  return action?.reversible === true && action.compensation !== undefined;
}

/**
 * 000 Rollback, deterministic (no LLM): compensations in reverse order for completed reversible steps, going on
 * past a failed one (Rollback Principles 1-4). Progress is recorded per step (compensated / compensation_failed),
 * so a redelivery after a crash resumes without compensating twice. Returns undefined when no mutation had been
 * completed or left in doubt (read-only steps do not count), i.e. no rollback was attempted (000: rollback_report only if rollback was attempted).
 */
export async function rollBack(
  ctx: RunContext,
  decided: ExecutionFailure,
): Promise<RollbackReport | undefined> {
  const failure = await settleInDoubtStep(ctx, decided);
  // 001 RollbackReport: only a completed MUTATION makes a rollback; a completed read changed nothing.
  const touched = ctx.plan.actions.filter(
    (s) =>
      ['succeeded', 'compensated', 'compensation_failed'].includes(s.step_state) &&
      ctx.deps.registry.get(s.action_id)?.read_only !== true,
  );
  if (touched.length === 0 && !failure.in_doubt) return undefined;
  return ctx.deps.tracer.span(
    'rollback',
    ctx.scope,
    {
      input: { triggered_by_step: failure.step_number, error_type: failure.error_type },
      metadata: { plan_id: ctx.plan.plan_id },
    },
    async function runRollback(span) {
      const order = [...touched].sort((a, b) => b.step_number - a.step_number);
      for (const step of order) {
        if (step.step_state !== 'succeeded' || !isReversible(ctx, step.action_id)) continue;
        await compensateStep(ctx, step.step_number);
      }
      const report = buildRollbackReport(ctx.plan, failure, ctx.record.compensation_failures, (id) =>
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
      return report;
    },
  );
}
