import type { PlanStore } from '../ports/plan-store.ts';
import type { TraceRef } from '../ports/tracer.ts';
import { PLAN_MACHINE, STEP_MACHINE } from './status-machine.ts';
import type { StoredPlan, StoredStep } from './stored-plan.ts';

/** One step of a new plan, as the planner validated and presented it. */
export interface NewPlanStep {
  step_number: number;
  action_id: string;
  parameters: Record<string, unknown>;
  /** 001: inherited from the action (high_risk actions are shown as such). */
  safety_tier: StoredStep['safety_tier'];
  /** The step's confirmation line. */
  description?: string;
}

/** What a new plan is made of (the planner's use case input). */
export interface NewPendingPlan {
  plan_id: string;
  session_id: string;
  user_id: string;
  intent_summary: string;
  steps: readonly NewPlanStep[];
  now: Date;
  /** SESSION_TTL_HOURS: a pending plan expires with its session. */
  ttlHours: number;
  trace: TraceRef;
  amends_plan_id?: string;
  /** Clarifying questions the session asked before this plan (clarification-rate metric). */
  clarification_count: number;
  /** The planning token's venue (ADR 0010); absent when the booking API declares no venue read. */
  venue_id?: string;
  /** Issue 27: the timezone and locale the plan was planned under; the executor reads its values in them. */
  venue_timezone?: string;
  venue_locale?: string;
}

/** ADR 0010: the bookings the steps name outright (a placeholder names a booking made by an earlier step). */
export function bookingRefs(steps: readonly Pick<NewPlanStep, 'parameters'>[]): string[] {
  const refs = new Set<string>();
  for (const step of steps) {
    const id = step.parameters.booking_id;
    if (typeof id === 'string' && id !== '' && !id.includes('{{')) refs.add(id);
  }
  return [...refs];
}

/**
 * The StoredPlan of a validated proposal: the machines' initial states (pending_confirmation, every step
 * pending), version 1, expiring with the session.
 */
export function newPendingPlan(input: NewPendingPlan): StoredPlan {
  const now = input.now.toISOString();
  return {
    plan_id: input.plan_id,
    session_id: input.session_id,
    user_id: input.user_id,
    intent_summary: input.intent_summary,
    status: PLAN_MACHINE.initial,
    actions: input.steps.map(
      (step): StoredStep => ({
        step_number: step.step_number,
        action_id: step.action_id,
        parameters: step.parameters,
        safety_tier: step.safety_tier,
        executed: false,
        step_state: STEP_MACHINE.initial,
        ...(step.description !== undefined ? { description: step.description } : {}),
      }),
    ),
    created_at: now,
    version: 1,
    updated_at: now,
    trace_id: input.trace.traceId,
    trace_root_span_id: input.trace.rootSpanId,
    ...(input.amends_plan_id ? { amends_plan_id: input.amends_plan_id } : {}),
    expires_at: Math.floor(input.now.getTime() / 1000) + input.ttlHours * 3600,
    clarification_count: input.clarification_count,
    ...(input.venue_id ? { venue_id: input.venue_id } : {}),
    ...(input.venue_timezone ? { venue_timezone: input.venue_timezone } : {}),
    ...(input.venue_locale ? { venue_locale: input.venue_locale } : {}),
    booking_refs: bookingRefs(input.steps),
  };
}

/** Use case "create a pending plan" (000 Handle Booking Update Request, step 2 of the planner's writes). */
export async function createPendingPlan(store: PlanStore, input: NewPendingPlan): Promise<StoredPlan> {
  const plan = newPendingPlan(input);
  await store.create(plan);
  return plan;
}
