import * as z from 'zod';
import { BookingSummary } from '../contracts/booking.ts';
import { ExecutionPlan } from '../contracts/execution-plan.ts';
import type { PlanMessage } from '../ports/plan-queue.ts';

/**
 * The two use cases the spine calls but does not implement: the planner (POST /v1/requests) and the executor
 * (the SQS consumer). lib/planner and lib/executor provide them; lib/composition wires them in. Their shapes
 * are fixed here because openapi/service.yaml documents them to IQ.
 */

/** One human line per plan step (issue 5 Presentation). */
export const StepPresentation = z.object({
  step_number: z.number().int().min(1),
  line: z.string().min(1),
  safety_tier: z.enum(['normal', 'high_risk']),
  irreversible: z.boolean(),
});

/** What the confirmation screen shows next to the plan. */
export const PlanPresentation = z.object({
  /** 001: max 200 chars. */
  intent_summary: z.string().min(1).max(200),
  steps: z.array(StepPresentation).min(1),
});

/** The 200 body of POST /v1/requests: a plan to confirm, or one clarifying question. */
export const RequestOutcome = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('plan'), plan: ExecutionPlan, presentation: PlanPresentation }),
  z.object({
    kind: z.literal('clarification'),
    question: z.string().min(1),
    candidates: z.array(BookingSummary).optional(),
    suggestions: z.array(z.string().min(1)).optional(),
  }),
]);
export type RequestOutcome = z.infer<typeof RequestOutcome>;

/** Input of the planner: the request body plus the pass-through token (never logged or stored). */
export interface HandleRequestInput {
  session_id: string;
  user_id: string;
  message: string;
  token: string;
}

/**
 * The planner's use case. Throws typed errors of lib/plans/errors.ts for the boundary (AuthRequiredError when
 * the booking API rejects the token, ServiceUnavailableError with a public message, InvalidInputError…).
 */
export type HandleRequest = (input: HandleRequestInput) => Promise<RequestOutcome>;

/** The executor's use case: resolving acknowledges the SQS record; throwing makes SQS redeliver it. */
export type ExecutePlanMessage = (msg: PlanMessage) => Promise<void>;
