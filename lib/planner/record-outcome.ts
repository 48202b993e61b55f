import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { BookingSummary } from '../contracts/booking.ts';
import { createPendingPlan } from '../plans/create-pending-plan.ts';
import {
  type InvalidationOutcome,
  invalidatePendingPlan as invalidate,
} from '../plans/invalidate-pending-plan.ts';
import { type PiiLookup, piiLookupFromRegistry } from '../plans/mask-plan.ts';
import { correlate } from '../plans/ops-log.ts';
import type { InvalidatedReason, StoredPlan } from '../plans/stored-plan.ts';
import { toExecutionPlan } from '../plans/stored-plan.ts';
import type { SpanHandle, TraceRef } from '../ports/tracer.ts';
import { toBookingSummary } from './booking-record.ts';
import type { PlanningResult } from './graph/planning-state.ts';
import { newPlanSteps } from './new-plan-steps.ts';
import type { TurnOutput } from './plan-turn.ts';
import type { PlanVenue } from './plan-venue.ts';
import type { PlannerDeps } from './planner-deps.ts';
import { asksForOf, replyTypeOf } from './reply-type.ts';
import type { HandleRequestInput, RequestOutcome } from './request-outcome.ts';
import { droppedSteps, retire } from './session/retired-steps.ts';
import type { SessionSnapshot } from './session/session-snapshot.ts';
import { storeCall } from './session/session-snapshot.ts';
import { nextSession, type SessionFields, saveSession } from './session/session-writer.ts';
import { closingMessages } from './turn-messages.ts';

export interface RecordInput {
  deps: PlannerDeps;
  input: HandleRequestInput;
  snapshot: SessionSnapshot;
  now: Date;
  trace: TraceRef;
  root: SpanHandle;
}

const ALREADY_CONFIRMED =
  'Your earlier plan in this conversation was already confirmed, so I can no longer change it. Once it has finished, send the change as a new request.';

/** lib/plans' supersede/cancel use case; a store fault is the planner's 503 (storeCall). */
function invalidatePendingPlan(
  r: RecordInput,
  plan: StoredPlan,
  reason: InvalidatedReason,
): Promise<InvalidationOutcome> {
  return storeCall(() => invalidate(r.deps.planStore, plan, reason, r.now, registryPii(r)));
}

/**
 * Persists a turn's outcome. Write order, so a crash between writes never leaves a wrong plan confirmable:
 * 1. invalidate the pending plan being amended or cancelled (conditional on pending_confirmation);
 * 2. create the new plan (pending_confirmation, version 1);
 * 3. write the session (history, referenced booking, count, pending_plan_id), conditional on its version.
 * After 1 alone the user just repeats the request. After 2, the new plan's id was never returned, so nobody can
 * confirm it, and it expires with the TTL. If 3 loses a race, the new plan is invalidated again (best effort).
 */
/** The registry's `pii` flags, so an invalidated plan masks every PII parameter, not only well-known names. */
function registryPii(r: RecordInput): PiiLookup {
  return piiLookupFromRegistry((id) => r.deps.registry.get(id));
}

export async function recordOutcome(
  r: RecordInput & { venue: PlanVenue },
  turn: TurnOutput,
): Promise<RequestOutcome> {
  const closing = (planId?: string) => closingMessages(turn.terminal, turn.result, planId);
  const result = turn.result;
  if (result.kind === 'cancelled') return recordCancellation(r, result.message);
  if (result.kind === 'clarification')
    return recordClarification(r, result, [...turn.messages, ...closing()], resolvedBooking(turn));
  // The venue was read before the turn (create-planner): a failed read left the pending plan and the session as they were.
  const venueId = r.venue.venue_id;
  let amends: string | undefined;
  if (r.snapshot.pendingPlan) {
    const outcome = await invalidatePendingPlan(r, r.snapshot.pendingPlan, 'superseded');
    if (outcome === 'already_confirmed') {
      const refusal = {
        kind: 'clarification',
        question: ALREADY_CONFIRMED,
        unclear: 'pending_plan_confirmed',
        counts: false,
      } as const;
      return recordClarification(
        { ...r, snapshot: withoutPending(r.snapshot) },
        refusal,
        [...turn.messages, ...closing()],
        undefined,
      );
    }
    if (outcome === 'invalidated') amends = r.snapshot.pendingPlan.plan_id;
  }
  const stored = await storeCall(() =>
    createPendingPlan(r.deps.planStore, {
      plan_id: r.deps.ids.uuid(),
      session_id: r.input.session_id,
      user_id: r.input.user_id,
      intent_summary: result.presentation.intent_summary,
      steps: newPlanSteps(result.steps, result.presentation, r.deps.registry),
      now: r.now,
      ttlHours: r.deps.config.SESSION_TTL_HOURS,
      trace: r.trace,
      ...(amends ? { amends_plan_id: amends } : {}),
      // Issue 7 metrics (clarification rate): the questions this session asked before the plan was proposed.
      clarification_count: r.snapshot.clarificationCount,
      ...(venueId ? { venue_id: venueId } : {}),
      // Issue 27: the executor reads the plan's dates on the clock it was planned on, whatever the config says.
      venue_timezone: r.venue.timeZone,
      venue_locale: r.venue.locale,
    }),
  );
  correlate(r.deps.logger, stored);
  const first = result.bookings[0];
  const referenced = (first && toBookingSummary(first)) ?? r.snapshot.referenced;
  try {
    await writeSession(r, [...turn.messages, ...closing(stored.plan_id)], {
      clarification_count: 0,
      pending_plan_id: stored.plan_id,
      ...(referenced ? { referenced } : {}),
      // Issue 30: what the new plan left out of the one it replaces is retired, so no later plan brings it back.
      ...(amends && r.snapshot.pendingPlan
        ? {
            retired_steps: retire(
              r.snapshot.retired,
              droppedSteps(r.snapshot.pendingPlan.actions, stored.actions),
              nextVersion(r),
              'superseded',
            ),
          }
        : {}),
    });
  } catch (error) {
    await invalidatePendingPlan(r, stored, 'superseded').catch(() => undefined);
    throw error;
  }
  r.root.update({
    output: {
      kind: 'plan',
      plan_id: stored.plan_id,
      // 000 Observability "Plan Generation": user intent, generated plan, action count.
      intent_summary: stored.intent_summary,
      action_ids: stored.actions.map((a) => a.action_id),
      action_count: stored.actions.length,
      amends_plan_id: amends,
    },
  });
  r.deps.logger.info('plan proposed', {
    session_id: r.input.session_id,
    plan_id: stored.plan_id,
    actions: stored.actions.length,
  });
  return { kind: 'plan', plan: toExecutionPlan(stored), presentation: result.presentation };
}

async function recordClarification(
  r: RecordInput,
  result: Extract<PlanningResult, { kind: 'clarification' }>,
  turnMessages: BaseMessage[],
  resolved: BookingSummary | undefined,
): Promise<RequestOutcome> {
  const count = result.exhausted ? 0 : r.snapshot.clarificationCount + (result.counts ? 1 : 0);
  const referenced = resolved ?? r.snapshot.referenced;
  // Past the bound the conversation starts afresh (the user is asked to rephrase); the pending plan stays.
  await writeSession(
    r,
    turnMessages,
    {
      clarification_count: count,
      ...(referenced ? { referenced } : {}),
      ...(r.snapshot.pendingPlan ? { pending_plan_id: r.snapshot.pendingPlan.plan_id } : {}),
      // The next message may pick one of these (lib/planner/pick); any other reply forgets them.
      ...(result.candidates?.length ? { offered_candidates: result.candidates } : {}),
    },
    result.exhausted === true,
  );
  r.root.update({ output: { kind: 'clarification', unclear: result.unclear, clarification_count: count } });
  const asksFor = asksForOf(result.unclear);
  return {
    kind: 'clarification',
    question: result.question,
    reply_type: replyTypeOf(result.unclear, result.exhausted === true),
    ...(asksFor ? { asks_for: asksFor } : {}),
    ...(result.candidates && result.candidates.length > 0 ? { candidates: result.candidates } : {}),
    ...(result.suggestions && result.suggestions.length > 0 ? { suggestions: result.suggestions } : {}),
  };
}

/** Seed 002: a cancel or change of mind clears the session context and makes any pending plan unconfirmable. */
export async function recordCancellation(r: RecordInput, message: string): Promise<RequestOutcome> {
  let question = message;
  if (r.snapshot.pendingPlan) {
    const outcome = await invalidatePendingPlan(r, r.snapshot.pendingPlan, 'cancelled_by_user');
    if (outcome === 'already_confirmed')
      question = `${message} Note: the plan you had already confirmed will still run.`;
  }
  const cleared = { ...r.snapshot, history: [], clarificationCount: 0 };
  const retired = r.snapshot.pendingPlan
    ? retire(r.snapshot.retired, r.snapshot.pendingPlan.actions, nextVersion(r), 'cancelled')
    : r.snapshot.retired;
  await writeSession(
    { ...r, snapshot: withoutPending(cleared) },
    [],
    { clarification_count: 0, retired_steps: retired },
    true,
  );
  r.root.update({ output: { kind: 'cancelled', invalidated_plan_id: r.snapshot.pendingPlan?.plan_id } });
  return { kind: 'clarification', question, reply_type: 'cancelled' };
}

/** What a refused plan is answered with (issue 30); the booking stays in context for the next request. */
export const DECLINED_MESSAGE =
  "OK, I won't make that change. Tell me what you'd like to change instead, or describe another request.";

/**
 * Issue 30: the user refused the plan just shown. The plan becomes unconfirmable, its steps are retired (no later
 * plan carries them unless the user states them again), and the conversation keeps its booking in context.
 */
export async function recordDecline(r: RecordInput, human: BaseMessage): Promise<RequestOutcome> {
  const pending = r.snapshot.pendingPlan;
  if (!pending) throw new TypeError('recordDecline needs a pending plan');
  let question = DECLINED_MESSAGE;
  const outcome = await invalidatePendingPlan(r, pending, 'cancelled_by_user');
  if (outcome === 'already_confirmed')
    question =
      'That plan was already confirmed, so it will still run. Tell me what else you would like to change.';
  await writeSession({ ...r, snapshot: withoutPending(r.snapshot) }, [human, new AIMessage(question)], {
    clarification_count: 0,
    ...(r.snapshot.referenced ? { referenced: r.snapshot.referenced } : {}),
    retired_steps: retire(r.snapshot.retired, pending.actions, nextVersion(r), 'declined'),
  });
  r.root.update({ output: { kind: 'declined_plan', invalidated_plan_id: pending.plan_id, outcome } });
  return { kind: 'clarification', question, reply_type: 'cancelled' };
}

async function writeSession(
  r: RecordInput,
  turnMessages: BaseMessage[],
  fields: Omit<SessionFields, 'session_id' | 'user_id' | 'messages'>,
  reset = false,
): Promise<void> {
  const messages = reset ? [] : [...r.snapshot.history, ...turnMessages];
  const session = nextSession(
    r.snapshot.stored,
    { session_id: r.input.session_id, user_id: r.input.user_id, messages, ...fields },
    r.now,
    r.deps.config,
  );
  await saveSession(r.deps.sessionStore, session, r.snapshot.stored?.version);
}

/** The version the session write of this turn will have (session-writer.ts nextSession). */
function nextVersion(r: RecordInput): number {
  return (r.snapshot.stored?.version ?? 0) + 1;
}

function withoutPending(snapshot: SessionSnapshot): SessionSnapshot {
  const { pendingPlan: _dropped, ...rest } = snapshot;
  return rest;
}

/** The booking this turn pinned down (a search with exactly one match), for "context first" next turn. */
function resolvedBooking(turn: TurnOutput): BookingSummary | undefined {
  const last = turn.searches.at(-1);
  const only = last?.booking_ids.length === 1 ? turn.known[last.booking_ids[0] as string] : undefined;
  return only ? toBookingSummary(only) : undefined;
}
