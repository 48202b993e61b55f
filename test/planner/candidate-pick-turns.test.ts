import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import { OfflinePlannerModel } from '../../lib/models/offline/offline-planner-model.ts';
import type { RecordingTracer } from '../support/recording-tracer.ts';
import { FakeBookingApi, NEXT_SATURDAY } from './support/fake-booking-api.ts';
import { expectKind, params, plannerHarness, systemPromptOf } from './support/planner-harness.ts';

/** The offline model through the real planner, over the three Johns of the unit venue (two on Fri 13 Mar 11:00). */
function offline() {
  const api = new FakeBookingApi();
  return { api, ...plannerHarness({ model: new OfflinePlannerModel(), bookingApi: api }) };
}

/** The outcome of each candidate_pick event the planner traced. */
function pickOutcomes(tracer: RecordingTracer): unknown[] {
  return tracer.records
    .filter((r) => r.kind === 'event' && r.name === 'candidate_pick')
    .map((r) => (r.attrs as { metadata?: { outcome?: string } }).metadata?.outcome);
}

const ids = (candidates: { booking_id: string }[] | undefined) => candidates?.map((c) => c.booking_id);

describe('createPlanner: picking one of the offered candidates', () => {
  it('takes "2" as the second candidate and completes the open request with it', async () => {
    // Prepare
    const h = offline();
    const question = expectKind(await h.send("Move John's booking to Saturday at 3pm"), 'clarification');
    // Act
    const outcome = expectKind(await h.send('2'), 'plan');
    // Assess
    expect(ids(question.candidates)).toEqual(['bk_1042', 'bk_1043', 'bk_1044']);
    expect(outcome.plan.actions.map((a) => [a.action_id, a.parameters])).toEqual([
      ['rescheduleBooking', { booking_id: 'bk_1043', date: NEXT_SATURDAY, start_time: '15:00' }],
    ]);
    expect(h.api.callsOf('searchBookings')).toHaveLength(1);
    expect((await h.sessionStore.get('session-1'))?.offered_candidates).toBeUndefined();
  });

  it('asks again among the two on Friday, then never reads "Friday" as the new date', async () => {
    // Prepare
    const h = offline();
    await h.send("Move John's booking to Saturday at 3pm");
    // Act
    const again = expectKind(await h.send('the one on Friday'), 'clarification');
    const outcome = expectKind(await h.send('Okafor'), 'plan');
    // Assess
    expect(again.question).toMatch(/^2 of the bookings fit "the one on Friday"\. Which one/);
    expect(ids(again.candidates)).toEqual(['bk_1042', 'bk_1044']);
    expect(outcome.plan.actions[0]?.parameters).toEqual({
      booking_id: 'bk_1044',
      date: NEXT_SATURDAY,
      start_time: '15:00',
    });
    expect(pickOutcomes(h.tracer)).toEqual(['ambiguous', 'picked']);
  });

  it('asks again with every candidate when the pick fits none ("the fifth one" of three)', async () => {
    const h = offline();
    await h.send("Change John's booking to 6 guests");

    const again = expectKind(await h.send('the fifth one'), 'clarification');

    expect(again.question).toContain('There is no number 5 in the list.');
    expect(ids(again.candidates)).toEqual(['bk_1042', 'bk_1043', 'bk_1044']);
    expect((await h.sessionStore.get('session-1'))?.clarification_count).toBe(1);
  });

  it('leaves a reply that is not a pick to the model', async () => {
    const h = offline();
    await h.send("Change John's booking to 6 guests");

    const outcome = expectKind(await h.send('actually make it 7 guests'), 'clarification');

    expect(outcome.question).toMatch(/^I found 3 bookings for "John"/);
    expect(pickOutcomes(h.tracer)).toEqual([]);
  });

  it('tells any model plainly which booking was picked, and grounds its plan on it without a search', async () => {
    // Prepare: a scripted model that searches, asks, then plans for whatever the context says was picked.
    const api = new FakeBookingApi();
    const model = fakeModel()
      .respondWithTools([{ name: 'searchBookings', args: { search_text: 'John' }, id: 'c1' }])
      .respondWithTools([
        {
          name: 'ask_clarification',
          id: 'c2',
          args: {
            question: 'Which John?',
            missing: 'booking',
            candidate_booking_ids: ['bk_1042', 'bk_1043'],
          },
        },
      ])
      .respondWithTools([
        {
          name: 'propose_plan',
          id: 'c3',
          args: {
            intent_summary: 'Change BK-1043 to 6 guests',
            steps: [
              {
                action_id: 'updateGuestCount',
                parameters: params({ booking_id: 'bk_1043', party_size: '6' }),
              },
            ],
          },
        },
      ]);
    const h = plannerHarness({ model, bookingApi: api });
    await h.send("Change John's booking to 6 guests");
    // Act
    const outcome = expectKind(await h.send('John Tan'), 'plan');
    // Assess
    const prompt = systemPromptOf(model, 2);
    expect(prompt).toContain(
      "The user's latest message picks the booking below from the candidates you offered.",
    );
    expect(prompt).toContain('Picked booking: <booking_data>{"booking_id":"bk_1043","guest_name":"John Tan"');
    expect(prompt).toContain('Referenced booking: <booking_data>{"booking_id":"bk_1043"');
    expect(outcome.plan.actions[0]?.parameters).toEqual({ booking_id: 'bk_1043', party_size: 6 });
    expect(api.callsOf('searchBookings')).toHaveLength(1);
  });

  it('keeps the offered candidates in the session only while their question is open, without contact details', async () => {
    const h = offline();

    await h.send("Change John's booking to 6 guests");
    const open = await h.sessionStore.get('session-1');
    await h.send('never mind');
    const closed = await h.sessionStore.get('session-1');

    expect(ids(open?.offered_candidates)).toEqual(['bk_1042', 'bk_1043', 'bk_1044']);
    expect(JSON.stringify(open?.offered_candidates)).not.toMatch(/@|\+61/);
    expect(closed?.offered_candidates).toBeUndefined();
  });

  it('asks again, saying why, for a contact detail given before the question (masked at rest), then plans', async () => {
    // Prepare
    const h = offline();
    await h.send("Update the Smith booking's email to smith.family@example.com");
    // Act
    const again = expectKind(await h.send('Sarah Smith'), 'clarification');
    const outcome = expectKind(await h.send('smith.family@example.com'), 'plan');
    // Assess
    expect(again.question).toMatch(/^I don't keep contact details between messages/);
    expect(outcome.plan.actions[0]?.parameters).toEqual({
      booking_id: 'bk_1045',
      email: 'smith.family@example.com',
    });
    const stored = JSON.stringify((await h.sessionStore.get('session-1'))?.messages);
    expect(stored).not.toContain('smith.family@example.com');
  });
});
