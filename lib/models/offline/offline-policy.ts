import type { BookingSummary } from '../../contracts/booking.ts';
import { isChangeOfMind } from '../../planner/change-of-mind.ts';
import { extractSlots, type MessageSlots, mergeSlots, type OfflineIntent } from './extract-slots.ts';
import * as reply from './offline-replies.ts';
import type { OfflineConversation, PendingPlan } from './read-conversation.ts';

/** The registry actions the offline planner knows (openapi/booking-api.yaml, overlays/). */
export const OFFLINE_ACTIONS = {
  search: 'searchBookings',
  reschedule: 'rescheduleBooking',
  guest_count: 'updateGuestCount',
  contact: 'updateContactDetails',
} as const;

/** One tool call the offline planner makes. */
export interface OfflineCall {
  name: string;
  args: Record<string, unknown>;
}

/** What was bound for this turn: tool names, and the action ids a plan step may use. */
export interface OfflineTools {
  names: ReadonlySet<string>;
  planActions: ReadonlySet<string>;
}

/** The booking a plan targets, from a search, the session context or the pending plan. */
interface TargetBooking {
  booking_id: string;
  reference?: string;
  guest_name?: string;
  date?: string;
  start_time?: string;
  party_size?: number;
}

type Step = { action_id: string; parameters: { name: string; value: string }[] };
/** The open request, plus whether a contact detail in it was masked at rest (j***@example.com, ***78). */
type OpenRequest = MessageSlots & { forgotten?: boolean };
const MASKED_CONTACT = /\*\*\*@|\*\*\*\d{2}\b/;
const INTENT_ORDER: readonly OfflineIntent[] = ['reschedule', 'guest_count', 'contact'];

/**
 * The offline planner's decision for one model call: look the booking up, ask one question, propose a plan,
 * cancel or decline. Deterministic; it never computes a date (it passes the user's words on).
 */
export function decideOfflineCall(conv: OfflineConversation, tools: OfflineTools): OfflineCall {
  if (conv.rejection) return ask('other', reply.CANNOT_REPAIR);
  if (isChangeOfMind(conv.current)) return { name: 'cancel_request', args: {} };
  // A pick only chose the booking (the planner resolved it); its words are not values for the request.
  const current: MessageSlots = conv.picked ? { intents: [] } : extractSlots(conv.current);
  const refusal = refuse(current);
  if (refusal) return refusal;
  // "forget Jordan, do Chidi's instead: 14 people": the earlier messages no longer hold.
  const earlier = current.turnsAway && current.intents.length > 0 ? [] : conv.earlier;
  const request = [...earlier.map(extractSlots), current].reduce(mergeSlots);
  // Bare values ("actually make it 4pm") only mean a change when there is a pending plan to amend.
  const intents = request.intents.length > 0 ? request.intents : conv.pending ? valueIntents(current) : [];
  if (intents.length === 0) {
    return current.reference || current.guestName || conv.picked
      ? ask('action', reply.ASK_ACTION)
      : decline();
  }
  const target = resolveTarget(conv, current, request, tools);
  if ('name' in target) return target;
  const pending =
    conv.pending && pendingBookingId(conv.pending) === target.booking_id ? conv.pending : undefined;
  // A contact detail given before a question is masked in the stored history (000 Privacy): it has to be asked again.
  const forgotten = conv.earlier.some((text) => MASKED_CONTACT.test(text));
  return proposeOrAsk(target, { ...request, forgotten }, intents, pending, tools);
}

/**
 * A question or a decline instead of a plan from part of the words (issue 16: never a wrong plan): another booking
 * named beside this one, a new reservation, or an action the offline planner does not build.
 */
function refuse(current: MessageSlots): OfflineCall | undefined {
  if (current.otherAction) return decline(reply.cannotDo(current.otherAction));
  if (current.newBooking && !current.intents.includes('reschedule'))
    return decline(reply.cannotDo('new bookings'));
  if (current.severalBookings) return ask('booking', reply.ONE_BOOKING_AT_A_TIME);
  return undefined;
}

function resolveTarget(
  conv: OfflineConversation,
  current: MessageSlots,
  request: MessageSlots,
  tools: OfflineTools,
): TargetBooking | OfflineCall {
  if (conv.picked) return fromSummary(conv.picked);
  if (conv.lastSearch) {
    const { bookings, searchText } = conv.lastSearch;
    const exact = bookings.filter((b) => request.reference && b.booking_reference === request.reference);
    const matches = exact.length === 1 ? exact : bookings;
    if (matches.length === 0) return ask('booking', reply.noMatch(searchText));
    if (matches.length > 1) {
      return ask(
        'booking',
        reply.severalMatches(matches.length, searchText),
        matches.map((b) => b.booking_id),
      );
    }
    const b = matches[0] as (typeof matches)[number];
    return {
      booking_id: b.booking_id,
      ...defined({
        reference: b.booking_reference,
        guest_name: b.guest_name,
        date: b.date,
        start_time: b.start_time,
        party_size: b.party_size,
      }),
    };
  }
  const named = current.reference ?? current.guestName;
  if (named) return search(named, tools);
  const pendingId = conv.pending ? pendingBookingId(conv.pending) : undefined;
  if (conv.referenced && (!pendingId || pendingId === conv.referenced.booking_id)) {
    return fromSummary(conv.referenced);
  }
  if (pendingId) return { booking_id: pendingId };
  const older = request.reference ?? request.guestName;
  return older ? search(older, tools) : ask('booking', reply.ASK_BOOKING);
}

function proposeOrAsk(
  target: TargetBooking,
  request: OpenRequest,
  intents: readonly OfflineIntent[],
  pending: PendingPlan | undefined,
  tools: OfflineTools,
): OfflineCall {
  const label = target.reference
    ? `${target.reference}${target.guest_name ? ` (${target.guest_name})` : ''}`
    : target.guest_name
      ? `${target.guest_name}'s booking`
      : 'the booking';
  const steps = new Map<string, Step>((pending?.steps ?? []).map((s) => [s.action_id, toStep(s)]));
  for (const intent of INTENT_ORDER.filter((i) => intents.includes(i))) {
    // "Move the party of 6 to Saturday": a count the booking already has describes it, it is not a change.
    const describes = request.partySize !== undefined && request.partySize === target.party_size;
    if (intent === 'guest_count' && describes && intents.length > 1) continue;
    const previous = steps.get(OFFLINE_ACTIONS[intent]);
    const built = buildStep(intent, target, request, previous, label);
    if ('name' in built) return built;
    steps.set(OFFLINE_ACTIONS[intent], built.step);
  }
  const plan = [...steps.values()];
  if (plan.some((s) => !tools.planActions.has(s.action_id))) return decline();
  // The service renders the summary itself (issue 14); the offline model, like Gemini, sends only the steps.
  return { name: 'propose_plan', args: { steps: plan } };
}

function buildStep(
  intent: OfflineIntent,
  target: TargetBooking,
  request: OpenRequest,
  previous: Step | undefined,
  label: string,
): { step: Step } | OfflineCall {
  const had = (name: string) => previous?.parameters.find((p) => p.name === name)?.value;
  const param = (name: string, value: string | undefined) => (value === undefined ? [] : [{ name, value }]);
  const id = [{ name: 'booking_id', value: target.booking_id }];
  if (intent === 'reschedule') {
    const date = request.datePhrase ?? had('date') ?? (request.timePhrase ? target.date : undefined);
    const time =
      request.timePhrase ?? had('start_time') ?? (request.datePhrase ? target.start_time : undefined);
    if (!date) return ask('date', reply.askWhen(label));
    // "the last session on the 12th": a time the offline planner cannot read is asked, never kept as it was.
    if (!time || (!request.timePhrase && !had('start_time') && request.unreadTime))
      return ask('time', reply.askWhen(label));
    const step = {
      action_id: OFFLINE_ACTIONS.reschedule,
      parameters: [...id, ...param('date', date), ...param('start_time', time)],
    };
    return { step };
  }
  if (intent === 'guest_count') {
    const current = target.party_size;
    const fromDelta =
      request.partyDelta !== undefined && current !== undefined ? current + request.partyDelta : undefined;
    const fromScale =
      request.partyScale !== undefined && current !== undefined ? current * request.partyScale : undefined;
    const said = request.countUnclear ? undefined : (request.partySize ?? fromDelta ?? fromScale);
    const size =
      said ?? (request.countUnclear ? undefined : had('party_size') ? Number(had('party_size')) : undefined);
    if (size === undefined || !Number.isInteger(size) || size < 1)
      return ask('guest_count', reply.askGuestCount(label));
    const step = {
      action_id: OFFLINE_ACTIONS.guest_count,
      parameters: [...id, { name: 'party_size', value: String(size) }],
    };
    return { step };
  }
  const email = request.email ?? had('email');
  const phone = request.phone ?? had('phone');
  const name = request.newName ?? had('guest_name');
  if (!email && !phone && !name) {
    const question = request.forgotten ? reply.askContactAgain(label) : reply.askContact(label);
    return ask('contact_details', question);
  }
  const step = {
    action_id: OFFLINE_ACTIONS.contact,
    parameters: [...id, ...param('guest_name', name), ...param('email', email), ...param('phone', phone)],
  };
  return { step };
}

/** Values without an intent word ("actually make it 4pm", "6 guests") say what they change. */
function valueIntents(slots: MessageSlots): OfflineIntent[] {
  const out: OfflineIntent[] = [];
  if (slots.datePhrase || slots.timePhrase) out.push('reschedule');
  if (slots.partySize !== undefined || slots.partyDelta !== undefined) out.push('guest_count');
  if (slots.email || slots.phone || slots.newName) out.push('contact');
  return out;
}

function search(text: string, tools: OfflineTools): OfflineCall {
  if (!tools.names.has(OFFLINE_ACTIONS.search)) return decline();
  return { name: OFFLINE_ACTIONS.search, args: { search_text: text } };
}

function ask(missing: string, question: string, candidates?: string[]): OfflineCall {
  return {
    name: 'ask_clarification',
    args: { question, missing, ...(candidates ? { candidate_booking_ids: candidates } : {}) },
  };
}

function decline(message: string = reply.OFFLINE_CAN_DO): OfflineCall {
  return { name: 'decline', args: { message } };
}

function pendingBookingId(pending: PendingPlan): string | undefined {
  const id = pending.steps
    .map((s) => s.parameters.booking_id)
    .find((v) => typeof v === 'string' && !v.includes('{{'));
  return typeof id === 'string' ? id : undefined;
}

function toStep(step: PendingPlan['steps'][number]): Step {
  return {
    action_id: step.action_id,
    parameters: Object.entries(step.parameters).map(([name, value]) => ({ name, value: String(value) })),
  };
}

/** The target from a booking summary (the session's referenced booking, or a picked candidate). */
function fromSummary(r: BookingSummary): TargetBooking {
  return {
    booking_id: r.booking_id,
    ...defined({
      guest_name: r.guest_name,
      date: r.booking_date,
      start_time: r.booking_time,
      party_size: r.party_size,
    }),
    ...referenceOf(r.display_label),
  };
}

function referenceOf(label: string | undefined): { reference?: string } {
  const match = label ? /\bBK-\d+\b/.exec(label) : null;
  return match ? { reference: match[0] } : {};
}

function defined<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
}
