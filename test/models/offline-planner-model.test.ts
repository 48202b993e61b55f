import { describe, expect, it } from 'vitest';
import { OfflinePlannerModel } from '../../lib/models/offline/offline-planner-model.ts';
import { decideOfflineCall } from '../../lib/models/offline/offline-policy.ts';
import { CANNOT_REPAIR } from '../../lib/models/offline/offline-replies.ts';
import { CANCELLED_MESSAGE } from '../../lib/planner/graph/nodes/cancel.ts';
import { FakeBookingApi, NEXT_SATURDAY } from '../planner/support/fake-booking-api.ts';
import { expectKind, plannerHarness } from '../planner/support/planner-harness.ts';

/** The offline model through the real planner (graph, resolver, gate) over the in-process booking API. */
function offline() {
  const api = new FakeBookingApi();
  return { api, ...plannerHarness({ model: new OfflinePlannerModel(), bookingApi: api }) };
}

describe('OfflinePlannerModel: coverage sentences (docs/models.md)', () => {
  it.each([
    [
      "Move John Smith's booking to Saturday at 3pm",
      'rescheduleBooking',
      { booking_id: 'bk_1042', date: NEXT_SATURDAY, start_time: '15:00' },
    ],
    [
      'Reschedule BK-1043 to Friday at 10am',
      'rescheduleBooking',
      { booking_id: 'bk_1043', date: '2026-03-13', start_time: '10:00' },
    ],
    [
      'Move the booking for Aisha Khan to tomorrow morning',
      'rescheduleBooking',
      { booking_id: 'bk_1046', date: '2026-03-12', start_time: '10:00' },
    ],
    [
      "Change Sarah Smith's booking to 18 guests",
      'updateGuestCount',
      { booking_id: 'bk_1045', party_size: 18 },
    ],
    ['Add two more guests to BK-1044', 'updateGuestCount', { booking_id: 'bk_1044', party_size: 6 }],
    [
      "Update John Tan's email to john.tan@newmail.com",
      'updateContactDetails',
      { booking_id: 'bk_1043', email: 'john.tan@newmail.com' },
    ],
    [
      'The phone number for BK-1045 is now 0412 345 678',
      'updateContactDetails',
      { booking_id: 'bk_1045', phone: '+61412345678' },
    ],
    [
      'Change the name on BK-1046 to Aisha Rahman Khan',
      'updateContactDetails',
      { booking_id: 'bk_1046', guest_name: 'Aisha Rahman Khan' },
    ],
  ])('"%s" → %s', async (sentence, actionId, parameters) => {
    // Prepare
    const h = offline();

    // Act
    const outcome = expectKind(await h.send(sentence), 'plan');

    // Assess
    expect(outcome.plan.actions.map((a) => [a.action_id, a.parameters])).toEqual([[actionId, parameters]]);
  });

  it('plans two changes said in one sentence', async () => {
    const h = offline();
    const outcome = expectKind(await h.send('Move BK-1045 to Saturday at 3pm and make it 18 guests'), 'plan');
    expect(outcome.plan.actions.map((a) => a.action_id)).toEqual(['rescheduleBooking', 'updateGuestCount']);
  });

  it('asks which John when several match, then plans with the chosen booking', async () => {
    // Prepare
    const h = offline();

    // Act
    const question = expectKind(await h.send("Move John's party to Saturday at 3pm"), 'clarification');
    const plan = expectKind(await h.send('BK-1044'), 'plan');

    // Assess
    expect(question.question).toBe('I found 3 bookings for "John". Which one do you mean?');
    expect(question.candidates?.map((c) => c.guest_name)).toEqual(['John Smith', 'John Tan', 'John Okafor']);
    expect(plan.plan.actions[0]?.parameters).toEqual({
      booking_id: 'bk_1044',
      date: NEXT_SATURDAY,
      start_time: '15:00',
    });
  });

  it('asks for the guest count instead of assuming it, then uses the answer', async () => {
    // Prepare
    const h = offline();

    // Act
    const question = expectKind(
      await h.send("Change the guest count on Sarah Smith's booking"),
      'clarification',
    );
    const plan = expectKind(await h.send('16'), 'plan');

    // Assess
    expect(question.question).toBe('How many guests should BK-1045 (Sarah Smith) be for?');
    expect(plan.plan.actions[0]?.parameters).toEqual({ booking_id: 'bk_1045', party_size: 16 });
  });

  it('asks for the new contact details when none are given', async () => {
    const h = offline();
    const outcome = expectKind(
      await h.send("Update the contact details on John Tan's booking"),
      'clarification',
    );
    expect(outcome.question).toBe(
      'What are the new contact details for BK-1043 (John Tan): email, phone or guest name?',
    );
  });

  it('amends the pending plan: "actually make it 4pm" keeps the booking and date', async () => {
    // Prepare
    const h = offline();
    const first = expectKind(await h.send("Move John Smith's booking to Saturday at 3pm"), 'plan');

    // Act
    const second = expectKind(await h.send('actually make it 4pm'), 'plan');

    // Assess
    expect(second.plan.actions[0]?.parameters).toEqual({
      booking_id: 'bk_1042',
      date: NEXT_SATURDAY,
      start_time: '16:00',
    });
    expect((await h.planStore.get(first.plan.plan_id))?.invalidated_reason).toBe('superseded');
    expect(h.api.callsOf('searchBookings')).toHaveLength(1);
  });

  it('adds a change to the pending plan of the same booking', async () => {
    const h = offline();
    await h.send("Move John Smith's booking to Saturday at 3pm");
    const second = expectKind(await h.send('and make it 14 guests'), 'plan');
    expect(second.plan.actions.map((a) => a.action_id)).toEqual(['rescheduleBooking', 'updateGuestCount']);
  });

  it('says no matching booking was found, with what to try', async () => {
    const h = offline();
    const outcome = expectKind(await h.send("Move Zed Zebra's booking to Friday at 10am"), 'clarification');
    expect(outcome.question).toBe(
      'No matching booking found for "Zed Zebra". Could you check the spelling, or give the booking reference (e.g. BK-1042)?',
    );
  });

  it('asks which booking when none is named or in context', async () => {
    const h = offline();
    const outcome = expectKind(await h.send('Move it to Saturday at 3pm'), 'clarification');
    expect(outcome.question).toMatch(/^Which booking should I change\?/);
  });

  it('declines what it cannot do, saying what it can', async () => {
    const h = offline();
    const outcome = expectKind(await h.send("What's the weather like tomorrow?"), 'clarification');
    expect(outcome.question).toMatch(
      /^I can't plan that request. I can .*reschedule booking.*update guest count, naming the booking.$/,
    );
    expect(h.api.calls).toEqual([]);
  });

  it('hands a change of mind to the planner (keywords short-circuit before it is even asked)', async () => {
    const h = offline();
    await h.send("Move John Smith's booking to Saturday at 3pm");
    expect(await h.send('never mind')).toEqual({
      kind: 'clarification',
      question: CANCELLED_MESSAGE,
      reply_type: 'cancelled',
    });
  });

  it('keeps the pending plan when a keyword is only part of an instruction ("don\'t forget")', async () => {
    // Prepare
    const h = offline();
    const first = expectKind(await h.send('Move BK-1042 to Saturday at 3pm'), 'plan');

    // Act
    const outcome = await h.send("Move BK-1042 to Saturday, and don't forget that it's 18 guests now");

    // Assess
    expect(outcome).not.toEqual({
      kind: 'clarification',
      question: CANCELLED_MESSAGE,
      reply_type: 'cancelled',
    });
    expect((await h.planStore.get(first.plan.plan_id))?.invalidated_reason).not.toBe('cancelled_by_user');
  });
});

/** Issue 15: the offline model passes the user's date words as written; the planner resolves them or asks. */
describe('OfflinePlannerModel: dates and times', () => {
  it('moves to "the 3rd at 3 in the afternoon" and shows the resolved date in the summary', async () => {
    // Prepare (now: Wednesday 11 March 2026; 3 March is more than a week past, so the 3rd is 3 April)
    const h = offline();

    // Act
    const outcome = expectKind(await h.send('Move BK-1043 to the 3rd at 3 in the afternoon'), 'plan');

    // Assess
    expect(outcome.plan.actions[0]?.parameters).toEqual({
      booking_id: 'bk_1043',
      date: '2026-04-03',
      start_time: '15:00',
    });
    expect(outcome.presentation.intent_summary).toBe(outcome.presentation.steps[0]?.line);
    expect(outcome.presentation.intent_summary).toContain('BK-1043 (John Tan)');
    expect(outcome.presentation.intent_summary).toContain('Fri 3 Apr 15:00');
  });

  it('asks about a date it found but cannot resolve, instead of keeping the booking’s date', async () => {
    const h = offline();
    const outcome = expectKind(await h.send('Move BK-1043 to the 35th at 3pm'), 'clarification');
    expect(outcome.question).toBe('“the 35th at 3pm” is not a date in the calendar. Which date do you mean?');
  });

  it('takes the new date, not the one after "from"', async () => {
    const h = offline();
    const outcome = expectKind(await h.send('Move BK-1043 from Monday to Friday at 10am'), 'plan');
    expect(outcome.plan.actions[0]?.parameters).toMatchObject({ date: '2026-03-13', start_time: '10:00' });
  });

  it('never quotes the validation gate’s rejection to the user', () => {
    // Prepare
    const rejection = 'The plan was rejected by validation:\n- step 1: date: "the 3rd" names no day';

    // Act
    const call = decideOfflineCall(
      {
        current: 'Move BK-1043 to the 3rd',
        earlier: [],
        aiCount: 2,
        rejection,
        searches: new Map(),
        details: new Map(),
        locale: 'en-AU',
      },
      { names: new Set(['searchBookings']), planActions: new Set(['rescheduleBooking']) },
    );

    // Assess
    expect(call).toEqual({ name: 'ask_clarification', args: { question: CANNOT_REPAIR, missing: 'other' } });
    expect(JSON.stringify(call)).not.toMatch(/step 1|names no day|rejected/);
  });
});
