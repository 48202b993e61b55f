import { readPhone } from '../../contacts/phone.ts';
import type { OfflineIntent } from './extract-slots.ts';
import { correctedName } from './name-match.ts';
import * as reply from './offline-replies.ts';
import type { OfflineCall, OpenRequest, Step, TargetBooking } from './offline-types.ts';
import { askCall, lookupCall } from './offline-types.ts';
import type { BookingDetails } from './read-conversation.ts';

/** The registry actions each intent plans (openapi/booking-api.yaml, overlays/). */
export const INTENT_ACTIONS: Readonly<Record<OfflineIntent, string>> = {
  reschedule: 'rescheduleBooking',
  guest_count: 'updateGuestCount',
  contact: 'updateContactDetails',
  cancel: 'cancelBooking',
  note: 'addBookingNote',
  delete_note: 'deleteBookingNote',
  confirmation: 'sendBookingConfirmation',
  payment_link: 'createPaymentLink',
};

/** Step order when one message asks several things of one booking: changes first, messages to the guest last. */
export const INTENT_ORDER: readonly OfflineIntent[] = [
  'cancel',
  'reschedule',
  'guest_count',
  'contact',
  'note',
  'delete_note',
  'payment_link',
  'confirmation',
];

/** What one step needs besides the request: the step it amends and the booking as getBooking read it. */
export interface StepContext {
  target: TargetBooking;
  request: OpenRequest;
  previous: Step | undefined;
  label: string;
  details: BookingDetails | undefined;
  /** The venue's locale: a phone is read in its country. */
  locale: string;
}

/** One step for one intent, or the question (or lookup) that has to come first. Never a guessed value. */
export function buildStep(intent: OfflineIntent, ctx: StepContext): { step: Step } | OfflineCall {
  const { target, request, label } = ctx;
  const had = (name: string) => ctx.previous?.parameters.find((p) => p.name === name)?.value;
  const param = (name: string, value: string | undefined) => (value === undefined ? [] : [{ name, value }]);
  const id = [{ name: 'booking_id', value: target.booking_id }];
  const step = (parameters: Step['parameters']) => ({
    step: { action_id: INTENT_ACTIONS[intent], parameters },
  });
  if (intent === 'reschedule') {
    const date = request.datePhrase ?? had('date') ?? (request.timePhrase ? target.date : undefined);
    const time =
      request.timePhrase ?? had('start_time') ?? (request.datePhrase ? target.start_time : undefined);
    if (!date) return askCall('date', reply.askWhen(label));
    // "the last session on the 12th": a time the offline planner cannot read is asked, never kept as it was.
    if (!time || (!request.timePhrase && !had('start_time') && request.unreadTime))
      return askCall('time', reply.askWhen(label));
    return step([...id, ...param('date', date), ...param('start_time', time)]);
  }
  if (intent === 'guest_count') {
    const size =
      countFor(request, target.party_size) ?? (had('party_size') ? Number(had('party_size')) : undefined);
    if (request.countUnclear || size === undefined || !Number.isInteger(size) || size < 1)
      return askCall('guest_count', reply.askGuestCount(label));
    return step([...id, { name: 'party_size', value: String(size) }]);
  }
  if (intent === 'cancel') return step(id);
  if (intent === 'payment_link') return step(id);
  if (intent === 'note') {
    if (!request.noteText) return askCall('other', reply.askNoteText(label));
    return step([...id, { name: 'text', value: request.noteText }]);
  }
  if (!ctx.details) return lookupCall('getBooking', { booking_id: target.booking_id });
  if (intent === 'delete_note') {
    const note = pickNote(ctx.details.notes, request.noteWords ?? '');
    if (!note) return askCall('other', reply.askWhichNote(label));
    return step([...id, { name: 'note_id', value: note.note_id }]);
  }
  if (intent === 'confirmation') {
    const channel = request.channel ?? (ctx.details.email ? 'email' : undefined);
    if (!channel) return askCall('other', reply.askChannel(label));
    const reachable =
      channel === 'sms' ? ctx.details.phone || request.phone : ctx.details.email || request.email;
    if (!reachable) return askCall('contact_details', reply.noContactFor(channel, label));
    return step([...id, { name: 'channel', value: channel }]);
  }
  return contactStep(ctx, id, had, param);
}

function contactStep(
  ctx: StepContext,
  id: Step['parameters'],
  had: (name: string) => string | undefined,
  param: (name: string, value: string | undefined) => Step['parameters'],
): { step: Step } | OfflineCall {
  const { request, label } = ctx;
  const email = request.email ?? had('email');
  const phone = request.phone ?? had('phone');
  const name =
    request.newName === undefined ? had('guest_name') : correctedName(request.newName, ctx.target.guest_name);
  if (!email && !phone && !name) {
    const question = request.forgotten ? reply.askContactAgain(label) : reply.askContact(label);
    return askCall('contact_details', question);
  }
  // Issue 30: a number that is no valid phone in the venue's country is asked about, naming it, never planned.
  const reading = request.phone === undefined ? undefined : readPhone(request.phone, ctx.locale);
  if (request.phone !== undefined && reading?.ok === false)
    return askCall('contact_details', reply.askPhone(label, request.phone, reading.reason, ctx.locale));
  return {
    step: {
      action_id: INTENT_ACTIONS.contact,
      parameters: [...id, ...param('guest_name', name), ...param('email', email), ...param('phone', phone)],
    },
  };
}

/** The count the words give for a booking of `current` guests: a total, or current ± N, or current × N. */
export function countFor(request: OpenRequest, current: number | undefined): number | undefined {
  if (request.countUnclear) return undefined;
  if (request.partySize !== undefined) return request.partySize;
  if (current === undefined) return undefined;
  if (request.partyDelta !== undefined) return current + request.partyDelta;
  if (request.partyScale !== undefined) return current * request.partyScale;
  return undefined;
}

/**
 * The note the words point at: the only note when the message names none ("delete the note"), else the one whose
 * words the message shares most, if exactly one does.
 */
export function pickNote(
  notes: BookingDetails['notes'],
  message: string,
): BookingDetails['notes'][number] | undefined {
  const words = new Set(contentWords(message));
  const scored = notes.map((n) => ({ n, score: contentWords(n.text).filter((w) => words.has(w)).length }));
  const best = Math.max(0, ...scored.map((s) => s.score));
  if (best === 0) return notes.length === 1 ? notes[0] : undefined;
  const top = scored.filter((s) => s.score === best);
  return top.length === 1 ? top[0]?.n : undefined;
}

const STOP = new Set(
  'the a an on off of to from for and note notes booking remove delete take wrong it is its their about'.split(
    ' ',
  ),
);

function contentWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2 && !STOP.has(w))
    .map((w) => w.replace(/(?:es|s)$/, ''));
}
