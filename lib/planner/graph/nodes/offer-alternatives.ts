import { formatDay } from '../../../dates/format-when.ts';
import { venueToday } from '../../../dates/venue-calendar.ts';
import type { PlanningUpdate, PlanningValues } from '../planning-state.ts';
import type { TurnContext } from '../turn-context.ts';

const MAX_ALTERNATIVES = 6;

/**
 * 000 Failure Modes "Requested slot unavailable": report it and suggest the day's available slots, as one question.
 * The suggestions are ready-to-send replies ("15:00 instead").
 */
export function offerAlternativesNode(ctx: Pick<TurnContext, 'venue'>) {
  return async function offer_alternatives(state: PlanningValues): Promise<PlanningUpdate> {
    const slot = state.unavailable;
    if (!slot) throw new TypeError('offer_alternatives needs an unavailable slot');
    const day = formatDay(slot.date, venueToday(ctx.venue).year);
    const party = `${slot.party_size} ${slot.party_size === 1 ? 'guest' : 'guests'}`;
    const options = slot.alternatives.slice(0, MAX_ALTERNATIVES);
    if (slot.past) {
      return {
        result: {
          kind: 'clarification',
          question: `${day} is already in the past. Which date should it move to instead?`,
          unclear: 'date_in_past',
          counts: true,
        },
      };
    }
    const question =
      options.length > 0
        ? `${day} at ${slot.time} is not available for ${party}. Available that day: ${options.join(', ')}. Which time would you like instead?`
        : `${day} has no availability for ${party}. Which other day would suit?`;
    return {
      result: {
        kind: 'clarification',
        question,
        unclear: 'slot_unavailable',
        ...(options.length > 0 ? { suggestions: options.map((t) => `${t} instead`) } : {}),
        counts: true,
      },
    };
  };
}
