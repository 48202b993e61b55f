import { admitToExecution } from '../plans/admit-to-execution.ts';
import { consumeBlockingAnswer } from '../plans/block-for-answer.ts';
import { isTerminal } from '../plans/status-machine.ts';
import type { StoredPlan } from '../plans/stored-plan.ts';
import type { ExecutionFailure, ExecutionRecord } from '../ports/execution-log.ts';
import type { PlanMessage } from '../ports/plan-queue.ts';
import type { SpanHandle, TraceScope } from '../ports/tracer.ts';
import { decidedFailure, freshRecord } from './execution-record.ts';
import { stateFromCheckpoint } from './execution-state.ts';
import type { ExecutePlanMessage, ExecutorDeps } from './executor-deps.ts';
import { buildExecutorGraph } from './graph/executor-graph.ts';
import type { ExecutorStateValue } from './graph/graph-state.ts';
import { planVenue } from './plan-venue.ts';
import type { RunContext } from './run-context.ts';
import { planChangeSummary } from './step/change-summary.ts';
import { unsealToken } from './unseal-token.ts';
import { venueRefusal } from './venue-check.ts';

/** A step whose action the registry no longer offers (removed or blocked since planning) cannot run. */
function unavailableStep(deps: ExecutorDeps, plan: StoredPlan): ExecutionFailure | undefined {
  const step = plan.actions.find((s) => !deps.registry.isModelVisible(s.action_id));
  if (!step) return undefined;
  return {
    kind: 'step_failed',
    step_number: step.step_number,
    message: `Step ${step.step_number} (${step.action_id}) can no longer be executed: the action is not available. Nothing more was changed; please start a new request.`,
  };
}

/**
 * One invocation's run of the graph, from the checkpoint. An answer already logged but still on the plan (a crash
 * between the two writes) is consumed first; a failure decided before a crash, a step no longer available or a
 * token of another venue (ADR 0010) starts the graph at roll_back.
 */
async function runGraph(ctx: RunContext, admitted: StoredPlan, stored: ExecutionRecord | undefined) {
  const { deps } = ctx;
  const record = stored ?? freshRecord(deps, admitted);
  const plan =
    admitted.blocking_answer !== undefined && !record.pending.some((c) => c.kind === 'ask')
      ? await consumeBlockingAnswer(deps.planStore, admitted)
      : admitted;
  const decided =
    decidedFailure(plan, record) ??
    unavailableStep(deps, plan) ??
    (await venueRefusal(deps.venues, plan, ctx.token));
  const state: ExecutorStateValue = await buildExecutorGraph(ctx).invoke(
    {
      ...stateFromCheckpoint(plan, record, stored !== undefined),
      ...(decided ? { outcome: { kind: 'failed' as const, failure: decided } } : {}),
    },
    { recursionLimit: deps.config.MAX_EXECUTOR_MODEL_CALLS * 3 + 10, runName: 'execution_graph' },
  );
  if (state.outcome.kind === 'running')
    deps.logger.warn('execution loop ended without an outcome', { plan_id: admitted.plan_id });
  return state;
}

/** The plan as the `execution` span reports it. */
function executionOutput(deps: ExecutorDeps, plan: StoredPlan) {
  return {
    output: {
      status: plan.status,
      blocking: plan.blocking_prompt !== undefined,
      ...(plan.status === 'completed'
        ? { summary: planChangeSummary(plan, (id) => deps.registry.get(id)) }
        : {}),
      ...(plan.rollback_report ? { rollback_report: plan.rollback_report } : {}),
    },
    ...(plan.status === 'failed' ? { level: 'ERROR' as const } : {}),
  };
}

/**
 * The SQS consumer's use case (issue 6): admit the message (lib/plans: confirmed → executing, or continue), then
 * run the executor graph from the checkpoint inside an `execution` span continuing the plan's stored trace. The
 * graph ends in one terminal write (completed, failed or rolled_back) or, on ask_user, with the plan still
 * executing. Throwing lets SQS redeliver; every step is write-ahead logged, so a redelivery completes the plan
 * with each booking mutation applied once.
 */
export function createExecutor(deps: ExecutorDeps): ExecutePlanMessage {
  const admissionDeps = { plans: deps.planStore, clock: deps.clock, log: deps.logger };
  return async function executePlanMessage(msg: PlanMessage): Promise<void> {
    const admission = await admitToExecution(admissionDeps, msg);
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
    const unsealed = await unsealToken(deps, msg, admission.plan);
    if (unsealed.kind === 'ended') {
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
          planId: plan.plan_id,
          token: unsealed.token,
          scope,
          span,
          venue: planVenue(plan, deps.config),
        };
        const final = await runGraph(ctx, plan, stored);
        span.update(executionOutput(deps, final.plan));
      },
    );
    deps.crash?.('before_sqs_delete');
  };
}
