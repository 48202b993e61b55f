import * as z from 'zod';
import { ActionResult, RollbackReport } from './action-result.ts';
import { ClosedReason, PlanStatus } from './enums.ts';
import { lazySchema } from './lazy-schema.ts';
import { IsoDateTime, UuidV4 } from './primitives.ts';

/** 001 Planned Action. A blocked tier can never appear in a plan. */
export const PlannedAction = lazySchema(() =>
  z.object({
    step_number: z.number().int().min(1),
    action_id: z.string().min(1),
    parameters: z.record(z.string(), z.unknown()),
    safety_tier: z.enum(['normal', 'high_risk']),
    executed: z.boolean().default(false),
    result: ActionResult.optional(),
  }),
);
export type PlannedAction = z.infer<typeof PlannedAction>;

/** 001 Execution Plan. */
export const ExecutionPlan = lazySchema(() =>
  z
    .object({
      plan_id: UuidV4,
      session_id: z.string().min(1),
      user_id: z.string().min(1),
      intent_summary: z.string().min(1).max(200),
      status: PlanStatus,
      actions: z.array(PlannedAction).min(1),
      created_at: IsoDateTime,
      confirmed_at: IsoDateTime.optional(),
      completed_at: IsoDateTime.optional(),
      failure_reason: z.string().optional(),
      rollback_report: RollbackReport.optional(),
      blocking_prompt: z.string().optional(),
      /** Additive (ADR 0008): why a `cancelled` plan closed; `completed_at` is when. */
      closed_reason: ClosedReason.optional(),
      /**
       * Additive (ADR 0010): the venue the planning token is scoped to, read once at planning (the booking API's
       * venue read). Confirm, answer and the executor refuse a token of another venue. Absent on older plans and
       * when the booking API declares no venue read.
       */
      venue_id: z.string().min(1).optional(),
      /**
       * Additive (issue 27): the IANA timezone and BCP-47 locale the plan was planned under (the token's venue, or
       * VENUE_TIMEZONE/VENUE_LOCALE for a booking API without a venue read). The executor reads the plan's dates,
       * times and answers in them, so a plan never changes meaning between planning and execution. Absent on older
       * plans, which the executor reads in the config's venue.
       */
      venue_timezone: z.string().min(1).optional(),
      venue_locale: z.string().min(1).optional(),
      /** Additive (ADR 0010): the ids of the bookings the steps name outright, in step order, each once. */
      booking_refs: z.array(z.string().min(1)).optional(),
    })
    .superRefine((plan, ctx) => {
      plan.actions.forEach((a, i) => {
        if (a.step_number !== i + 1) {
          ctx.addIssue({
            code: 'custom',
            path: ['actions', i, 'step_number'],
            message: `steps are numbered 1..n in order; expected ${i + 1}`,
          });
        }
      });
    }),
);
export type ExecutionPlan = z.infer<typeof ExecutionPlan>;
