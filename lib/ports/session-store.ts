import * as z from 'zod';
import { BookingSummary } from '../contracts/booking.ts';

/** A LangChain StoredMessage ({type, data}); kept opaque so additional_kwargs round-trip untouched. */
export const StoredChatMessage = z.object({ type: z.string(), data: z.record(z.string(), z.unknown()) });
export type StoredChatMessage = z.infer<typeof StoredChatMessage>;

/**
 * Why a plan's steps were retired (issue 30): the user declined the plan, a new plan replaced it without them, or
 * the user changed their mind. A retired step never comes back unless the user states it again.
 */
export const RetiredReason = z.enum(['declined', 'superseded', 'cancelled']);
export type RetiredReason = z.infer<typeof RetiredReason>;

/**
 * A step of a plan the user did not take, kept in the session so a later plan cannot bring it back unasked.
 * Values are kept only as fingerprints (SHA-256 of action, booking, parameter and value): the session holds no
 * contact detail of a plan the user turned down. `at_version` is the session version the retirement was written
 * with; only user messages stamped with a later version can restate the step (lib/planner/pick/pick-message.ts; the rules are in lib/planner/session/retired-steps.ts).
 */
export const RetiredStep = z.object({
  action_id: z.string().min(1),
  booking_id: z.string().min(1).optional(),
  fingerprints: z.array(z.string().min(1)).max(50),
  at_version: z.number().int().min(0),
  reason: RetiredReason,
});
export type RetiredStep = z.infer<typeof RetiredStep>;

/** The session keeps the most recent retirements only; older ones have long left the bounded history too. */
export const MAX_RETIRED_STEPS = 20;

/** Chat/session state (000 "Chat State"), one item per session_id, with TTL. */
export const Session = z.object({
  session_id: z.string().min(1),
  user_id: z.string().min(1),
  /** Bounded history (HISTORY_MAX_MESSAGES), oldest first. */
  messages: z.array(StoredChatMessage),
  /** 000 Booking Resolution 1: the booking referenced earlier in the session. */
  referenced_booking: BookingSummary.optional(),
  /** Clarifications asked since the last plan or reset (000 Planning Rules 5). */
  clarification_count: z.number().int().min(0),
  /**
   * The candidates the last reply offered ("which booking do you mean?"), in the order shown, so the next message
   * can pick one by number, name, reference or time (lib/planner/pick). Only while that question is open; the same
   * fields as referenced_booking (001 BookingSummary: no contact details).
   */
  offered_candidates: z.array(BookingSummary).max(10).optional(),
  pending_plan_id: z.string().optional(),
  /**
   * Issue 30: steps of plans the user declined, or that a later plan or a change of mind dropped, as value
   * fingerprints (no PII). A later plan may carry them only when the user states them again.
   */
  retired_steps: z.array(RetiredStep).max(MAX_RETIRED_STEPS).optional(),
  /** The one executing plan of this session with a blocking prompt (000 invariant). */
  blocking_plan_id: z.string().optional(),
  version: z.number().int().min(1),
  updated_at: z.string(),
  /** DynamoDB TTL, epoch seconds (SESSION_TTL_HOURS). */
  expires_at: z.number().int(),
});
export type Session = z.infer<typeof Session>;

/** Port: session persistence with optimistic concurrency. */
export interface SessionStore {
  get(sessionId: string): Promise<Session | undefined>;
  /**
   * Writes the session. With expectedVersion undefined the item must not exist yet; otherwise the stored
   * version must equal it. The stored version becomes session.version. Throws StaleSessionError on a lost race.
   */
  put(session: Session, expectedVersion: number | undefined): Promise<void>;
  /**
   * Claims the session's single blocking-prompt slot for planId (000 invariant: at most one executing plan
   * with a blocking prompt per session). Returns false when another plan holds it. Creates no session history.
   */
  claimBlockingSlot(sessionId: string, planId: string): Promise<boolean>;
  /** Releases the slot if planId holds it; a no-op otherwise. */
  releaseBlockingSlot(sessionId: string, planId: string): Promise<void>;
  /**
   * Takes the session's request lease for `holder` until `until` (one POST /v1/requests at a time per session):
   * true when free, expired or already held by `holder`. Apart from the versioned body, like the blocking slot.
   */
  acquireLease(sessionId: string, holder: string, until: Date, now: Date): Promise<boolean>;
  /** Gives the lease back if `holder` has it; a no-op otherwise. */
  releaseLease(sessionId: string, holder: string): Promise<void>;
}

export class StaleSessionError extends Error {
  override readonly name = 'StaleSessionError';
  constructor(
    readonly sessionId: string,
    options?: { cause?: unknown },
  ) {
    super(`session ${sessionId} changed concurrently`, options);
  }
}
