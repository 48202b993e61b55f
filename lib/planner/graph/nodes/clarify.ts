import type { BookingSummary } from '../../../contracts/booking.ts';
import { toBookingSummary } from '../../booking-record.ts';
import { noMatchQuestion } from '../../no-match-question.ts';
import { guardQuestion } from '../../question-guard.ts';
import type { PlanningUpdate, PlanningValues } from '../planning-state.ts';

/** What to try when a search found nothing (000 Booking Resolution 5). */
export const NO_MATCH_TIPS = [
  "Check the spelling of the guest's name",
  'Give the booking reference, e.g. BK-1042',
  'Add the date of the booking',
];

/**
 * Turns the model's ask_clarification into the reply: one question (000 Planning Rules 4), with the matching
 * bookings as BookingSummary candidates when several matched (000 Booking Resolution 4), or "no matching booking
 * found" and what to try when the search found none (000 Booking Resolution 5). Candidates come only from
 * bookings this turn's searches returned: an id the model made up is dropped. A question asking for a credential
 * or carrying an instruction is replaced by code's (question-guard.ts).
 */
export function clarifyNode() {
  return async function clarify(state: PlanningValues): Promise<PlanningUpdate> {
    const call = state.terminal;
    if (call?.name !== 'ask_clarification') throw new TypeError('clarify needs an ask_clarification call');
    const { missing, candidate_booking_ids } = call.args;
    const question = guardQuestion(call.args.question, missing);
    const lastSearch = state.searches.at(-1);
    const ids =
      candidate_booking_ids && candidate_booking_ids.length > 0
        ? candidate_booking_ids
        : missing === 'booking' && lastSearch && lastSearch.booking_ids.length > 1
          ? lastSearch.booking_ids
          : [];
    // A choice offers only what a search returned as candidates this turn (issue 14): never an id the model made
    // up, nor a booking it only read (the referenced one, a get-booking result).
    const searched = new Set(state.searches.flatMap((s) => s.booking_ids));
    const candidates = ids.flatMap((id): BookingSummary[] => {
      const booking = searched.has(id) ? state.known[id] : undefined;
      const summary = booking ? toBookingSummary(booking) : undefined;
      return summary ? [summary] : [];
    });
    if (candidates.length > 0) {
      return {
        result: {
          kind: 'clarification',
          question: singleQuestion(question),
          unclear: missing,
          candidates,
          counts: true,
        },
      };
    }
    if (missing === 'booking' && lastSearch && lastSearch.booking_ids.length === 0) {
      return {
        result: {
          kind: 'clarification',
          question: singleQuestion(noMatchQuestion(lastSearch.search_text, question)),
          unclear: 'booking_not_found',
          suggestions: NO_MATCH_TIPS,
          counts: true,
        },
      };
    }
    return {
      result: { kind: 'clarification', question: singleQuestion(question), unclear: missing, counts: true },
    };
  };
}

/** Keeps the first question when a reply asks several (000 Planning Rules 4: one question per turn). */
export function singleQuestion(text: string): string {
  const trimmed = text.trim();
  const first = trimmed.indexOf('?');
  return first >= 0 && first < trimmed.length - 1 && trimmed.slice(first + 1).includes('?')
    ? trimmed.slice(0, first + 1)
    : trimmed;
}
