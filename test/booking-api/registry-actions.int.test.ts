import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpBookingApi } from '../../lib/adapters/booking-api/http-booking-api.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import {
  bookingId,
  DEMO,
  NEXT_SATURDAY,
  startTestSandbox,
  type TestSandbox,
  TOKENS,
} from '../support/sandbox.ts';

/** snake_case arguments that succeed against the demo venue, per registry action. */
function sampleArgs(sandbox: TestSandbox): Record<string, Record<string, unknown>> {
  const john = bookingId(sandbox, DEMO.johnSmith);
  const tan = bookingId(sandbox, DEMO.johnTan);
  const note = sandbox.admin.bookingByReference(DEMO.johnSmith)!.notes[0]!.noteId;
  return {
    searchBookings: { search_text: 'john', date_range_start: '2026-03-11', max_results: 5 },
    getBooking: { booking_id: john },
    getAvailability: { product_id: 'prod_party_room', date: NEXT_SATURDAY },
    listProducts: {},
    getVenue: {},
    getCurrentUser: {},
    createBooking: {
      product_id: 'prod_open_play',
      date: NEXT_SATURDAY,
      start_time: '09:00',
      party_size: 2,
      guest_name: 'New Guest',
      email: 'new.guest@example.com',
      phone: '+61 400 123 456',
    },
    rescheduleBooking: { booking_id: john, date: NEXT_SATURDAY, start_time: '10:00' },
    updateGuestCount: { booking_id: tan, party_size: 10 },
    updateContactDetails: { booking_id: tan, guest_name: 'John Tan Jr', phone: '+61 413 000 111' },
    addBookingNote: { booking_id: john, text: 'Bring a cake' },
    deleteBookingNote: { booking_id: john, note_id: note },
    sendBookingConfirmation: { booking_id: john, channel: 'email' },
    cancelBooking: { booking_id: tan, reason: 'Guest asked' },
    createPaymentLink: { booking_id: john, expires_in_hours: 24 },
    refundBooking: { booking_id: john, amount: 20 },
    deleteBooking: { booking_id: tan },
  };
}

describe('the compiled registry’s HTTP bindings against the sandbox', () => {
  const registry = loadCompiledRegistry();
  let sandbox: TestSandbox;
  let api: HttpBookingApi;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    api = new HttpBookingApi({ baseUrl: sandbox.url, timeoutMs: 5_000 });
  });
  beforeEach(() => {
    sandbox.admin.reset();
  });
  afterAll(() => sandbox.close());

  it('has sample arguments for every registry action', () => {
    const missing = registry.all().filter((a) => !(a.action_id in sampleArgs(sandbox)));
    expect(missing.map((a) => a.action_id)).toEqual([]);
  });

  it.each(registry.all().map((a) => a.action_id))(
    '%s succeeds with snake_case arguments',
    async (actionId) => {
      // Prepare
      const action = registry.require(actionId);
      const args = sampleArgs(sandbox)[actionId] ?? {};

      // Act
      const outcome = await api.invoke({
        action,
        args,
        token: TOKENS.harbour,
        idempotencyKey: `test:${actionId}`,
      });

      // Assess: success, and every declared output field is present in the snake_case data.
      expect(outcome).toMatchObject({ ok: true });
      if (outcome.ok) {
        for (const field of action.output_fields) expect(outcome.data).toHaveProperty(field);
      }
    },
  );
});
