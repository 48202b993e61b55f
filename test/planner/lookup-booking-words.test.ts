import { ToolMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import { bookingDataJson } from '../../lib/contracts/booking-data-block.ts';
import { FakeBookingApi } from './support/fake-booking-api.ts';
import { expectKind, lastInputOf, plannerHarness } from './support/planner-harness.ts';

const ask = { name: 'ask_clarification', id: 'c9', args: { question: 'Which time?', missing: 'time' } };
const availability = (args: Record<string, string>, id = 'c2') => ({ name: 'getAvailability', args, id });

/** What the model read back from its call number `call` (0-based model call that follows the lookup). */
function resultFedTo(model: ReturnType<typeof fakeModel>, call: number) {
  const fed = lastInputOf(model, call) as ToolMessage;
  expect(ToolMessage.isInstance(fed)).toBe(true);
  return JSON.parse(bookingDataJson(fed.text)) as Record<string, unknown>;
}

/** Issue 33: a lookup that takes a date reads the user's booking-relative words against the booking it names. */
describe('createPlanner: booking-relative words in lookups', () => {
  it('reads "the day after" against the lookup’s booking_id, which never reaches the booking API', async () => {
    // Prepare: BK-1042 (John Smith) is on Fri 13 Mar 2026; two bookings are known this turn.
    const api = new FakeBookingApi();
    const model = fakeModel()
      .respondWithTools([{ name: 'searchBookings', args: { search_text: 'John' }, id: 'c1' }])
      .respondWithTools([
        availability({ product_id: 'prod_party_room', date: 'the day after', booking_id: 'bk_1042' }),
      ])
      .respondWithTools([ask]);
    const h = plannerHarness({ model, bookingApi: api });

    // Act
    expectKind(await h.send("Is there room for John Smith's party the day after?"), 'clarification');

    // Assess
    expect(api.callsOf('getAvailability').map((c) => c.args)).toEqual([
      { product_id: 'prod_party_room', date: '2026-03-14' },
    ]);
  });

  it('reads a booking it has not looked up yet with getBooking first', async () => {
    // Prepare
    const api = new FakeBookingApi();
    const model = fakeModel()
      .respondWithTools([
        availability({ product_id: 'prod_party_room', date: 'keep the date', booking_id: 'bk_1045' }, 'c1'),
      ])
      .respondWithTools([ask]);
    const h = plannerHarness({ model, bookingApi: api });

    // Act
    expectKind(await h.send('BK-1045: keep the date, is 3pm free?'), 'clarification');

    // Assess: Sarah Smith's booking is on Tue 17 Mar.
    expect(api.callsOf('getBooking').map((c) => c.args)).toEqual([{ booking_id: 'bk_1045' }]);
    expect(api.callsOf('getAvailability').map((c) => c.args)).toEqual([
      { product_id: 'prod_party_room', date: '2026-03-17' },
    ]);
  });

  it('tells the model to give the booking_id when relative words come without one, and asks the user nothing', async () => {
    // Prepare
    const api = new FakeBookingApi();
    const model = fakeModel()
      .respondWithTools([availability({ product_id: 'prod_party_room', date: 'a week later' }, 'c1')])
      .respondWithTools([ask]);
    const h = plannerHarness({ model, bookingApi: api });

    // Act
    await h.send('Could BK-1042 go a week later?');

    // Assess
    expect(api.callsOf('getAvailability')).toEqual([]);
    expect(resultFedTo(model, 1)).toEqual({
      error: 'invalid arguments',
      details:
        '"a week later" in date is read against a booking: call getAvailability again with the booking_id of the booking the user means.',
    });
  });

  it('answers a booking_id that names no booking as bad arguments', async () => {
    // Prepare
    const api = new FakeBookingApi();
    const model = fakeModel()
      .respondWithTools([
        availability({ product_id: 'prod_party_room', date: 'same day', booking_id: 'bk_nope' }, 'c1'),
      ])
      .respondWithTools([ask]);
    const h = plannerHarness({ model, bookingApi: api });

    // Act
    await h.send('Same day for BK-9999?');

    // Assess
    expect(api.callsOf('getAvailability')).toEqual([]);
    expect(resultFedTo(model, 1)).toEqual({
      error: 'invalid arguments',
      details: 'booking_id names no booking',
    });
  });

  it('sends a lookup without a date parameter its own booking_id as given, without reading that booking first', async () => {
    // Prepare: getBooking takes no date, so its booking_id is its subject, not a booking to read words against
    // (a foreign spec's booking read whose record is not ours must still reach its API).
    const api = new FakeBookingApi();
    const model = fakeModel()
      .respondWithTools([{ name: 'getBooking', args: { booking_id: 'bk_1042' }, id: 'c1' }])
      .respondWithTools([ask]);
    const h = plannerHarness({ model, bookingApi: api });

    // Act
    await h.send('What time is BK-1042?');

    // Assess: one read, the model's own
    expect(api.callsOf('getBooking').map((c) => c.args)).toEqual([{ booking_id: 'bk_1042' }]);
  });
});
