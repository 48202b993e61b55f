import { formatDay } from '../../../dates/format-when.ts';
import { venueToday } from '../../../dates/venue-calendar.ts';
import type { SlotUnavailable } from '../../gate/gate-types.ts';
import type { PlanningResult, PlanningUpdate, PlanningValues } from '../planning-state.ts';
import type { TurnContext } from '../turn-context.ts';

const MAX_ALTERNATIVES = 6;

type Clarification = Extract<PlanningResult, { kind: 'clarification' }>;

/**
 * 000 Failure Modes "Requested slot unavailable": report it and suggest the day's available slots, as one question
 * (ready-to-send replies such as "15:00 instead"). A party that a session cannot hold at all, or a count that no
 * longer fits where the booking sits, is a question about the count (issue 16: never plan a change that fails).
 */
export function offerAlternativesNode(ctx: Pick<TurnContext, 'venue'>) {
  return async function offer_alternatives(state: PlanningValues): Promise<PlanningUpdate> {
    const slot = state.unavailable;
    if (!slot) throw new TypeError('offer_alternatives needs an unavailable slot');
    const today = venueToday(ctx.venue);
    const day = slot.date ? formatDay(slot.date, today.year) : 'that day';
    return { result: questionFor(slot, day, slot.date === today.toISODate()) };
  };
}

function questionFor(slot: SlotUnavailable, day: string, isToday: boolean): Clarification {
  const party = guests(slot.party_size);
  const options = slot.alternatives.slice(0, MAX_ALTERNATIVES);
  const suggestions = options.length > 0 ? { suggestions: options.map((t) => `${t} instead`) } : {};
  const ask = (question: string, unclear: string): Clarification => ({
    kind: 'clarification',
    question,
    unclear,
    ...(unclear === 'slot_unavailable' ? suggestions : {}),
    counts: true,
  });
  switch (slot.reason) {
    case 'past':
      return isToday && slot.time
        ? ask(
            `The ${slot.time} session today (${day}) has already started. Which later time or other day should it be?`,
            'date_in_past',
          )
        : ask(`${day} is already in the past. Which date should it move to instead?`, 'date_in_past');
    case 'over_capacity': {
      const left =
        slot.room !== undefined && slot.time
          ? ` The session on ${day} at ${slot.time} has room for ${guests(slot.room)} on this booking.`
          : '';
      return ask(
        `At most ${guests(slot.capacity ?? 0)} fit in one session, so ${party} won't fit.${left} How many guests should it be?`,
        'capacity',
      );
    }
    case 'count': {
      const times =
        options.length > 0
          ? ` Times that day with room for ${party}: ${options.join(', ')}.`
          : ` No other time that day has room for ${party}.`;
      return ask(
        `The session on ${day} at ${slot.time} has room for ${guests(slot.room ?? 0)} on this booking, so ${party} won't fit.${times} How many guests should it be, or should it move to one of those times?`,
        'capacity',
      );
    }
    case 'plan_conflict':
      return ask(
        `These changes don't all fit: after the earlier steps, ${day} at ${slot.time} has no room for ${party}. Which change should I make, or where should the others go?`,
        'capacity',
      );
    case 'not_a_session':
      return ask(
        options.length > 0
          ? `There is no session at ${slot.time} on ${day}. Sessions with room for ${party} that day: ${options.join(', ')}. Which time would you like instead?`
          : `There is no session at ${slot.time} on ${day}, and none with room for ${party} that day. Which other day would suit?`,
        'slot_unavailable',
      );
    default:
      return ask(
        options.length > 0
          ? `${day} at ${slot.time} is not available for ${party}. Available that day: ${options.join(', ')}. Which time would you like instead?`
          : `${day} has no availability for ${party}. Which other day would suit?`,
        'slot_unavailable',
      );
  }
}

function guests(n: number): string {
  return `${n} ${n === 1 ? 'guest' : 'guests'}`;
}
