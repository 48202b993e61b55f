import type { BaseMessage } from '@langchain/core/messages';
import type { BookingSummary } from '../../contracts/booking.ts';
import { hasErrorName } from '../../errors/has-error-name.ts';
import type { Session, SessionStore } from '../../ports/session-store.ts';
import { ConcurrentSessionUpdateError, PlannerUnavailableError } from '../errors.ts';
import type { PlannerConfig } from '../planner-deps.ts';
import { encodeHistory, trimHistory } from './history-codec.ts';
import type { RetiredStep } from './retired-steps.ts';

export interface SessionFields {
  session_id: string;
  user_id: string;
  /** Full history after this turn; trimmed to HISTORY_MAX_MESSAGES here. */
  messages: readonly BaseMessage[];
  referenced?: BookingSummary;
  clarification_count: number;
  pending_plan_id?: string;
  /** The candidates this turn's question offered (a later pick resolves against them). */
  offered_candidates?: BookingSummary[];
  /** Issue 30: the session's retired steps; default: the previous session's, unchanged. */
  retired_steps?: RetiredStep[];
}

/** The next session item: version bumped, TTL pushed out by SESSION_TTL_HOURS from now. */
export function nextSession(
  previous: Session | undefined,
  fields: SessionFields,
  now: Date,
  config: Pick<PlannerConfig, 'HISTORY_MAX_MESSAGES' | 'SESSION_TTL_HOURS'>,
): Session {
  return {
    session_id: fields.session_id,
    user_id: fields.user_id,
    messages: encodeHistory(trimHistory(fields.messages, config.HISTORY_MAX_MESSAGES)),
    ...(fields.referenced ? { referenced_booking: fields.referenced } : {}),
    clarification_count: fields.clarification_count,
    ...(fields.pending_plan_id ? { pending_plan_id: fields.pending_plan_id } : {}),
    ...(fields.offered_candidates?.length ? { offered_candidates: fields.offered_candidates } : {}),
    ...retiredOf(fields.retired_steps ?? previous?.retired_steps),
    version: (previous?.version ?? 0) + 1,
    updated_at: now.toISOString(),
    expires_at: Math.floor(now.getTime() / 1000) + config.SESSION_TTL_HOURS * 3600,
  };
}

function retiredOf(steps: RetiredStep[] | undefined): { retired_steps?: RetiredStep[] } {
  return steps && steps.length > 0 ? { retired_steps: steps } : {};
}

/** Conditional write on the loaded version; a lost race is ConcurrentSessionUpdateError. */
export async function saveSession(
  store: SessionStore,
  session: Session,
  expectedVersion: number | undefined,
) {
  try {
    await store.put(session, expectedVersion);
  } catch (error) {
    if (hasErrorName(error, 'StaleSessionError'))
      throw new ConcurrentSessionUpdateError(session.session_id, { cause: error });
    throw new PlannerUnavailableError(undefined, { cause: error });
  }
}
