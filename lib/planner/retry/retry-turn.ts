import { type BaseMessage, HumanMessage } from '@langchain/core/messages';
import type { BookingSummary } from '../../contracts/booking.ts';
import { venueToday } from '../../dates/venue-calendar.ts';
import type { StoredPlan } from '../../plans/stored-plan.ts';
import { BookingLookups } from '../booking-lookups.ts';
import { BookingRecord, toBookingSummary } from '../booking-record.ts';
import { PICK_KWARG } from '../pick/pick-message.ts';
import { planTurn, type TurnInput, type TurnOutput } from '../plan-turn.ts';
import { plannerQuestionTurn } from '../planner-question.ts';
import type { RequestOutcome } from '../request-outcome.ts';
import { storeCall } from '../session/session-snapshot.ts';
import { lastShownPlanId, originatingTurn } from './originating-turn.ts';
import { retryEligibility } from './retry-eligibility.ts';
import {
  lastFailureLine,
  type RetriedBooking,
  type RetryObstacle,
  retriedBookingIds,
  retryObstacle,
  seenByLastAttempt,
  sinceLastAttemptLine,
} from './since-last-attempt.ts';

/**
 * Key in the replayed HumanMessage's additional_kwargs naming the failed plan it plans again, so the history shows
 * that these words were sent again by "try again" (the user's own words of the failed request, not new ones).
 */
export const RETRY_KWARG = 'retry_of';

/** A retry turn's input: a planning turn's, without a picked candidate (the retry decides that itself). */
export type RetryTurnInput = Omit<TurnInput, 'picked'>;

/**
 * A retry turn and the note for the user: what changed since the last attempt and why it failed. The note is
 * added to the reply after the turn is recorded (withRetryNote), so it never enters the session history: the
 * failure reason and the booking values in it are shown to the user, never put in a model's context.
 */
export interface RetryTurn {
  turn: TurnOutput;
  note?: string;
}

/**
 * "Try again" (issue 16, ADR 0015): the session's last plan, if it failed with nothing left applied, is planned
 * again from the user's own words of the turn that proposed it, with that turn's history before them, against the
 * bookings as they are now: they are read again with the user's token, become the turn's referenced (and picked)
 * booking, and the gate reads them once more, so relative wording ("2 more guests") is applied to the fresh value.
 * The model, its tools and the system prompt are those of any turn. What changed since the last attempt and why it
 * failed are rendered by code and put in front of the reply; a booking gone or closed, or a change already there,
 * is said and asked about instead of planned. Any other last plan gets a plain answer; the failed plan stays as is.
 */
export async function retryTurn(t: RetryTurnInput): Promise<RetryTurn> {
  const { deps, input, snapshot } = t;
  const latest = await lastPlanOf(t);
  const eligibility = retryEligibility(latest, t.now);
  const ask = (question: string, unclear: 'retry_refused' | 'retry_obstacle', note?: string): RetryTurn => ({
    ...(note ? { note } : {}),
    turn: plannerQuestionTurn({
      human: new HumanMessage(input.message),
      question,
      unclear,
      missing: 'other',
      counts: false,
      callId: `retry-${deps.ids.uuid()}`,
      root: t.root,
      traced: { retried_plan_id: latest?.plan_id },
    }),
  });
  if (eligibility.kind === 'refused') return ask(eligibility.reason, 'retry_refused');
  const failed = eligibility.plan;
  const origin = originatingTurn(snapshot.history, failed.plan_id);
  const lookups = new BookingLookups(deps.bookingApi, deps.registry, t.roles, input.token);
  if (!origin || !lookups.has('get')) {
    return ask(
      "I no longer have the words of that request in this conversation, so I can't plan it again myself. Please send the request again.",
      'retry_refused',
      lastFailureLine(failed),
    );
  }
  const bookings = await freshBookings(lookups, failed);
  const thisYear = venueToday({ now: t.now, timeZone: t.venue.timeZone }).year;
  const obstacle = retryObstacle(failed, bookings);
  if (obstacle) return ask(obstacleText(obstacle), 'retry_obstacle', lastFailureLine(failed));
  const since = `${sinceLastAttemptLine(bookings, thisYear)} ${lastFailureLine(failed)}`;
  t.root.event('retry', { metadata: { retried_plan_id: failed.plan_id, bookings: bookings.length } });
  const summaries = new Map(bookings.flatMap((b) => summaryEntry(b.fresh)));
  const first = summaries.get(bookings[0]?.booking_id ?? '');
  const picked = await pickedBooking(origin.human, summaries, lookups);
  const referenced = picked ?? first;
  const turn = await planTurn({
    ...t,
    input: { ...input, message: origin.human.text },
    snapshot: {
      ...(snapshot.stored ? { stored: snapshot.stored } : {}),
      history: origin.before,
      ...(referenced ? { referenced } : {}),
      clarificationCount: snapshot.clarificationCount,
      offeredCandidates: [],
      retired: snapshot.retired,
    },
    ...(picked ? { picked } : {}),
  });
  return { turn: { ...turn, messages: markReplayed(turn.messages, failed.plan_id) }, note: since };
}

/** The session's last plan, only if it is this session's and this user's (a stale or foreign id counts as none). */
async function lastPlanOf(t: RetryTurnInput): Promise<StoredPlan | undefined> {
  const planId = lastShownPlanId(t.snapshot.history);
  if (!planId) return undefined;
  const plan = await storeCall(() => t.deps.planStore.get(planId));
  return plan?.session_id === t.input.session_id && plan.user_id === t.input.user_id ? plan : undefined;
}

async function freshBookings(lookups: BookingLookups, plan: StoredPlan): Promise<RetriedBooking[]> {
  const seen = seenByLastAttempt(plan);
  return Promise.all(
    retriedBookingIds(plan).map(async (id): Promise<RetriedBooking> => {
      const parsed = BookingRecord.safeParse(await lookups.getBooking(id));
      const seenOf = seen.get(id);
      return {
        booking_id: id,
        ...(seenOf ? { seen: seenOf } : {}),
        ...(parsed.success ? { fresh: parsed.data } : {}),
      };
    }),
  );
}

function summaryEntry(fresh: BookingRecord | undefined): [string, BookingSummary][] {
  const summary = fresh && toBookingSummary(fresh);
  return summary ? [[summary.booking_id, summary]] : [];
}

/** The failed turn's message picked a candidate: the same booking, as it is now. */
async function pickedBooking(
  human: BaseMessage,
  fresh: ReadonlyMap<string, BookingSummary>,
  lookups: BookingLookups,
): Promise<BookingSummary | undefined> {
  const id = human.additional_kwargs?.[PICK_KWARG];
  if (typeof id !== 'string' || id === '') return undefined;
  if (fresh.has(id)) return fresh.get(id);
  const parsed = BookingRecord.safeParse(await lookups.getBooking(id));
  return parsed.success ? toBookingSummary(parsed.data) : undefined;
}

function obstacleText(obstacle: RetryObstacle): string {
  switch (obstacle.kind) {
    case 'gone':
      return `${obstacle.ref} can no longer be found, so I have not planned it again. Which booking should change?`;
    case 'closed':
      return `${obstacle.ref} is now ${obstacle.status}, so there is nothing to try again on it. What would you like to do instead?`;
    default:
      return `${obstacle.refs.join(', ')} already ${obstacle.refs.length === 1 ? 'shows' : 'show'} what the last attempt was going to set, so I have not planned it again. Should anything else change?`;
  }
}

/** The reply says what changed and why the last attempt failed: on the plan's presentation, or before the question. */
export function withRetryNote(outcome: RequestOutcome, note: string | undefined): RequestOutcome {
  if (!note) return outcome;
  if (outcome.kind === 'plan')
    return { ...outcome, presentation: { ...outcome.presentation, retry_note: note } };
  return { ...outcome, question: `${note} ${outcome.question}` };
}

/** The replayed words are marked with the plan they retry (additional_kwargs round-trip in the session). */
function markReplayed(messages: BaseMessage[], planId: string): BaseMessage[] {
  const [human, ...rest] = messages;
  if (!human) return messages;
  const marked = new HumanMessage({
    content: human.text,
    additional_kwargs: { ...human.additional_kwargs, [RETRY_KWARG]: planId },
  });
  return [marked, ...rest];
}
