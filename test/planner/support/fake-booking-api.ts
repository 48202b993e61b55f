import type { ActionCall, ActionOutcome, BookingApi } from '../../../lib/ports/booking-api.ts';

/** A booking as our HttpBookingApi returns it (snake_case). */
export interface FakeBooking {
  booking_id: string;
  booking_reference: string;
  guest_name: string;
  email: string;
  phone: string;
  date: string;
  start_time: string;
  product_id: string;
  product_name: string;
  party_size: number;
  status: string;
  version: number;
}

/** Venue "today" of the unit tests: Wednesday 11 March 2026, 12:00 in Sydney (same as test/support/sandbox.ts). */
export const UNIT_NOW = '2026-03-11T01:00:00Z';
export const NEXT_SATURDAY = '2026-03-14';

const booking = (
  id: string,
  ref: string,
  guest: string,
  date: string,
  time: string,
  party: number,
  product = 'prod_party_room',
): FakeBooking => ({
  booking_id: id,
  booking_reference: ref,
  guest_name: guest,
  email: `${guest.toLowerCase().replace(/\W+/g, '.')}@example.com`,
  phone: '+61 412 555 019',
  date,
  start_time: time,
  product_id: product,
  product_name: product === 'prod_party_room' ? 'Birthday Party Room' : 'Laser Tag Arena',
  party_size: party,
  status: 'confirmed',
  version: 1,
});

/** A small venue: three Johns, two Smiths (like the demo fixture), and a full Saturday 12:30 slot. */
export function demoBookings(): FakeBooking[] {
  return [
    booking('bk_1042', 'BK-1042', 'John Smith', '2026-03-13', '11:00', 12),
    booking('bk_1043', 'BK-1043', 'John Tan', '2026-03-16', '13:00', 8, 'prod_laser_tag'),
    booking('bk_1044', 'BK-1044', 'John Okafor', '2026-03-13', '11:00', 4, 'prod_laser_tag'),
    booking('bk_1045', 'BK-1045', 'Sarah Smith', '2026-03-17', '10:00', 15),
    booking('bk_1046', 'BK-1046', 'Aisha Khan', '2026-03-14', '12:30', 12),
  ];
}

/**
 * An in-process BookingApi for pure unit tests: searchBookings / getBooking / getAvailability over a few bookings.
 * Records every call (action, args, token) and the highest number of calls in flight at once. Mutations are
 * answered with a 500 and recorded, so a test can prove planning never executes one.
 */
export class FakeBookingApi implements BookingApi {
  readonly calls: { action_id: string; args: Record<string, unknown>; token: string }[] = [];
  maxInFlight = 0;
  private inFlight = 0;
  /** Remaining capacity per `${product}|${date}|${time}`; unknown slots have 20 places. */
  readonly remaining = new Map<string, number>([['prod_party_room|2026-03-14|12:30', 0]]);
  /** When set, every call answers this status (401, 503…). */
  failWith?: number;

  constructor(readonly bookings: FakeBooking[] = demoBookings()) {}

  async invoke(call: ActionCall): Promise<ActionOutcome> {
    this.calls.push({ action_id: call.action.action_id, args: call.args, token: call.token });
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    // Yield to the event loop so calls started together overlap, as they would over HTTP.
    await new Promise((resolve) => setImmediate(resolve));
    this.inFlight -= 1;
    if (this.failWith) return this.failure(this.failWith);
    return this.answer(call.action.action_id, call.args);
  }

  callsOf(actionId: string) {
    return this.calls.filter((c) => c.action_id === actionId);
  }

  private answer(actionId: string, args: Record<string, unknown>): ActionOutcome {
    switch (actionId) {
      case 'searchBookings': {
        const text = String(args.search_text).toLowerCase();
        // Like the sandbox: name, reference, or a fragment of the email or of the phone's digits.
        const digits = text.replace(/\D/g, '');
        const found = this.bookings.filter(
          (b) =>
            b.guest_name.toLowerCase().includes(text) ||
            b.booking_reference.toLowerCase() === text ||
            (text.includes('@') && b.email.toLowerCase().includes(text)) ||
            (digits.length >= 3 &&
              digits === text.replace(/[\s().+-]/g, '') &&
              b.phone.replace(/\D/g, '').includes(digits)),
        );
        return ok({ bookings: found.map(({ email: _e, phone: _p, version: _v, ...item }) => item) });
      }
      case 'getBooking': {
        const found = this.bookings.find((b) => b.booking_id === args.booking_id);
        return found ? ok({ ...found, notes: [] }) : this.failure(404);
      }
      case 'getAvailability': {
        const slots = SESSION_TIMES.map((t) => ({
          start_time: t,
          capacity: 20,
          remaining: this.remaining.get(`${args.product_id}|${args.date}|${t}`) ?? 20,
        }));
        return ok({ product_id: args.product_id, date: args.date, slots });
      }
      case 'listProducts':
        return ok({
          products: [
            {
              product_id: 'prod_party_room',
              name: 'Birthday Party Room',
              session_times: SESSION_TIMES,
              capacity: 20,
            },
            {
              product_id: 'prod_laser_tag',
              name: 'Laser Tag Arena',
              session_times: SESSION_TIMES,
              capacity: 20,
            },
          ],
        });
      default:
        return this.failure(500);
    }
  }

  private failure(status: number): ActionOutcome {
    const type =
      status === 401
        ? 'unauthorized'
        : status === 404
          ? 'not_found'
          : status === 429
            ? 'rate_limited'
            : 'server_error';
    return { ok: false, status, error_type: type, message: `fake booking API answered ${status}` };
  }
}

const SESSION_TIMES = ['10:00', '12:30', '15:00', '16:00'];

function ok(data: Record<string, unknown>): ActionOutcome {
  return { ok: true, status: 200, data };
}
