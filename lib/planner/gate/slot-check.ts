import type { BookingLookups, Slot } from '../booking-lookups.ts';
import type { BookingRecord } from '../booking-record.ts';
import { isWholePlaceholder } from '../placeholders.ts';
import type { PlannerRegistry } from '../planner-deps.ts';
import type { PlanStepDraft, SlotUnavailable } from './gate-types.ts';

/** Where a party sits: a product's session on a date. */
interface Place {
  product: string;
  date: string;
  time: string;
}

/** What one step does to the slots: takes `party` at `to`, frees `freed` at `from`. */
interface SlotEffect {
  step_number: number;
  booking_id?: string;
  from?: Place;
  freed: number;
  to: Place;
  party: number;
  /** The step only changes the party size where the booking already is. */
  countOnly: boolean;
}

const key = (p: Place) => `${p.product}|${p.date}|${p.time}`;

/**
 * Issue 5 and 16 gate: the plan's steps, applied in order, never put more guests in a session than it has room
 * for. A step with a date and a time moves a booking there (or creates one, with its product_id); a step with a
 * new party size changes the party where the booking sits. Each affected session is read with the availability
 * lookup; a move frees the session it leaves. The first step that does not fit is returned, with why:
 * - `past`: the target date is before the venue's today, or it is today and the session has started (`nowTime`);
 * - `not_a_session`: the product has no session at that time (the day's sessions are offered);
 * - `over_capacity`: the party is larger than a whole session holds;
 * - `count`: a bigger party does not fit where the booking sits;
 * - `plan_conflict`: it would fit alone, but the plan's own earlier steps filled the session;
 * - `full`: the session has no room for the party (the day's sessions that do are offered).
 */
export async function findUnavailableSlot(
  steps: readonly PlanStepDraft[],
  registry: PlannerRegistry,
  bookings: ReadonlyMap<string, BookingRecord>,
  lookups: BookingLookups,
  today: string,
  /** The venue-local time now (HH:MM); without it only earlier days count as past. */
  nowTime?: string,
): Promise<SlotUnavailable | undefined> {
  const effects = slotEffects(steps, registry, bookings);
  const days = new Map<string, Slot[] | undefined>();
  const daySlots = async (p: Place) => {
    const k = `${p.product}|${p.date}`;
    if (!days.has(k)) days.set(k, await lookups.slots(p.product, p.date));
    return days.get(k);
  };
  const taken = new Map<string, number>();
  for (const effect of effects) {
    const { to, party } = effect;
    const target = {
      step_number: effect.step_number,
      booking_id: effect.booking_id ?? '',
      date: to.date,
      time: to.time,
      party_size: party,
    };
    // ISO dates and HH:MM times compare as strings. A session today that has already started is as past as
    // yesterday: moving or booking into it would plan a slot no guest can use.
    const startedToday = to.date === today && nowTime !== undefined && to.time <= nowTime;
    if (!effect.countOnly && (to.date < today || startedToday))
      return { ...target, alternatives: [], past: true, reason: 'past' };
    if (effect.from) taken.set(key(effect.from), (taken.get(key(effect.from)) ?? 0) - effect.freed);
    const slots = await daySlots(to);
    if (!slots) continue;
    const slot = slots.find((s) => s.start_time === to.time);
    const fits = (s: Slot) => s.remaining - (taken.get(key({ ...to, time: s.start_time })) ?? 0) >= party;
    const alternatives = slots.filter((s) => s.start_time !== to.time && fits(s)).map((s) => s.start_time);
    // The booking already sits there: a count change at a time the listing does not show has nothing to check
    // against (the API answers slot_full at execution if it must), and "no session at <its own time>" is false.
    if (!slot && effect.countOnly) continue;
    if (!slot) return { ...target, alternatives, reason: 'not_a_session' };
    const already = effect.countOnly ? effect.freed : 0;
    const before = taken.get(key(to)) ?? 0;
    taken.set(key(to), before + party - already);
    if (slot.remaining + already - before - party >= 0) continue;
    // Issue 14 decision 4: the question names the seats left for this booking and the day's times with room.
    const room = Math.max(0, slot.remaining + already - before);
    if (party > slot.capacity)
      return { ...target, alternatives: [], reason: 'over_capacity', capacity: slot.capacity, room };
    if (effect.countOnly) return { ...target, alternatives, reason: 'count', room };
    if (slot.remaining >= party) return { ...target, alternatives, reason: 'plan_conflict' };
    return { ...target, alternatives, reason: 'full' };
  }
  return undefined;
}

/** What each step does to the slots, tracking each booking's place and party through the plan. */
function slotEffects(
  steps: readonly PlanStepDraft[],
  registry: PlannerRegistry,
  bookings: ReadonlyMap<string, BookingRecord>,
): SlotEffect[] {
  const state = new Map<string, { place?: Place; party?: number }>();
  const effects: SlotEffect[] = [];
  for (const step of steps) {
    const action = registry.get(step.action_id);
    if (!action || action.read_only) continue;
    const of = (type: string) => {
      const name = action.parameters.find((p) => p.type === type)?.name;
      const value = name ? step.parameters[name] : undefined;
      return typeof value === 'string' && !isWholePlaceholder(value) ? value : undefined;
    };
    const bookingId = literal(step.parameters.booking_id);
    const booking = bookingId ? bookings.get(bookingId) : undefined;
    const now = bookingId ? (state.get(bookingId) ?? placeOf(booking)) : {};
    const newParty = typeof step.parameters.party_size === 'number' ? step.parameters.party_size : undefined;
    const date = of('date');
    const time = of('time');
    const product = literal(step.parameters.product_id) ?? booking?.product_id;
    if (date && time && product) {
      // A booking that stays where it is does not move.
      if (now.place && now.place.date === date && now.place.time === time && newParty === undefined) continue;
      const party = newParty ?? laterParty(steps, step, bookingId) ?? now.party ?? 1;
      effects.push({
        step_number: step.step_number,
        ...(bookingId ? { booking_id: bookingId } : {}),
        ...(now.place ? { from: now.place } : {}),
        freed: now.party ?? 0,
        to: { product, date, time },
        party,
        countOnly: false,
      });
      if (bookingId) state.set(bookingId, { place: { product, date, time }, party });
    } else if (newParty !== undefined && bookingId && now.place) {
      // After a move in this plan, the change already counted at the new place.
      if (now.party === newParty) continue;
      effects.push({
        step_number: step.step_number,
        booking_id: bookingId,
        freed: now.party ?? 0,
        to: now.place,
        party: newParty,
        countOnly: true,
      });
      state.set(bookingId, { place: now.place, party: newParty });
    }
  }
  return effects;
}

function placeOf(booking: BookingRecord | undefined): { place?: Place; party?: number } {
  if (!booking?.product_id || !booking.date || !booking.start_time) return {};
  const place = { product: booking.product_id, date: booking.date, time: booking.start_time };
  return { place, ...(booking.party_size !== undefined ? { party: booking.party_size } : {}) };
}

/** A move before a count change in the same plan takes the new party ("move them to 6pm and make it 10"). */
function laterParty(steps: readonly PlanStepDraft[], from: PlanStepDraft, bookingId: string | undefined) {
  if (!bookingId) return undefined;
  const later = steps.find(
    (s) =>
      s.step_number > from.step_number &&
      s.parameters.booking_id === bookingId &&
      typeof s.parameters.party_size === 'number',
  );
  return later ? Number(later.parameters.party_size) : undefined;
}

function literal(value: unknown): string | undefined {
  return typeof value === 'string' && !value.includes('{{') ? value : undefined;
}
