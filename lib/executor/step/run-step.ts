import {
  recordStepFailed,
  recordStepIntent,
  recordStepRejected,
  recordStepSucceeded,
} from '../../plans/step-records.ts';
import type { StoredStep } from '../../plans/stored-plan.ts';
import type { ActionOutcome } from '../../ports/booking-api.ts';
import type { ExecutionFailure } from '../../ports/execution-log.ts';
import type { CompiledAction } from '../../registry/compiled-action.ts';
import { type ExecutionState, saveCheckpoint, stepOf, stepOutputs, withPlan } from '../execution-state.ts';
import { planVenue } from '../plan-venue.ts';
import { crash, type RunContext } from '../run-context.ts';
import { decideArguments } from './argument-rules.ts';
import { validateArguments } from './argument-schema.ts';
import { intendedValues } from './change-summary.ts';
import { describeFailure, describeInDoubt } from './error-messages.ts';
import { stepIdempotencyKey } from './idempotency-keys.ts';
import { leavesMutationInDoubt } from './in-doubt.ts';
import { type Observation, responseForModel } from './observation.ts';
import { answersIn } from './placeholder-evidence.ts';
import { takePreImage } from './pre-image.ts';
import { verifyBaseline } from './read-back.ts';
import { resolveInDoubt } from './resolve-in-doubt.ts';
import { bookingReferences, labelOf } from './step-label.ts';
import { stepOutputLookup } from './templates.ts';
import { callWithTransientRetry } from './transient-retry.ts';

type Failed = Extract<ActionOutcome, { ok: false }>;

/** What one tool call for a plan step came to. */
export type StepOutcome =
  | { kind: 'succeeded'; observation: Observation }
  /** A 400 or an argument the executor rejected, within the self-correction budget: back to the model. */
  | { kind: 'correctable'; observation: Observation }
  /** The call tried to change a confirmed value (guardrail). Nothing was sent. */
  | { kind: 'refused'; observation: Observation; reason: string }
  | { kind: 'failed'; observation: Observation; failure: ExecutionFailure };

/** One step run: what it came to, and the state holding what was recorded. */
export interface StepRun {
  outcome: StepOutcome;
  state: ExecutionState;
}

function succeeded(action: CompiledAction, step: StoredStep, ignored: string[] = []): StepOutcome {
  return {
    kind: 'succeeded',
    observation: {
      status: 'succeeded',
      step_number: step.step_number,
      data: responseForModel(action, step.result?.response_data ?? {}),
      ...(ignored.length > 0 ? { ignored_arguments: ignored } : {}),
    },
  };
}

/** The self-correction text for placeholders the recorded outputs cannot fill, and for data gaps no answer states. */
function unresolvedMessage(decision: {
  missing: Record<string, string[]>;
  unbacked?: Record<string, unknown>;
  unstated?: Record<string, unknown>;
}): string {
  const show = (values: Record<string, unknown>) =>
    Object.entries(values).map(([k, v]) => `${k} ${JSON.stringify(v)}`);
  const parts: string[] = [];
  const names = Object.entries(decision.missing).map(([k, v]) => `${k} (${v.join(', ')})`);
  if (names.length > 0) {
    const base = `cannot resolve ${names.join('; ')} from the recorded step outputs`;
    const offered = show(decision.unbacked ?? {});
    parts.push(
      offered.length > 0
        ? `${base}; the value offered (${offered.join(', ')}) is neither in that step's recorded output nor in the user's answer. Use a value from that output, or ask the user`
        : `${base}; provide the value`,
    );
  }
  const guessed = show(decision.unstated ?? {});
  if (guessed.length > 0)
    parts.push(
      `the confirmed plan leaves ${Object.keys(decision.unstated ?? {}).join(', ')} open and the value offered (${guessed.join(', ')}) is not in the user's answer: ask the user for it`,
    );
  return parts.join('; ');
}

/**
 * Marks the step failed for good and returns the failure (000 Error Classification: non-recoverable). `inDoubt`:
 * a mutation that got no answer and could not be read back (ADR 0007).
 */
async function failStep(
  ctx: RunContext,
  state: ExecutionState,
  action: CompiledAction,
  stepNumber: number,
  outcome: Failed,
  kind: ExecutionFailure['kind'] = 'step_failed',
  doubt?: 'unreadable' | 'in_flight',
): Promise<StepRun> {
  const step = stepOf(state.plan, stepNumber);
  const label = labelOf(step, action, bookingReferences(state.plan));
  const inDoubt = doubt !== undefined;
  const message = inDoubt
    ? describeInDoubt(label, intendedValues(step, action), doubt)
    : describeFailure(label, outcome, ctx.deps.config.BOOKING_API_TIMEOUT_MS);
  const failure: ExecutionFailure = {
    kind,
    step_number: stepNumber,
    error_type: outcome.error_type,
    message,
    ...(inDoubt ? { in_doubt: true } : {}),
    ...(doubt === 'in_flight' ? { in_flight: true } : {}),
  };
  // The decision is logged before the step record, so a crash in between still rolls back (and settles doubt).
  const logged = await saveCheckpoint(ctx, state, { failure });
  const recorded = await withPlan(logged, (plan) =>
    recordStepFailed(ctx.deps.planStore, plan, stepNumber, {
      error_type: outcome.error_type,
      error_message: message,
    }),
  );
  return {
    outcome: {
      kind: 'failed',
      failure,
      observation: { status: 'failed', step_number: stepNumber, error_type: outcome.error_type, message },
    },
    state: recorded,
  };
}

/**
 * A 400 (or arguments the executor rejected) goes back to the model with the field message while the step's
 * self-correction budget lasts (000: bounded by MAX_SELF_CORRECTIONS); after that the plan fails with it.
 */
async function correctable(
  ctx: RunContext,
  state: ExecutionState,
  action: CompiledAction,
  stepNumber: number,
  problem: Failed,
  local: boolean,
): Promise<StepRun> {
  const used = state.corrections[String(stepNumber)] ?? 0;
  const max = ctx.deps.config.MAX_SELF_CORRECTIONS;
  if (used >= max) return failStep(ctx, state, action, stepNumber, problem, 'corrections_exhausted');
  // Counted in the state; the tools node logs it with the turn.
  const counted = { ...state, corrections: { ...state.corrections, [String(stepNumber)]: used + 1 } };
  const next = local
    ? counted
    : await withPlan(counted, (plan) =>
        recordStepRejected(ctx.deps.planStore, plan, stepNumber, problem.message),
      );
  return {
    state: next,
    outcome: {
      kind: 'correctable',
      observation: {
        status: local ? 'invalid_arguments' : 'bad_request',
        step_number: stepNumber,
        message: problem.message,
        ...(problem.field ? { field: problem.field } : {}),
        ...(problem.expected_format ? { expected_format: problem.expected_format } : {}),
        corrections_left: max - used - 1,
      },
    },
  };
}

/**
 * A write whose answer was lost (no response, 502/504): read back and, where the change is known not made,
 * re-sent under the same key (ADR 0007). Applied → the step succeeded and the plan goes on; not applied → it
 * fails cleanly; still unknown → it fails in doubt, naming the booking and values to check.
 */
async function settleLostAnswer(
  ctx: RunContext,
  state: ExecutionState,
  action: CompiledAction,
  stepNumber: number,
  outcome: Failed,
  ignored: string[],
): Promise<StepRun> {
  const resolution = await resolveInDoubt(ctx, action, stepOf(state.plan, stepNumber), outcome, {
    resends: ctx.deps.config.IN_DOUBT_MAX_RESENDS,
  });
  if (resolution.kind === 'applied') {
    const recorded = await withPlan(state, (plan) =>
      recordStepSucceeded(ctx.deps.planStore, plan, stepNumber, resolution.data),
    );
    return { outcome: succeeded(action, stepOf(recorded.plan, stepNumber), ignored), state: recorded };
  }
  const doubt = resolution.kind === 'in_doubt' ? resolution.why : undefined;
  return failStep(ctx, state, action, stepNumber, resolution.outcome, 'step_failed', doubt);
}

/** Sends the step's recorded intent (first time or after a crash: same arguments, same key) and records it. */
async function sendIntent(
  ctx: RunContext,
  state: ExecutionState,
  action: CompiledAction,
  stepNumber: number,
  ignored: string[],
): Promise<StepRun> {
  const step = stepOf(state.plan, stepNumber);
  const args = step.resolved_parameters ?? {};
  // Issue 28: a 429/503 is retried after its Retry-After (same key), within the invocation's budget.
  const outcome = await callWithTransientRetry(ctx, {
    action,
    args,
    stepNumber,
    purpose: 'step',
    confirmedHighRisk: step.safety_tier === 'high_risk',
    ...(action.read_only
      ? {}
      : { idempotencyKey: stepIdempotencyKey(ctx.planId, stepNumber, step.attempts ?? 1) }),
    // 409 if the booking changed since the pre-image: the recorded before-values are what rollback restores.
    ...(typeof step.before?.version === 'number' ? { ifMatch: String(step.before.version) } : {}),
  });
  crash(ctx, 'after_http_call');
  let result: StepRun;
  if (outcome.ok) {
    const recorded = await withPlan(state, (plan) =>
      recordStepSucceeded(ctx.deps.planStore, plan, stepNumber, outcome.data),
    );
    result = { outcome: succeeded(action, stepOf(recorded.plan, stepNumber), ignored), state: recorded };
  } else if (outcome.error_type === 'bad_request') {
    result = await correctable(ctx, state, action, stepNumber, outcome, false);
  } else if (!action.read_only && leavesMutationInDoubt(outcome)) {
    result = await settleLostAnswer(ctx, state, action, stepNumber, outcome, ignored);
  } else {
    result = await failStep(ctx, state, action, stepNumber, outcome);
  }
  crash(ctx, 'after_record');
  return result;
}

/**
 * Executes the tool call mapped to plan step N, write-ahead (issue 6 "Exactly once"):
 * resolve {{step_N.field}} → check the argument rule → validate against the registry schema → read the
 * pre-image → record the intent (arguments, pre-image, attempt) → call → record the result, before anything else.
 * A step already recorded as succeeded is never sent again; one left in intent_recorded by a crash is re-sent
 * with the same arguments and the same Idempotency-Key, so the booking API replays it.
 */
export async function runStep(
  ctx: RunContext,
  state: ExecutionState,
  stepNumber: number,
  proposed: Record<string, unknown>,
): Promise<StepRun> {
  const step = stepOf(state.plan, stepNumber);
  const action = ctx.deps.registry.requireExecutable(step.action_id);
  if (step.step_state === 'succeeded') return { outcome: succeeded(action, step), state };
  if (step.step_state === 'intent_recorded') return sendIntent(ctx, state, action, stepNumber, []);

  const outputs = stepOutputs(state.plan);
  const decision = decideArguments(
    action,
    step.parameters,
    proposed,
    stepOutputLookup(outputs),
    { outputs, answers: answersIn(state.messages) },
    planVenue(state.plan, ctx.deps.config),
  );
  if (!decision.ok && decision.kind === 'changed_confirmed_value') {
    const reason = `Confirmed values can't change after confirmation (only their format): ${decision.violations.join('; ')}.`;
    return {
      outcome: {
        kind: 'refused',
        reason,
        observation: { status: 'refused', step_number: stepNumber, reason },
      },
      state,
    };
  }
  if (!decision.ok) {
    const message = unresolvedMessage(decision);
    return correctable(
      ctx,
      state,
      action,
      stepNumber,
      { ok: false, status: undefined, error_type: 'bad_request', message },
      true,
    );
  }
  const valid = validateArguments(action, decision.args);
  if (!valid.ok) {
    const [first] = valid.issues;
    const message = valid.issues.map((i) => `${i.field}: ${i.message}`).join('; ');
    return correctable(
      ctx,
      state,
      action,
      stepNumber,
      {
        ok: false,
        status: undefined,
        error_type: 'bad_request',
        message,
        ...(first ? { field: first.field } : {}),
      },
      true,
    );
  }
  const preImage = await takePreImage(ctx, action, stepNumber, valid.args);
  if (!preImage.ok) return failStep(ctx, state, action, stepNumber, preImage.outcome);
  // ADR 0011: an action read back through `verify` with a version records that version before the write.
  const before = preImage.before ?? (await verifyBaseline(ctx, action, stepNumber, valid.args));
  const intended = await withPlan(state, (plan) =>
    recordStepIntent(ctx.deps.planStore, plan, stepNumber, {
      resolved_parameters: valid.args,
      ...(before ? { before } : {}),
    }),
  );
  return sendIntent(ctx, intended, action, stepNumber, decision.ignored);
}
