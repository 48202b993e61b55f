import type { BookingSummary } from '../../contracts/booking.ts';
import { venueToday } from '../../dates/venue-calendar.ts';
import type { VenueClock } from '../../dates/when-outcome.ts';
import type { SpanHandle } from '../../ports/tracer.ts';
import type { TurnOutput } from '../plan-turn.ts';
import { plannerQuestionTurn } from '../planner-question.ts';
import type { SessionSnapshot } from '../session/session-snapshot.ts';
import { type CandidatePick, resolveCandidatePick } from './candidate-pick.ts';
import { userMessage } from './pick-message.ts';

/** A pick the planner answers itself: several candidates fit, or none did. */
export type UnresolvedPick = Extract<CandidatePick, { kind: 'ambiguous' | 'no_match' }>;

/** Resolves this message against the candidates the session's last question offered (none: not a pick). */
export function candidatePickOf(
  message: string,
  snapshot: SessionSnapshot,
  venue: Pick<VenueClock, 'now' | 'timeZone'>,
): CandidatePick {
  const today = venueToday(venue).toISODate() ?? '';
  return resolveCandidatePick(message, snapshot.offeredCandidates, { today });
}

/**
 * The turn for a pick that fits several candidates or none: the same question again, among the candidates that
 * fit (or all of them), asked by the planner without the model, so a pick is never guessed (000 Booking
 * Resolution 4). The turn's messages are what a model-asked question leaves: the user's words (marked as a pick) and
 * an ask_clarification call, which recordOutcome closes with its result like any other.
 */
export function askAgainTurn(input: {
  message: string;
  pick: UnresolvedPick;
  offered: readonly BookingSummary[];
  callId: string;
  root: SpanHandle;
}): TurnOutput {
  const { pick, offered } = input;
  const candidates = pick.kind === 'ambiguous' ? pick.matches : [...offered];
  const question =
    pick.kind === 'ambiguous'
      ? `${candidates.length} of the bookings fit "${input.message.trim()}". Which one do you mean? Reply with its number or reference.`
      : `${pick.reason} Which booking do you mean? Reply with its number (1 to ${offered.length}) or its reference.`;
  // Asking the same question again narrows it down: it does not count towards MAX_CLARIFICATIONS.
  return plannerQuestionTurn({
    human: userMessage(input.message, 'unresolved'),
    question,
    unclear: 'booking',
    missing: 'booking',
    candidates,
    counts: false,
    callId: input.callId,
    root: input.root,
    traced: { pick: pick.kind },
  });
}
