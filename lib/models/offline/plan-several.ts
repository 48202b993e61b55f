import type { BookingRecord } from '../../planner/booking-record.ts';
import { buildStep, INTENT_ORDER } from './build-step.ts';
import { type MessageSlots, mergeSlots } from './extract-slots.ts';
import * as reply from './offline-replies.ts';
import {
  askCall,
  lookupCall,
  type OfflineCall,
  type OpenRequest,
  type Step,
  type TargetBooking,
} from './offline-types.ts';
import { OFFLINE_LOOKUPS, type OfflineConversation } from './read-conversation.ts';
import type { BookingPart } from './split-by-booking.ts';

/** A booking record (search result) as a plan target. */
export function targetOf(b: BookingRecord): TargetBooking {
  const fields = {
    reference: b.booking_reference,
    guest_name: b.guest_name,
    date: b.date,
    start_time: b.start_time,
    party_size: b.party_size,
    status: b.status,
    product_name: b.product_name,
  };
  return {
    booking_id: b.booking_id,
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
  };
}

/** How a question names the booking: "RZ-1 (Ana Lee)", "Ana Lee's booking" or "the booking". */
export function labelOf(target: TargetBooking): string {
  if (target.reference) return `${target.reference}${target.guest_name ? ` (${target.guest_name})` : ''}`;
  return target.guest_name ? `${target.guest_name}'s booking` : 'the booking';
}

/**
 * One plan with steps for each booking a message names (issue 16), or the first question one of them needs: each
 * booking is looked up in turn, and a booking that is not found, matches several, or has no change of its own
 * stops the plan with a question. Nothing named is dropped.
 */
export function planSeveral(
  parts: readonly BookingPart[],
  conv: OfflineConversation,
  shared: Pick<MessageSlots, 'noteText' | 'channel'>,
): OfflineCall {
  const byBooking = new Map<string, { target: TargetBooking; slots: MessageSlots }>();
  for (const part of parts) {
    const found = conv.searches.get(part.key);
    if (!found) return lookupCall(OFFLINE_LOOKUPS.search, { search_text: part.key });
    const exact = found.filter((b) => b.booking_reference?.toLowerCase() === part.key.toLowerCase());
    const matches = exact.length === 1 ? exact : found.filter((b) => b.status !== 'cancelled');
    if (matches.length === 0) return askCall('booking', reply.noMatch(part.key));
    if (matches.length > 1)
      return askCall(
        'booking',
        reply.severalMatches(matches.length, part.key),
        matches.map((b) => b.booking_id),
      );
    const target = targetOf(matches[0] as BookingRecord);
    const seen = byBooking.get(target.booking_id);
    byBooking.set(target.booking_id, {
      target,
      slots: seen ? mergeSlots(seen.slots, part.slots) : part.slots,
    });
  }
  const steps: Step[] = [];
  for (const { target, slots } of byBooking.values()) {
    const label = labelOf(target);
    const intents = slots.intents.includes('cancel')
      ? (['cancel'] as const)
      : INTENT_ORDER.filter((i) => slots.intents.includes(i));
    if (intents.length === 0) return askCall('action', reply.askActionFor(label));
    // The note's words and the channel are said once for all ("Add a note to X and Y: …", "email X and Y").
    const request: OpenRequest = { ...slots, noteWords: conv.current };
    if (!request.noteText && shared.noteText) request.noteText = shared.noteText;
    if (!request.channel && shared.channel) request.channel = shared.channel;
    for (const intent of intents) {
      const details = conv.details.get(target.booking_id);
      const built = buildStep(intent, {
        target,
        request,
        previous: undefined,
        label,
        details,
        locale: conv.locale,
      });
      if ('name' in built) return built;
      if (!steps.some((s) => sameStep(s, built.step))) steps.push(built.step);
    }
  }
  return { name: 'propose_plan', args: { steps } };
}

function sameStep(a: Step, b: Step): boolean {
  return a.action_id === b.action_id && JSON.stringify(a.parameters) === JSON.stringify(b.parameters);
}
