import { isChangeOfMind } from '../../planner/change-of-mind.ts';
import { buildStep, INTENT_ACTIONS, INTENT_ORDER } from './build-step.ts';
import {
  CORRECTION,
  extractSlots,
  type MessageSlots,
  mergeSlots,
  NOT_NAMES,
  type OfflineIntent,
} from './extract-slots.ts';
import { findBooking, pendingBookingId } from './find-booking.ts';
import { countAsDelta, turnedDown } from './follow-up-cues.ts';
import * as reply from './offline-replies.ts';
import {
  askCall as ask,
  declineCall,
  type OfflineCall,
  type OfflineTools,
  type OpenRequest,
  type Step,
  type TargetBooking,
} from './offline-types.ts';
import { planNewBooking } from './plan-new-booking.ts';
import { labelOf, planSeveral } from './plan-several.ts';
import { OFFLINE_LOOKUPS, type OfflineConversation, type PendingPlan } from './read-conversation.ts';
import { onlyWithdraws, referencesIn, withdrawsRequest } from './request-cues.ts';
import { splitByBooking } from './split-by-booking.ts';

export type { OfflineCall, OfflineTools } from './offline-types.ts';

/** The read-only lookups and the intents' actions the offline planner uses (openapi/booking-api.yaml, overlays/). */
export const OFFLINE_ACTIONS = { search: OFFLINE_LOOKUPS.search, ...INTENT_ACTIONS } as const;

/** A contact detail masked at rest in the stored history (j***@example.com, ***78). */
const MASKED_CONTACT = /\*\*\*@|\*\*\*\d{2}\b/;

/** The offline planner's decision, or the first of its lookups when it searches several spans at once. */
export function decideOfflineCall(conv: OfflineConversation, tools: OfflineTools): OfflineCall {
  const calls = decideOfflineCalls(conv, tools);
  return Array.isArray(calls) ? (calls[0] as OfflineCall) : calls;
}

/**
 * The offline planner's decision for one model call: look the booking up, ask one question, propose a plan,
 * cancel or decline. Deterministic; it never computes a date (it passes the user's words on).
 */
export function decideOfflineCalls(
  conv: OfflineConversation,
  tools: OfflineTools,
): OfflineCall | OfflineCall[] {
  if (conv.rejection) return ask('other', reply.CANNOT_REPAIR);
  if (isChangeOfMind(conv.current)) return { name: 'cancel_request', args: {} };
  // Issue 30: every common way of taking a request back leaves nothing to confirm.
  if ((conv.pending || conv.earlier.length > 0) && onlyWithdraws(conv.current))
    return { name: 'cancel_request', args: {} };
  // A pick only chose the booking (the planner resolved it); its words are not values for the request.
  const current: MessageSlots = conv.picked ? { intents: [] } : extractSlots(conv.current);
  // Date words are no request here: "on second thoughts, let's not".
  const asksNothing = current.intents.length === 0 && !current.reference && !current.guestName;
  if (asksNothing && (conv.pending || conv.earlier.length > 0) && withdrawsRequest(conv.current))
    return { name: 'cancel_request', args: {} };
  const refusal = refuse(current, tools);
  if (refusal) return refusal;
  // "forget Jordan, do Chidi's instead: 14 people": the earlier messages no longer hold.
  const earlier = current.turnsAway && current.intents.length > 0 ? [] : conv.earlier;
  const earlierSlots = earlier.map(extractSlots);
  const merged = [...earlierSlots, answerSlots(conv, current)].reduce(mergeSlots);
  const request = current.partySize === undefined ? merged : countAsDelta(merged, earlierSlots, conv.current);
  const newBooking = newBookingCall(conv, current, request, [...earlier, conv.current], tools);
  if (newBooking) return newBooking;
  const several = conv.picked ? undefined : severalBookingsIn(conv.current, current);
  if (several)
    return tools.names.has(OFFLINE_ACTIONS.search) ? planSeveral(several, conv, current) : decline(tools);
  if (current.severalBookings) return ask('booking', reply.ONE_BOOKING_AT_A_TIME);
  // Bare values ("actually make it 4pm") only mean a change when there is a pending plan to amend, or when the
  // words point the booking at them ("Mateo Garcia → 1 December 9am", "can they do 2pm instead").
  const pointed =
    (TOWARDS.test(conv.current) || current.movesTo) && (current.datePhrase || current.timePhrase);
  const intents =
    request.intents.length > 0 ? request.intents : conv.pending || pointed ? valueIntents(current) : [];
  if (intents.length === 0) {
    const named = current.reference || current.guestName || current.contactKey || conv.picked;
    // "Mark the Tom Baker invoice as paid": more than a booking's name, and nothing this service does.
    return named && !saysMore(conv.current, current) ? ask('action', reply.ASK_ACTION) : decline(tools);
  }
  const target = findBooking(conv, current, request, tools);
  if (Array.isArray(target) || 'name' in target) return target;
  const pending =
    conv.pending && pendingBookingId(conv.pending) === target.booking_id ? conv.pending : undefined;
  // A contact detail given before a question is masked in the stored history (000 Privacy): it has to be asked again.
  const forgotten = conv.earlier.some((text) => MASKED_CONTACT.test(text));
  const open: OpenRequest = { ...request, forgotten, noteWords: conv.current };
  return proposeOrAsk(target, open, intents, pending, conv, tools);
}

/**
 * What the latest message adds to the open request. An answer to "which booking?" that asks for nothing ("the one
 * tomorrow, the bowling one", "Friday's") describes the booking with its day, time and product: those words find it, they
 * are not new values for the request (its own date stays the one asked for). Words that point somewhere ("… and make
 * it today instead") are a change as before.
 */
function answerSlots(conv: OfflineConversation, current: MessageSlots): MessageSlots {
  const pointed = TOWARDS.test(conv.current) || current.movesTo;
  if (conv.askedFor !== 'booking' || current.intents.length > 0 || pointed) return current;
  const { datePhrase: _date, timePhrase: _time, ...rest } = current;
  return rest;
}

/**
 * A question or a decline instead of a plan from part of the words (issue 16: never a wrong plan): another booking
 * named beside this one, a new reservation, or an action the offline planner does not build.
 */
function refuse(current: MessageSlots, tools: OfflineTools): OfflineCall | undefined {
  if (current.unsupported) return decline(tools, current.unsupported);
  return undefined;
}

/** Words that point a booking at a new date or time. */
const TOWARDS =
  /→|->|\bto\b|\binstead\b|\bcan (?:they|we|he|she|you) (?:do|go|come|make)\b|\bgo (?:to|in)\b|\bmoving\b/i;

/** The message says more than which booking: three words or more besides the booking's reference and name. */
function saysMore(text: string, slots: MessageSlots): boolean {
  const named = [slots.reference, slots.guestName, slots.contactKey].filter((v): v is string => !!v);
  const rest = named.reduce((t, n) => t.split(n).join(' '), text);
  const words = rest.split(/[^A-Za-z']+/).filter((w) => w.length > 1 && !FILLER.has(w.toLowerCase()));
  return words.length >= 3;
}

const FILLER = new Set(
  "the booking bookings party reservation one please pls for on of 's it's its is can you could would change update edit modify amend something with".split(
    ' ',
  ),
);

/** Seed 002's new reservation: asked for now or earlier in the request, or a pending one amended ("make it 5"). */
function newBookingCall(
  conv: OfflineConversation,
  current: MessageSlots,
  request: MessageSlots,
  texts: string[],
  tools: OfflineTools,
): OfflineCall | undefined {
  if (current.reference || !tools.planActions.has(NEW_BOOKING_ACTION)) return undefined;
  if (request.newBooking && !request.intents.includes('reschedule'))
    return planNewBooking(conv, request, texts);
  const create = conv.pending?.steps.find((s) => s.action_id === NEW_BOOKING_ACTION);
  if (!create || current.guestName || current.intents.some((i) => !AMENDS.has(i))) return undefined;
  const had = (name: string) => {
    const value = create.parameters[name];
    return value === undefined ? undefined : String(value);
  };
  const size = Number(had('party_size'));
  const amended: MessageSlots = {
    ...request,
    ...(had('date') && !current.datePhrase ? { datePhrase: had('date') } : {}),
    ...(had('start_time') && !current.timePhrase ? { timePhrase: had('start_time') } : {}),
    ...(current.partySize === undefined && Number.isInteger(size) ? { partySize: size } : {}),
    ...(had('email') && !current.email ? { email: had('email') } : {}),
    ...(had('phone') && !current.phone ? { phone: had('phone') } : {}),
    newName: current.newName ?? had('guest_name'),
    newBooking: true,
  };
  return planNewBooking(conv, amended, texts, had('product_id'));
}

/** What a follow-up may change on a pending new reservation. */
const AMENDS = new Set(['reschedule', 'guest_count', 'contact']);
const NEW_BOOKING_ACTION = 'createBooking';

/** The parts of a message that names several bookings, each with a change of its own or shared with the next. */
function severalBookingsIn(text: string, slots: MessageSlots): ReturnType<typeof splitByBooking> {
  // "X + Y… no wait, just Y: 5 people": only the words after the correction count.
  const correction = CORRECTION.exec(text);
  const said = correction ? text.slice(correction.index + correction[0].length) : text;
  // The note's own words name no booking ("Flag the Rawiri booking: birthday boy is Nikau").
  const parts = splitByBooking(slots.noteText ? said.replace(slots.noteText, '') : said, NOT_NAMES);
  if (!parts) return undefined;
  const named = slots.severalBookings || referencesIn(said).length > 1;
  const apart = new Set(parts.map((p) => p.clause)).size === parts.length;
  return named || (apart && parts.every((p) => p.slots.intents.length > 0)) ? parts : undefined;
}

function proposeOrAsk(
  target: TargetBooking,
  request: OpenRequest,
  intents: readonly OfflineIntent[],
  pending: PendingPlan | undefined,
  conv: OfflineConversation,
  tools: OfflineTools,
): OfflineCall {
  const label = labelOf(target);
  if (target.status === 'cancelled')
    return decline(tools, `${label} is already cancelled, so it can't be changed`);
  // "Cancel X and refund": nothing else of the request is planned beside a cancellation it does not ask for alone.
  // A cancellation is the whole plan, and a message without one ("not cancel — make it 4") drops a pending one.
  const cancelling = intents.includes('cancel');
  // "no, keep the date — make it 18": a change the follow-up turns down is not kept.
  const down = turnedDown(conv.current, intents);
  const kept = (pending?.steps ?? []).filter(
    (s) =>
      !cancelling &&
      (s.action_id !== INTENT_ACTIONS.cancel || intents.length === 0) &&
      !turnsDown(down, s.action_id),
  );
  const steps = new Map<string, Step>(kept.map((s) => [s.action_id, toStep(s)]));
  const wanted = cancelling ? (['cancel'] as const) : INTENT_ORDER.filter((i) => intents.includes(i));
  for (const intent of wanted) {
    // "Move the party of 6 to Saturday": a count the booking already has describes it, it is not a change.
    const describes = request.partySize !== undefined && request.partySize === target.party_size;
    if (intent === 'guest_count' && describes && intents.length > 1) continue;
    const action = INTENT_ACTIONS[intent];
    const details = conv.details.get(target.booking_id);
    const built = buildStep(intent, {
      target,
      request,
      previous: steps.get(action),
      label,
      details,
      locale: conv.locale,
    });
    if ('name' in built) return built;
    steps.set(action, built.step);
  }
  const plan = [...steps.values()];
  if (plan.some((s) => !tools.planActions.has(s.action_id))) return decline(tools);
  // The service renders the summary itself (issue 14); the offline model, like Gemini, sends only the steps.
  return { name: 'propose_plan', args: { steps: plan } };
}

/** Values without an intent word ("actually make it 4pm", "6 guests") say what they change. */
function valueIntents(slots: MessageSlots): OfflineIntent[] {
  const out: OfflineIntent[] = [];
  if (slots.datePhrase || slots.timePhrase) out.push('reschedule');
  if (slots.partySize !== undefined || slots.partyDelta !== undefined) out.push('guest_count');
  if (slots.email || slots.phone || slots.newName) out.push('contact');
  return out;
}

/** A decline that says what cannot be done and why, if known, then what can (issue 16). */
function decline(tools: OfflineTools, why?: string): OfflineCall {
  return declineCall(reply.declineMessage(why, tools));
}

/** Whether the follow-up turns down the pending step with this action (one no intent builds is kept). */
function turnsDown(down: (intent: OfflineIntent) => boolean, actionId: string): boolean {
  const intent = INTENT_ORDER.find((i) => INTENT_ACTIONS[i] === actionId);
  return intent !== undefined && down(intent);
}

function toStep(step: PendingPlan['steps'][number]): Step {
  return {
    action_id: step.action_id,
    parameters: Object.entries(step.parameters).map(([name, value]) => ({ name, value: String(value) })),
  };
}
