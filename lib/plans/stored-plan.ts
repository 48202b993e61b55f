import * as z from 'zod';
import { ClosedReason } from '../contracts/enums.ts';
import { ExecutionPlan, PlannedAction } from '../contracts/execution-plan.ts';
import { lazySchema } from '../contracts/lazy-schema.ts';

/**
 * The state of one step in the executor's write-ahead log. Its moves are STEP_MACHINE (status-machine.ts):
 * pending → intent_recorded → succeeded | failed; compensated | compensation_failed after rollback.
 */
export const StepState = z.enum([
  'pending',
  'intent_recorded',
  'succeeded',
  'failed',
  'compensated',
  'compensation_failed',
]);
export type StepState = z.infer<typeof StepState>;

/**
 * Additive, documented extensions of a PlannedAction (001) that the executor's write-ahead log needs.
 * Flat and readable in the DynamoDB console.
 */
export const StoredStep = lazySchema(() =>
  PlannedAction.extend({
    step_state: StepState.default('pending'),
    /** One human line for the confirmation screen, e.g. "Reschedule BK-1042 (John Smith): Sat 12 Dec 15:00". */
    description: z.string().optional(),
    /** Arguments actually sent, after placeholder resolution. */
    resolved_parameters: z.record(z.string(), z.unknown()).optional(),
    /** Read-only pre-image taken before the forward call, for deterministic compensation. */
    before: z.record(z.string(), z.unknown()).optional(),
    attempts: z.number().int().min(0).optional(),
  }),
);
export type StoredStep = z.infer<typeof StoredStep>;

/** Why a pending plan can no longer be confirmed: the plan's `closed_reason` (ADR 0008). */
export const InvalidatedReason = ClosedReason;
export type InvalidatedReason = ClosedReason;

/** The plan item as stored: ExecutionPlan (001) plus documented bookkeeping attributes. */
export const StoredPlan = lazySchema(() =>
  z.object({
    ...ExecutionPlan.shape,
    actions: z.array(StoredStep).min(1),
    /** Optimistic-concurrency version; every write is conditional on it and bumps it. */
    version: z.number().int().min(1),
    updated_at: z.string(),
    trace_id: z.string().optional(),
    /** Parent span for cross-Lambda spans (confirmation, execution) of the same trace. */
    trace_root_span_id: z.string().optional(),
    /** Plan this one amends (a follow-up like "actually make it 4pm"); drives the planning-accuracy metric. */
    amends_plan_id: z.string().optional(),
    invalidated_reason: InvalidatedReason.optional(),
    invalidated_at: z.string().optional(),
    /** The user's answer to blocking_prompt, waiting for the executor to pick it up. */
    blocking_answer: z.string().optional(),
    /** Clarifying questions asked in the session before this plan was proposed (clarification-rate metric). */
    clarification_count: z.number().int().min(0).optional(),
    /** Masked once the plan is terminal (issue 7: privacy at rest). */
    pii_masked: z.boolean().optional(),
    /** Times the watchdog moved this plan's message back from the DLQ (ADR 0009). */
    watchdog_redrives: z.number().int().min(0).optional(),
    /** Sparse: set only on plans that need a person (failed with manual recovery steps, in doubt, stuck). */
    attention_reason: z.enum(['manual_recovery', 'in_doubt', 'stuck']).optional(),
    /** DynamoDB TTL, epoch seconds: pending plans expire with the session. */
    expires_at: z.number().int().optional(),
  }),
);
export type StoredPlan = z.infer<typeof StoredPlan>;

/** The public view returned to IQ: exactly the ExecutionPlan fields of 001. */
export function toExecutionPlan(plan: StoredPlan): ExecutionPlan {
  return ExecutionPlan.parse({
    plan_id: plan.plan_id,
    session_id: plan.session_id,
    user_id: plan.user_id,
    intent_summary: plan.intent_summary,
    status: plan.status,
    actions: plan.actions.map((a) => ({
      step_number: a.step_number,
      action_id: a.action_id,
      parameters: a.parameters,
      safety_tier: a.safety_tier,
      executed: a.executed,
      ...(a.result ? { result: a.result } : {}),
    })),
    created_at: plan.created_at,
    ...(plan.confirmed_at ? { confirmed_at: plan.confirmed_at } : {}),
    ...(plan.completed_at ? { completed_at: plan.completed_at } : {}),
    ...(plan.failure_reason ? { failure_reason: plan.failure_reason } : {}),
    ...(plan.rollback_report ? { rollback_report: plan.rollback_report } : {}),
    ...(plan.blocking_prompt ? { blocking_prompt: plan.blocking_prompt } : {}),
    ...(plan.closed_reason ? { closed_reason: plan.closed_reason } : {}),
    ...(plan.venue_id ? { venue_id: plan.venue_id } : {}),
    ...(plan.venue_timezone ? { venue_timezone: plan.venue_timezone } : {}),
    ...(plan.venue_locale ? { venue_locale: plan.venue_locale } : {}),
    ...(plan.booking_refs ? { booking_refs: plan.booking_refs } : {}),
  });
}
