import * as edits from '../booking-edits.ts';
import * as rulesOf from '../booking-rules.ts';
import { toBookingBody } from '../booking-view.ts';
import type { BookingRecord } from '../sandbox-state.ts';
import {
  booleanArg,
  numberArg,
  type OperationHandler,
  type OperationInput,
  type OperationResult,
  optionalString,
  stringArg,
} from './operation.ts';

/** Thin wire adapters over booking-rules.ts and booking-edits.ts: read the request, apply, shape the reply. */

export const rescheduleBooking: OperationHandler = function rescheduleBooking(input) {
  const target = { date: stringArg(input.body, 'date'), startTime: stringArg(input.body, 'startTime') };
  return bookingReply(
    input,
    rulesOf.rescheduleBooking(input.rules, bookingId(input), target, ifMatch(input)),
  );
};

export const updateGuestCount: OperationHandler = function updateGuestCount(input) {
  const size = numberArg(input.body, 'partySize');
  return bookingReply(input, rulesOf.updateGuestCount(input.rules, bookingId(input), size, ifMatch(input)));
};

export const updateContactDetails: OperationHandler = function updateContactDetails(input) {
  const contact = {
    guestName: optionalString(input.body, 'guestName'),
    email: optionalString(input.body, 'email'),
    phone: optionalString(input.body, 'phone'),
  };
  return bookingReply(
    input,
    edits.updateContactDetails(input.rules, bookingId(input), contact, ifMatch(input)),
  );
};

export const cancelBooking: OperationHandler = function cancelBooking(input) {
  const reason = optionalString(input.body, 'reason');
  return bookingReply(input, edits.cancelBooking(input.rules, bookingId(input), reason, ifMatch(input)));
};

export const createBooking: OperationHandler = function createBooking(input) {
  const booking = rulesOf.createBooking(input.rules, {
    productId: stringArg(input.body, 'productId'),
    date: stringArg(input.body, 'date'),
    startTime: stringArg(input.body, 'startTime'),
    partySize: numberArg(input.body, 'partySize'),
    guestName: stringArg(input.body, 'guestName'),
    ...optionalFields(input.body, ['email', 'phone']),
  });
  return { ...bookingReply(input, booking), status: 201 };
};

export const addBookingNote: OperationHandler = function addBookingNote(input) {
  const note = edits.addNote(input.rules, bookingId(input), {
    text: stringArg(input.body, 'text'),
    visibleToGuest: booleanArg(input.body, 'visibleToGuest', false),
  });
  return { status: 201, body: note, committed: true };
};

export const deleteBookingNote: OperationHandler = function deleteBookingNote(input) {
  const note = edits.deleteNote(input.rules, bookingId(input), stringArg(input.params, 'noteId'));
  return { status: 200, body: note, committed: true };
};

export const sendBookingConfirmation: OperationHandler = function sendBookingConfirmation(input) {
  const channel = input.body.channel === 'sms' ? 'sms' : 'email';
  const sent = edits.sendConfirmation(input.rules, bookingId(input), channel);
  return { status: 200, body: sent, committed: true };
};

export const createPaymentLink: OperationHandler = function createPaymentLink(input) {
  const hours = numberArg(input.body, 'expiresInHours');
  return {
    status: 201,
    body: edits.createPaymentLink(input.rules, bookingId(input), hours),
    committed: true,
  };
};

export const refundBooking: OperationHandler = function refundBooking(input) {
  const refunded = edits.refundBooking(input.rules, bookingId(input), numberArg(input.body, 'amount'));
  return { status: 200, body: { bookingId: bookingId(input), refundedAmount: refunded }, committed: true };
};

export const deleteBooking: OperationHandler = function deleteBooking(input) {
  edits.deleteBooking(input.rules, bookingId(input));
  return { status: 200, body: { bookingId: bookingId(input), deleted: true }, committed: true };
};

function bookingReply(input: OperationInput, booking: BookingRecord): OperationResult {
  return {
    status: 200,
    body: toBookingBody(input.rules.state, booking),
    committed: true,
    version: booking.version,
  };
}

function bookingId(input: OperationInput): string {
  return stringArg(input.params, 'bookingId');
}

function ifMatch(input: OperationInput): string | undefined {
  return optionalString(input.params, 'If-Match');
}

function optionalFields(body: Record<string, unknown>, keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const value = optionalString(body, key);
    if (value !== undefined) out[key] = value;
  }
  return out;
}
