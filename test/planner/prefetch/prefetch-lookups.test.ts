import { AIMessage, type ToolMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import { bookingDataJson } from '../../../lib/contracts/booking-data-block.ts';
import { FakeBookingApi, NEXT_SATURDAY } from '../support/fake-booking-api.ts';
import { expectKind, params, plannerHarness } from '../support/planner-harness.ts';

const PREFETCH = { PLANNER_PREFETCH: true };

const propose = (id: string, values: Record<string, string>, action = 'rescheduleBooking') => ({
  name: 'propose_plan',
  id,
  args: { steps: [{ action_id: action, parameters: params(values) }] },
});

/** Issue 32: the lookups a message clearly needs run in code before the first model call. */
describe('createPlanner with PLANNER_PREFETCH', () => {
  it('hands the model the named booking and that day’s availability, so one model call plans a move', async () => {
    // Prepare
    const api = new FakeBookingApi();
    const model = fakeModel().respondWithTools([
      propose('c1', { booking_id: 'bk_1045', date: 'Saturday', start_time: '3pm' }),
    ]);
    const h = plannerHarness({ model, bookingApi: api, config: PREFETCH });

    // Act
    const outcome = await h.send('Move BK-1045 to Saturday 3pm');

    // Assess
    expectKind(outcome, 'plan');
    expect(model.calls).toHaveLength(1);
    expect(api.callsOf('searchBookings').map((c) => c.args)).toEqual([{ search_text: 'BK-1045' }]);
    // The first read is the prefetch's; the gate reads the day again for its own room check.
    expect(api.callsOf('getAvailability')[0]?.args).toEqual({
      product_id: 'prod_party_room',
      date: NEXT_SATURDAY,
    });
    const turns = model.calls[0]?.messages.slice(2) ?? [];
    expect(turns.map((m) => m.getType())).toEqual(['ai', 'tool', 'ai', 'tool']);
    expect((turns[0] as AIMessage).tool_calls?.map((c) => c.name)).toEqual(['searchBookings']);
    // Issue 33: the call the model reads as its own follows its rules: the user's words, never a computed date,
    // and no booking_id for words that name the date.
    const dayCall = (turns[2] as AIMessage).tool_calls?.[0]?.args;
    expect(dayCall?.product_id).toBe('prod_party_room');
    expect(dayCall?.date).toMatch(/^Saturday/);
    expect(dayCall).not.toHaveProperty('booking_id');
    // Issue 14: results are booking data, delimited as such, exactly as the model's own lookups are.
    const found = turns[1] as ToolMessage;
    expect(found.text.startsWith('<booking_data>')).toBe(true);
    expect(JSON.parse(bookingDataJson(found.text)).bookings[0].booking_id).toBe('bk_1045');
  });

  it('names the booking in the prefetched availability call only for words relative to it', async () => {
    // Prepare
    const api = new FakeBookingApi();
    const model = fakeModel().respondWithTools([
      { name: 'ask_clarification', id: 'c1', args: { question: 'Which time?', missing: 'time' } },
    ]);
    const h = plannerHarness({ model, bookingApi: api, config: PREFETCH });

    // Act
    await h.send('Move BK-1045 to the day after');

    // Assess: the model reads its rule's words and the booking they are relative to; the API gets a date.
    const turns = model.calls[0]?.messages.slice(2) ?? [];
    const dayCall = (turns[2] as AIMessage | undefined)?.tool_calls?.[0]?.args;
    expect(dayCall).toEqual({ product_id: 'prod_party_room', date: 'the day after', booking_id: 'bk_1045' });
    expect(api.callsOf('getAvailability')[0]?.args.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('runs the searches for several references at once, and no availability without one booking', async () => {
    // Prepare
    const api = new FakeBookingApi();
    const model = fakeModel().respondWithTools([
      { name: 'ask_clarification', id: 'c1', args: { question: 'Which time?', missing: 'time' } },
    ]);
    const h = plannerHarness({ model, bookingApi: api, config: PREFETCH });

    // Act
    await h.send('Move BK-1042 and BK-1044 to Saturday');

    // Assess
    expect(api.callsOf('searchBookings').map((c) => c.args.search_text)).toEqual(['BK-1042', 'BK-1044']);
    expect(api.maxInFlight).toBe(2);
    expect(api.callsOf('getAvailability')).toEqual([]);
  });

  it('still refuses a value the user never said: licensing reads the user’s words, not the prefetched data', async () => {
    // Prepare: the prefetched search shows 15 guests; the model invents 18.
    const api = new FakeBookingApi();
    const model = fakeModel()
      .respondWithTools([propose('c1', { booking_id: 'bk_1045', party_size: '18' }, 'updateGuestCount')])
      .respondWithTools([propose('c2', { booking_id: 'bk_1045', party_size: '18' }, 'updateGuestCount')]);
    const h = plannerHarness({ model, bookingApi: api, config: PREFETCH });

    // Act
    const outcome = await h.send('Change the guest count on BK-1045');

    // Assess
    expect(outcome.kind).toBe('clarification');
    expect(await h.planStore.get('00000000-0000-4000-8000-000000000001')).toBeUndefined();
  });

  it('looks nothing up when the switch is off (the design before issue 32)', async () => {
    // Prepare
    const api = new FakeBookingApi();
    const model = fakeModel()
      .respondWithTools([{ name: 'searchBookings', args: { search_text: 'BK-1045' }, id: 'c1' }])
      .respondWithTools([propose('c2', { booking_id: 'bk_1045', date: 'Saturday', start_time: '3pm' })]);
    const h = plannerHarness({ model, bookingApi: api, config: { PLANNER_PREFETCH: false } });

    // Act
    const outcome = await h.send('Move BK-1045 to Saturday 3pm');

    // Assess
    expectKind(outcome, 'plan');
    expect(model.calls).toHaveLength(2);
    expect(api.callsOf('searchBookings')).toHaveLength(1);
    expect(AIMessage.isInstance(model.calls[0]?.messages.at(-1))).toBe(false);
  });
});
