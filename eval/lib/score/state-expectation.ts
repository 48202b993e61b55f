import type { SideEffects } from '../../../devkit/sandbox/sandbox-admin.ts';
import type { BookingRecord } from '../../../devkit/sandbox/sandbox-state.ts';

/** Raw sandbox booking fields a label may name (GET /__admin/bookings/{id}). */
export const LABELLED_FIELDS = [
  'guestName',
  'email',
  'phone',
  'date',
  'startTime',
  'productId',
  'partySize',
  'status',
] as const;
export type Field = (typeof LABELLED_FIELDS)[number];
export type BookingFieldValues = Partial<Record<Field, string | number>>;

/** The expected change of one booking: new field values, notes added (by text fragments) or removed (by id). */
export type BookingChange = BookingFieldValues & { notes_added?: string[]; notes_removed?: string[] };

/** A link or confirmation the run must have issued; `@created:N` is the Nth expected created booking. */
export interface ExpectedLink {
  bookingId: string;
  amount?: number | undefined;
}
export interface ExpectedConfirmation {
  bookingId: string;
  channel?: string | undefined;
}

/** What the sandbox must hold after the run (eval/sealed format `expect.state`, golden `database`). */
export interface StateExpectation {
  bookings: Readonly<Record<string, BookingChange>>;
  created: readonly BookingFieldValues[];
  /** undefined: not compared. */
  paymentLinks?: readonly ExpectedLink[] | undefined;
  confirmations?: readonly ExpectedConfirmation[] | undefined;
  /** The operator refused a payment link: none may be issued. */
  noPaymentLink?: boolean | undefined;
}

export interface ObservedState {
  before: readonly BookingRecord[];
  after: readonly BookingRecord[];
  sideEffects: SideEffects;
}

/**
 * One difference. `unexpected`: the state changed in a way the label does not allow (a field changed that is
 * not listed, or to another value; an extra note, booking, link or refund). `missing`: a change the label
 * wants did not happen. `bookingId` names the booking it is about, when there is one.
 */
export interface StateProblem {
  kind: 'unexpected' | 'missing';
  detail: string;
  bookingId?: string;
  /** A payment link was issued though the operator refused one. */
  refusedLink?: true;
}
