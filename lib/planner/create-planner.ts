import { isChangeOfMind, isRefusal } from './change-of-mind.ts';
import { InvalidPlanningRequestError } from './errors.ts';
import { CANCELLED_MESSAGE } from './graph/nodes/cancel.ts';
import { userMessage } from './pick/pick-message.ts';
import { askAgainTurn, candidatePickOf } from './pick/pick-turn.ts';
import { planTurn } from './plan-turn.ts';
import { configVenue, readPlanVenue } from './plan-venue.ts';
import { DEFAULT_LOOKUP_ROLES, type PlannerDeps } from './planner-deps.ts';
import { recordCancellation, recordDecline, recordOutcome } from './record-outcome.ts';
import { type HandleRequest, HandleRequestInput, type RequestOutcome } from './request-outcome.ts';
import { pendingAgain } from './retry/pending-again.ts';
import { isRetryRequest } from './retry/retry-request.ts';
import { retryTurn, withRetryNote } from './retry/retry-turn.ts';
import { loadSessionSnapshot } from './session/session-snapshot.ts';

/**
 * The use case behind POST /v1/requests (000 "Handle Booking Update Request", "Component: LLM Planner").
 * Per request: load the session; a keyword cancel (English/French) short-circuits; a bare "try again" re-plans the
 * session's failed plan (ADR 0015); otherwise run the planning graph and persist its outcome. Everything runs
 * inside one `user_request` trace. Errors are PlannerError subclasses carrying the 001 ServiceErrorType; the token
 * never leaves the booking API adapter.
 */
export function createPlanner(deps: PlannerDeps): HandleRequest {
  const roles = { ...DEFAULT_LOOKUP_ROLES, ...deps.roles };
  return async function handleRequest(raw): Promise<RequestOutcome> {
    const parsed = HandleRequestInput.safeParse(raw);
    if (!parsed.success) {
      throw new InvalidPlanningRequestError('session_id, user_id, a message and the auth token are required');
    }
    const input = parsed.data;
    const scope = { userId: input.user_id, sessionId: input.session_id };
    return deps.tracer.startTrace('user_request', scope, async function userRequest(root, trace) {
      const now = deps.clock.now();
      const snapshot = await loadSessionSnapshot(deps, input, now);
      const record = { deps, input, snapshot, now, trace, root };
      // Issue 30: "no" to the plan just shown declines it; with nothing pending, the model reads it as usual.
      if (snapshot.pendingPlan && isRefusal(input.message)) {
        root.event('plan_declined', { metadata: { plan_id: snapshot.pendingPlan.plan_id } });
        return recordDecline(
          record,
          userMessage(input.message, undefined, (snapshot.stored?.version ?? 0) + 1),
        );
      }
      if (isChangeOfMind(input.message)) {
        root.event('change_of_mind', { metadata: { detected_by: 'keywords' } });
        return recordCancellation(record, CANCELLED_MESSAGE);
      }
      // "Try again" plans the session's last failed request again against fresh bookings (ADR 0015).
      if (isRetryRequest(input.message)) {
        root.event('retry_request', {
          metadata: { detected_by: 'keywords', pending: !!snapshot.pendingPlan },
        });
        if (snapshot.pendingPlan) return pendingAgain(snapshot.pendingPlan, deps.registry);
        const venue = await readPlanVenue(deps.venues, input.token, configVenue(deps.config));
        const retry = await retryTurn({ deps, roles, input, snapshot, scope, root, now, venue });
        return withRetryNote(await recordOutcome({ ...record, venue }, retry.turn), retry.note);
      }
      // Issue 27: everything below reads dates on the clock of the token's venue, read before anything is written.
      const venue = await readPlanVenue(deps.venues, input.token, configVenue(deps.config));
      // A reply to "which booking?" is resolved here, deterministically, for any model (lib/planner/pick).
      const pick = candidatePickOf(input.message, snapshot, { now, timeZone: venue.timeZone });
      if (pick.kind !== 'not_a_pick') root.event('candidate_pick', { metadata: { outcome: pick.kind } });
      if (pick.kind === 'ambiguous' || pick.kind === 'no_match') {
        const offered = snapshot.offeredCandidates;
        const callId = `pick-${deps.ids.uuid()}`;
        return recordOutcome(
          { ...record, venue },
          askAgainTurn({ message: input.message, pick, offered, callId, root }),
        );
      }
      // The picked booking becomes the session's referenced booking: context first (000 Booking Resolution 1).
      const picked = pick.kind === 'picked' ? pick.candidate : undefined;
      const turnSnapshot = picked ? { ...snapshot, referenced: picked } : snapshot;
      const turn = await planTurn({
        deps,
        roles,
        input,
        snapshot: turnSnapshot,
        scope,
        root,
        now,
        venue,
        picked,
      });
      return recordOutcome({ ...record, venue, snapshot: turnSnapshot }, turn);
    });
  };
}
