import { ToolMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import { bookingDataJson } from '../../lib/contracts/booking-data-block.ts';
import { FakeBookingApi } from './support/fake-booking-api.ts';
import {
  expectKind,
  lastInputOf,
  params,
  plannerHarness,
  systemPromptOf,
} from './support/planner-harness.ts';

const reschedule = (id: string, bookingId: string, time = '15:00') => ({
  name: 'propose_plan',
  id,
  args: {
    intent_summary: 'Move the booking to Saturday',
    steps: [
      {
        action_id: 'rescheduleBooking',
        parameters: params({ booking_id: bookingId, date: 'Saturday', start_time: time }),
      },
    ],
  },
});

/** 000 Booking Resolution Flow: context first, then fuzzy search; one, several or no matches. */
describe('createPlanner: booking resolution', () => {
  it('runs the model’s search and feeds the matches back to it as a tool result', async () => {
    // Prepare
    const api = new FakeBookingApi();
    const model = fakeModel()
      .respondWithTools([{ name: 'searchBookings', args: { search_text: 'Sarah' }, id: 'c1' }])
      .respondWithTools([reschedule('c2', 'bk_1045')]);
    const h = plannerHarness({ model, bookingApi: api });

    // Act
    await h.send("Move Sarah's party to Saturday 3pm");

    // Assess
    expect(api.callsOf('searchBookings').map((c) => c.args)).toEqual([{ search_text: 'Sarah' }]);
    const fed = lastInputOf(model, 1) as ToolMessage;
    expect(ToolMessage.isInstance(fed)).toBe(true);
    expect(
      JSON.parse(bookingDataJson(fed.text)).bookings.map((b: { booking_id: string }) => b.booking_id),
    ).toEqual(['bk_1045']);
  });

  it('uses the booking referenced earlier in the session without searching again (context first)', async () => {
    // Prepare
    const api = new FakeBookingApi();
    const model = fakeModel()
      .respondWithTools([{ name: 'searchBookings', args: { search_text: 'John Smith' }, id: 'c1' }])
      .respondWithTools([reschedule('c2', 'bk_1042')])
      .respondWithTools([
        {
          name: 'propose_plan',
          id: 'c3',
          args: {
            intent_summary: 'Same move, 14 guests',
            steps: [
              {
                action_id: 'rescheduleBooking',
                parameters: params({ booking_id: 'bk_1042', date: '2026-03-14', start_time: '15:00' }),
              },
              {
                action_id: 'updateGuestCount',
                parameters: params({ booking_id: 'bk_1042', party_size: '14' }),
              },
            ],
          },
        },
      ]);
    const h = plannerHarness({ model, bookingApi: api });
    await h.send("Move John Smith's booking to Saturday at 3pm");

    // Act
    const outcome = expectKind(await h.send('Also make it 14 guests'), 'plan');

    // Assess
    expect(api.callsOf('searchBookings')).toHaveLength(1);
    const secondTurn = model.calls[2]?.messages ?? [];
    expect(systemPromptOf(model, 2)).toContain('Referenced booking: <booking_data>{"booking_id":"bk_1042"');
    expect(secondTurn.map((m) => m.text)).toContain("Move John Smith's booking to Saturday at 3pm");
    expect(outcome.plan.actions.map((a) => a.parameters.booking_id)).toEqual(['bk_1042', 'bk_1042']);
  });

  it('asks which booking when several match, listing them as BookingSummary candidates', async () => {
    // Prepare
    const model = fakeModel()
      .respondWithTools([{ name: 'searchBookings', args: { search_text: 'John' }, id: 'c1' }])
      .respondWithTools([
        {
          name: 'ask_clarification',
          id: 'c2',
          args: { question: 'Which John do you mean?', missing: 'booking' },
        },
      ]);
    const h = plannerHarness({ model });

    // Act
    const outcome = expectKind(await h.send("Move John's booking to Saturday"), 'clarification');

    // Assess
    expect(outcome.question).toBe('Which John do you mean?');
    expect(outcome.candidates).toEqual([
      {
        booking_id: 'bk_1042',
        guest_name: 'John Smith',
        booking_date: '2026-03-13',
        booking_time: '11:00',
        party_size: 12,
        status: 'confirmed',
        display_label: 'BK-1042 · John Smith · Fri 13 Mar 11:00 · 12 guests · confirmed',
      },
      expect.objectContaining({ booking_id: 'bk_1043', guest_name: 'John Tan', booking_date: '2026-03-16' }),
      expect.objectContaining({ booking_id: 'bk_1044', guest_name: 'John Okafor', booking_time: '11:00' }),
    ]);
    expect((await h.sessionStore.get('session-1'))?.clarification_count).toBe(1);
  });

  it('keeps only candidates the lookups returned, and proceeds once the user picks one', async () => {
    // Prepare
    const model = fakeModel()
      .respondWithTools([{ name: 'searchBookings', args: { search_text: 'John' }, id: 'c1' }])
      .respondWithTools([
        {
          name: 'ask_clarification',
          id: 'c2',
          args: {
            question: 'Which one?',
            missing: 'booking',
            candidate_booking_ids: ['bk_1043', 'bk_invented'],
          },
        },
      ])
      .respondWithTools([{ name: 'searchBookings', args: { search_text: 'BK-1043' }, id: 'c3' }])
      .respondWithTools([reschedule('c4', 'bk_1043', '10:00')]);
    const h = plannerHarness({ model });

    // Act
    const question = expectKind(await h.send("Move John's booking to Saturday at 10"), 'clarification');
    const plan = expectKind(await h.send('BK-1043'), 'plan');

    // Assess
    expect(question.candidates?.map((c) => c.booking_id)).toEqual(['bk_1043']);
    expect(plan.plan.actions[0]?.parameters.booking_id).toBe('bk_1043');
    const session = await h.sessionStore.get('session-1');
    expect(session?.clarification_count).toBe(0);
    expect(session?.referenced_booking?.guest_name).toBe('John Tan');
  });

  it('says "no matching booking found" with what to try when the search finds nothing', async () => {
    // Prepare
    const model = fakeModel()
      .respondWithTools([{ name: 'searchBookings', args: { search_text: 'Zed Zebra' }, id: 'c1' }])
      .respondWithTools([
        {
          name: 'ask_clarification',
          id: 'c2',
          args: { question: 'Could you check the name?', missing: 'booking' },
        },
      ]);
    const h = plannerHarness({ model });

    // Act
    const outcome = expectKind(await h.send("Move Zed Zebra's booking to Friday"), 'clarification');

    // Assess
    expect(outcome.question).toBe('No matching booking found for "Zed Zebra". Could you check the name?');
    expect(outcome.suggestions).toEqual([
      "Check the spelling of the guest's name",
      'Give the booking reference, e.g. BK-1042',
      'Add the date of the booking',
    ]);
    expect(outcome.candidates).toBeUndefined();
  });

  it('runs the independent lookups of one model reply concurrently', async () => {
    // Prepare
    const api = new FakeBookingApi();
    const model = fakeModel()
      .respondWithTools([
        { name: 'searchBookings', args: { search_text: 'John Smith' }, id: 'c1' },
        { name: 'searchBookings', args: { search_text: 'Sarah Smith' }, id: 'c2' },
      ])
      .respondWithTools([reschedule('c3', 'bk_1042')]);
    const h = plannerHarness({ model, bookingApi: api });

    // Act
    await h.send('Swap the John Smith and Sarah Smith bookings? Start with John to Saturday 3pm');

    // Assess
    expect(api.callsOf('searchBookings')).toHaveLength(2);
    expect(api.maxInFlight).toBe(2);
    const results = (model.calls[1]?.messages ?? []).filter((m) =>
      ToolMessage.isInstance(m),
    ) as ToolMessage[];
    expect(results.map((m) => m.tool_call_id)).toEqual(['c1', 'c2']);
    expect(systemPromptOf(model, 0)).toContain('Actions for plan steps:');
  });
});
