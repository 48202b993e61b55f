import { daySlots, slotsWithRoom } from './availability.ts';
import { localDate } from './relative-date.ts';
import { badRequest, conflict, notFound, SandboxApiError } from './sandbox-error.ts';
import { type BookingRecord, deriveBookingId, type Product, type SandboxState } from './sandbox-state.ts';

/** Who is acting and when: every rule runs for one venue (the token's) at one instant (the sandbox clock). */
export interface RuleContext {
  state: SandboxState;
  venueId: string;
  /** The user the caller's token was issued to (the fixture's tokens[].userId). */
  userId: string;
  now: Date;
}

/** The booking, if it exists and belongs to the caller's venue: unknown → 404, another venue's → 403. */
export function findBooking(ctx: RuleContext, bookingId: string): BookingRecord {
  const booking = ctx.state.bookings.get(bookingId);
  if (!booking) throw notFound(`booking ${bookingId}`);
  if (booking.venueId !== ctx.venueId) {
    throw new SandboxApiError(403, 'forbidden', `booking ${bookingId} belongs to another venue`);
  }
  return booking;
}

/** If-Match carries the version the change is based on; a mismatch is a concurrent modification (409). */
export function assertVersion(booking: BookingRecord, ifMatch: string | undefined): void {
  if (ifMatch === undefined) return;
  const expected = ifMatch.replace(/^W\//, '').replaceAll('"', '').trim();
  if (!/^\d+$/.test(expected)) {
    throw badRequest('If-Match', 'the booking version, e.g. "3"', `If-Match must be a booking version`);
  }
  if (Number(expected) !== booking.version) {
    throw conflict(
      'version_mismatch',
      `concurrent modification: booking ${booking.bookingReference} is at version ${booking.version}, ` +
        `the change was based on version ${expected}; refresh and retry`,
    );
  }
}

/** Cancelled and completed (past) bookings are final (issue 3: cancelled bookings can't be modified). */
export function assertModifiable(booking: BookingRecord): void {
  if (booking.status === 'cancelled' || booking.status === 'completed') {
    throw conflict(
      `booking_${booking.status}`,
      `booking ${booking.bookingReference} is ${booking.status} and can't be modified`,
    );
  }
}

/** Every mutation bumps the version (issue 3), which is what If-Match compares against. */
export function touch(booking: BookingRecord, now: Date): BookingRecord {
  booking.version += 1;
  booking.updatedAt = now.toISOString();
  return booking;
}

/**
 * How a reschedule is applied: the booking must be ours, unchanged since If-Match, still modifiable; the
 * target must be a real session of its product, not in the past, and have room for the whole party
 * (the booking's own seats don't count against it). A full slot is a 409 listing the day's slots that
 * do have room, so the executor can offer them (000 Failure Modes: requested slot unavailable).
 */
export function rescheduleBooking(
  ctx: RuleContext,
  bookingId: string,
  target: { date: string; startTime: string },
  ifMatch?: string,
): BookingRecord {
  const booking = findBooking(ctx, bookingId);
  assertVersion(booking, ifMatch);
  assertModifiable(booking);
  const product = productOf(ctx, booking.productId);
  assertBookableSlot(ctx, product, target.date, target.startTime);
  assertRoom(ctx, product, target.date, target.startTime, booking.partySize, booking);

  booking.date = target.date;
  booking.startTime = target.startTime;
  return touch(booking, ctx.now);
}

/** Guest-count change: the booked slot must have room for the new party size (issue 3). */
export function updateGuestCount(
  ctx: RuleContext,
  bookingId: string,
  partySize: number,
  ifMatch?: string,
): BookingRecord {
  const booking = findBooking(ctx, bookingId);
  assertVersion(booking, ifMatch);
  assertModifiable(booking);
  const product = productOf(ctx, booking.productId);
  assertRoom(ctx, product, booking.date, booking.startTime, partySize, booking);

  booking.partySize = partySize;
  return touch(booking, ctx.now);
}

export interface NewBooking {
  productId: string;
  date: string;
  startTime: string;
  partySize: number;
  guestName: string;
  email?: string;
  phone?: string;
}

/** Creates a confirmed booking, with the same slot and capacity checks as a reschedule. */
export function createBooking(ctx: RuleContext, input: NewBooking): BookingRecord {
  const product = ctx.state.product(ctx.venueId, input.productId);
  if (!product) throw notFound(`product ${input.productId}`);
  assertBookableSlot(ctx, product, input.date, input.startTime);
  assertRoom(ctx, product, input.date, input.startTime, input.partySize);

  const reference = ctx.state.nextReference();
  const stamp = ctx.now.toISOString();
  const booking: BookingRecord = {
    ...input,
    bookingId: deriveBookingId(ctx.venueId, reference),
    bookingReference: reference,
    venueId: ctx.venueId,
    status: 'confirmed',
    notes: [],
    version: 1,
    createdAt: stamp,
    updatedAt: stamp,
  };
  ctx.state.bookings.set(booking.bookingId, booking);
  return booking;
}

function productOf(ctx: RuleContext, productId: string): Product {
  const product = ctx.state.product(ctx.venueId, productId);
  if (!product) throw new Error(`booking refers to unknown product ${productId}`);
  return product;
}

/** A wrong session time or a past date is a 400 the executor can correct, so it names the expected values. */
function assertBookableSlot(ctx: RuleContext, product: Product, date: string, startTime: string): void {
  const today = localDate(ctx.now, ctx.state.venue(ctx.venueId).timezone);
  if (date < today) {
    throw badRequest(
      'date',
      `YYYY-MM-DD on or after ${today}`,
      `date ${date} is in the past (today is ${today})`,
    );
  }
  if (!product.sessionTimes.includes(startTime)) {
    const sessions = product.sessionTimes.join(', ');
    throw badRequest(
      'startTime',
      `one of the session times of ${product.name}: ${sessions}`,
      `startTime ${startTime} is not a session of ${product.name}; sessions start at ${sessions}`,
    );
  }
}

function assertRoom(
  ctx: RuleContext,
  product: Product,
  date: string,
  startTime: string,
  partySize: number,
  booking?: BookingRecord,
): void {
  const slots = daySlots(ctx.state, ctx.venueId, product, date, booking?.bookingId);
  const slot = slots.find((s) => s.startTime === startTime);
  if (slot && slot.remaining >= partySize) return;
  // The booking's own slot is where it already is, not an alternative to offer.
  const ownSlot = booking?.date === date ? [booking.startTime] : [];
  throw conflict(
    'slot_full',
    `${product.name} at ${startTime} on ${date} has room for ${slot?.remaining ?? 0} more, not ${partySize}`,
    slotsWithRoom(slots, partySize, [startTime, ...ownSlot]),
    slot?.remaining ?? 0,
  );
}
