import { isTerminal } from '../plans/status-machine.ts';
import type { StoredPlan } from '../plans/stored-plan.ts';
import type { PlanMessage } from '../ports/plan-queue.ts';
import type { SpanHandle, TraceScope } from '../ports/tracer.ts';
import { planChangeSummary } from './change-summary.ts';
import type { ExecutionFailure, ExecutionRecord } from './execution-log.ts';
import type { ExecutePlanMessage, ExecutorDeps } from './executor-deps.ts';
import { finishPlan, statusAfterFailure } from './finalize.ts';
import type { GraphOutcome } from './graph-state.ts';
import { fromLoggedMessage, toLoggedMessage } from './message-codec.ts';
import { initialMessages } from './prompt.ts';
import { buildExecutorGraph } from './react-graph.ts';
import { rollBack } from './rollback.ts';
import { type RunContext, savePlan, saveRecord } from './run-context.ts';
import { admit } from './start-execution.ts';

/** Execution logs outlive a waiting prompt: a week (sessions expire sooner; TTL only cleans up). */
const LOG_TTL_SECONDS = 7 * 24 * 3600;

function freshRecord(deps: ExecutorDeps, plan: StoredPlan): ExecutionRecord {
  const now = deps.clock.now();
  return {
    plan_id: plan.plan_id,
    seq: 0,
    messages: initialMessages(plan, deps.registry).map(toLoggedMessage),
    pending: [],
    model_calls: 0,
    model_errors: 0,
    corrections: {},
    nudges: 0,
    after_answer: false,
    compensation_failures: {},
    compensation_versions: {},
    updated_at: now.toISOString(),
    expires_at: Math.floor(now.getTime() / 1000) + LOG_TTL_SECONDS,
  };
}

/** A failure already decided before a crash: in the log, or a step recorded as failed. */
function decidedFailure(ctx: RunContext): ExecutionFailure | undefined {
  if (ctx.record.failure) return ctx.record.failure;
  const failed = ctx.plan.actions.find((s) => s.step_state === 'failed');
  if (!failed) return undefined;
  return {
    kind: 'step_failed',
    step_number: failed.step_number,
    ...(failed.result?.error_type ? { error_type: failed.result.error_type } : {}),
    message: failed.result?.error_message ?? `Step ${failed.step_number} failed.`,
    ...(failed.result?.error_type === 'timeout' ? { in_doubt: true } : {}),
  };
}

/** A step whose action the registry no longer offers (removed or blocked since planning) cannot run. */
function unavailableStep(ctx: RunContext): ExecutionFailure | undefined {
  const step = ctx.plan.actions.find((s) => !ctx.deps.registry.isModelVisible(s.action_id));
  if (!step) return undefined;
  return {
    kind: 'step_failed',
    step_number: step.step_number,
    message: `Step ${step.step_number} (${step.action_id}) can no longer be executed: the action is not available. Nothing more was changed; please start a new request.`,
  };
}

async function runLoop(ctx: RunContext): Promise<GraphOutcome> {
  const graph = buildExecutorGraph(ctx);
  const state = await graph.invoke(
    { messages: ctx.record.messages.map(fromLoggedMessage) },
    { recursionLimit: ctx.deps.config.MAX_EXECUTOR_MODEL_CALLS * 3 + 10, runName: 'execution_graph' },
  );
  return state.outcome;
}

async function failAndRollBack(ctx: RunContext, failure: ExecutionFailure): Promise<void> {
  if (!ctx.record.failure) await saveRecord(ctx, { failure, pending: [] });
  const report = await rollBack(ctx, failure);
  await finishPlan(ctx, {
    status: statusAfterFailure(report),
    failure_reason: failure.message,
    ...(report ? { rollback_report: report } : {}),
  });
}

async function execute(deps: ExecutorDeps, ctx: RunContext): Promise<void> {
  // An answer already logged but still on the plan (crash between the two writes) is consumed: drop it.
  if (ctx.plan.blocking_answer !== undefined && !ctx.record.pending.some((c) => c.kind === 'ask')) {
    await savePlan(ctx, { remove: ['blocking_answer'] });
  }
  const decided = decidedFailure(ctx) ?? unavailableStep(ctx);
  if (decided) return failAndRollBack(ctx, decided);
  const outcome = await runLoop(ctx);
  if (outcome.kind === 'completed') return finishPlan(ctx, { status: 'completed' });
  if (outcome.kind === 'failed') return failAndRollBack(ctx, outcome.failure);
  if (outcome.kind === 'running')
    deps.logger.warn('execution loop ended without an outcome', { plan_id: ctx.plan.plan_id });
}

/**
 * The SQS consumer's use case (issue 6). Admits the message (confirmed → executing, or continue), then runs the
 * ReAct graph from the checkpoint, inside an `execution` span continuing the plan's stored trace. Completed,
 * failed and rolled-back outcomes end in one terminal write; ask_user ends the invocation with the plan still
 * executing. Throwing lets SQS redeliver; every step is write-ahead logged, so a redelivery completes the plan
 * with each booking mutation applied once.
 */
export function createExecutor(deps: ExecutorDeps): ExecutePlanMessage {
  return async function executePlanMessage(msg: PlanMessage): Promise<void> {
    const admission = await admit(deps, msg);
    if (admission.kind === 'ignore') {
      deps.logger.info('plan message acknowledged without effect', {
        plan_id: msg.plan_id,
        kind: msg.kind,
        reason: admission.reason,
      });
      const settled = admission.plan;
      if (settled && isTerminal(settled.status)) {
        // A redelivery after a crash between the terminal write and the slot release: release it now (the
        // release is conditional on this plan id, so another plan's slot is untouched).
        await deps.sessionStore.releaseBlockingSlot(settled.session_id, settled.plan_id);
      }
      if (settled && settled.status !== 'executing') await deps.executionLog.delete(msg.plan_id);
      deps.crash?.('before_sqs_delete');
      return;
    }
    const plan = admission.plan;
    const scope: TraceScope = { userId: plan.user_id, sessionId: plan.session_id, planId: plan.plan_id };
    const parent =
      plan.trace_id && plan.trace_root_span_id
        ? { traceId: plan.trace_id, rootSpanId: plan.trace_root_span_id }
        : undefined;
    const stored = await deps.executionLog.get(plan.plan_id);
    await deps.tracer.span(
      'execution',
      scope,
      {
        asType: 'agent',
        input: {
          plan_id: plan.plan_id,
          message_kind: msg.kind,
          intent_summary: plan.intent_summary,
          steps: plan.actions.length,
        },
        ...(parent ? { parent } : {}),
      },
      async function runExecution(span: SpanHandle) {
        const ctx: RunContext = {
          deps,
          token: msg.user_token,
          scope,
          span,
          plan,
          record: stored ?? freshRecord(deps, plan),
          storedSeq: stored?.seq,
        };
        await execute(deps, ctx);
        span.update({
          output: {
            status: ctx.plan.status,
            blocking: ctx.plan.blocking_prompt !== undefined,
            ...(ctx.plan.status === 'completed'
              ? { summary: planChangeSummary(ctx.plan, (id) => deps.registry.get(id)) }
              : {}),
            ...(ctx.plan.rollback_report ? { rollback_report: ctx.plan.rollback_report } : {}),
          },
          ...(ctx.plan.status === 'failed' ? { level: 'ERROR' as const } : {}),
        });
      },
    );
    deps.crash?.('before_sqs_delete');
  };
}
