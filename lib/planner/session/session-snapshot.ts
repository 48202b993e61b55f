import type { BaseMessage } from '@langchain/core/messages';
import type { BookingSummary } from '../../contracts/booking.ts';
import type { StoredPlan } from '../../plans/stored-plan.ts';
import type { PlanStore } from '../../ports/plan-store.ts';
import type { RetiredStep, Session, SessionStore } from '../../ports/session-store.ts';
import { InvalidPlanningRequestError, PlannerUnavailableError } from '../errors.ts';
import type { PlannerLogger } from '../planner-deps.ts';
import { decodeHistory } from './history-codec.ts';

/** The session as a planning turn starts from. */
export interface SessionSnapshot {
  /** The stored item, even if expired: its version guards the next write. */
  stored?: Session;
  history: BaseMessage[];
  referenced?: BookingSummary;
  clarificationCount: number;
  /** The candidates the previous reply offered, in the order shown; empty unless that question is still open. */
  offeredCandidates: BookingSummary[];
  /** The session's plan still awaiting confirmation, if any (an amendment supersedes it). */
  pendingPlan?: StoredPlan;
  /** Issue 30: steps the user did not take; a later plan carries them only if restated (retired-steps.ts). */
  retired: RetiredStep[];
}

export interface SnapshotDeps {
  sessionStore: SessionStore;
  planStore: PlanStore;
  logger: PlannerLogger;
}

/**
 * Loads the session (000 "Chat State"). An expired session (DynamoDB TTL deletes lazily) starts fresh; a session
 * of another user is refused; a pending plan counts only while it can still be confirmed.
 */
export async function loadSessionSnapshot(
  deps: SnapshotDeps,
  ids: { session_id: string; user_id: string },
  now: Date,
): Promise<SessionSnapshot> {
  const stored = await storeCall(() => deps.sessionStore.get(ids.session_id));
  if (!stored) return { history: [], clarificationCount: 0, offeredCandidates: [], retired: [] };
  if (stored.user_id !== ids.user_id) {
    throw new InvalidPlanningRequestError('This session belongs to another user; start a new session.');
  }
  if (stored.expires_at * 1000 <= now.getTime())
    return { stored, history: [], clarificationCount: 0, offeredCandidates: [], retired: [] };
  return {
    stored,
    history: safeHistory(stored, deps.logger),
    ...(stored.referenced_booking ? { referenced: stored.referenced_booking } : {}),
    clarificationCount: stored.clarification_count,
    offeredCandidates: stored.offered_candidates ?? [],
    retired: stored.retired_steps ?? [],
    ...(await pendingPlan(deps.planStore, stored, now)),
  };
}

function safeHistory(stored: Session, logger: PlannerLogger): BaseMessage[] {
  try {
    return decodeHistory(stored.messages);
  } catch (error) {
    logger.warn('unreadable session history; starting fresh', {
      session_id: stored.session_id,
      error: String(error),
    });
    return [];
  }
}

async function pendingPlan(
  store: PlanStore,
  session: Session,
  now: Date,
): Promise<{ pendingPlan?: StoredPlan }> {
  if (!session.pending_plan_id) return {};
  const plan = await storeCall(() => store.get(session.pending_plan_id as string));
  const confirmable =
    plan?.status === 'pending_confirmation' &&
    plan.invalidated_reason === undefined &&
    (plan.expires_at === undefined || plan.expires_at * 1000 > now.getTime());
  return confirmable ? { pendingPlan: plan } : {};
}

/** Store outages are infrastructure faults: 503 (000 LLM Planner error handling). */
export async function storeCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw new PlannerUnavailableError(undefined, { cause: error });
  }
}
