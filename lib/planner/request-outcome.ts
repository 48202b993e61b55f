import * as z from 'zod';
import { BookingSummary } from '../contracts/booking.ts';
import { ExecutionPlan } from '../contracts/execution-plan.ts';
import { ASKS_FOR, REPLY_TYPES } from './reply-type.ts';

/** Input of POST /v1/requests as the use case sees it (000 "Handle Booking Update Request"). */
export const HandleRequestInput = z.object({
  session_id: z.string().min(1),
  user_id: z.string().min(1),
  message: z.string().min(1).max(4000),
  /** Opaque, passed through to the booking API; never logged, traced or stored. */
  token: z.string().min(1),
});
export type HandleRequestInput = z.infer<typeof HandleRequestInput>;

/** One human line per plan step (issue 5 Presentation). */
export const StepPresentation = z.object({
  step_number: z.number().int().min(1),
  /** e.g. "Reschedule booking BK-1042 (John Smith) from Fri 4 Dec 11:00 → Sat 6 Dec 15:00". */
  line: z.string().min(1),
  /** 000 Acceptance: high-risk actions are visually distinguished. */
  safety_tier: z.enum(['normal', 'high_risk']),
  /** A mutation that cannot be rolled back (reversible: false). */
  irreversible: z.boolean(),
});
export type StepPresentation = z.infer<typeof StepPresentation>;

export const PlanPresentation = z.object({
  /** 001: max 200 chars. */
  intent_summary: z.string().min(1).max(200),
  steps: z.array(StepPresentation).min(1),
  /**
   * Additive (issue 16, ADR 0015): only on a reply to "try again", rendered by code. On a plan made again after a
   * failed plan: what changed on its bookings since the last attempt and why that attempt failed. On a plan still
   * awaiting confirmation, shown again as it is: that it has not run and only needs confirming.
   */
  retry_note: z.string().min(1).optional(),
});
export type PlanPresentation = z.infer<typeof PlanPresentation>;

/** A plan awaiting confirmation (status pending_confirmation) with its confirmation-screen presentation. */
export const PlanOutcome = z.object({
  kind: z.literal('plan'),
  plan: ExecutionPlan,
  presentation: PlanPresentation,
});

/**
 * One clarifying question (000 Planning Rules 4), optionally with booking candidates (000 Booking Resolution 4)
 * or quick-action suggestions (000 Planning Rules 5). A cancellation reply is a clarification without candidates.
 */
export const ClarificationOutcome = z.object({
  kind: z.literal('clarification'),
  question: z.string().min(1),
  /** question | rephrase (say it again differently) | declined (cannot be done here) | cancelled (context cleared). */
  reply_type: z.enum(REPLY_TYPES),
  /** What the question asks for, when it is about one thing (booking, date, time, party_size, …). */
  asks_for: z.enum(ASKS_FOR).optional(),
  candidates: z.array(BookingSummary).optional(),
  suggestions: z.array(z.string().min(1)).optional(),
});

/** What POST /v1/requests returns on success (errors are thrown as PlannerError). */
export const RequestOutcome = z.discriminatedUnion('kind', [PlanOutcome, ClarificationOutcome]);
export type RequestOutcome = z.infer<typeof RequestOutcome>;
export type PlanOutcome = z.infer<typeof PlanOutcome>;
export type ClarificationOutcome = z.infer<typeof ClarificationOutcome>;

/** The use case behind POST /v1/requests; created by createPlanner(deps). */
export type HandleRequest = (input: HandleRequestInput) => Promise<RequestOutcome>;
