import { describe, expect, it } from 'vitest';
import type { RequestOutcome } from '../../lib/planner/request-outcome.ts';
import { expectKind, plannerHarness } from './support/planner-harness.ts';
import { type Proposal, ScriptedProposalModel } from './support/scripted-proposal-model.ts';

/** A session whose model proposes, at each turn, the steps given with the message. */
function useSession() {
  const model = new ScriptedProposalModel({});
  const h = plannerHarness({ model });
  return {
    h,
    say(message: string, proposal: Proposal): Promise<RequestOutcome> {
      model.proposal = proposal;
      return h.send(message);
    },
  };
}

const planned = (outcome: RequestOutcome) =>
  expectKind(outcome, 'plan').plan.actions.map((a) => ({ action_id: a.action_id, parameters: a.parameters }));

const RESCHEDULE = {
  action_id: 'rescheduleBooking',
  parameters: { booking_id: 'bk_1042', date: 'Saturday', start_time: '3pm' },
};
const GUESTS_14 = { action_id: 'updateGuestCount', parameters: { booking_id: 'bk_1042', party_size: '14' } };

describe('issue 30: "keep/leave the <field>" never restates the pending change of that field', () => {
  it.each([
    ['keep the day as it is, but make BK-1042 14 people'],
    ['just keep the same date, BK-1042 is 14 people now'],
    ['leave it on the same day and make BK-1042 14 people'],
    ['we can keep the day. BK-1042 is 14 people now'],
  ])(
    'pending reschedule carried beside a guest count ("%s"): only the guest count is planned',
    async (message) => {
      // Prepare
      const s = useSession();
      expect(planned(await s.say('move BK-1042 to Saturday at 3pm', [RESCHEDULE]))).toEqual([
        {
          action_id: 'rescheduleBooking',
          parameters: { booking_id: 'bk_1042', date: '2026-03-14', start_time: '15:00' },
        },
      ]);

      // Act
      const outcome = await s.say(message, [RESCHEDULE, GUESTS_14]);

      // Assess
      expect(planned(outcome)).toEqual([
        { action_id: 'updateGuestCount', parameters: { booking_id: 'bk_1042', party_size: 14 } },
      ]);
    },
  );

  it.each([['keep the time please, make BK-1042 14 people'], ['same time is fine, BK-1042 is 14 people']])(
    'a time kept as it is ("%s"): the pending new time goes, the booking keeps its own',
    async (message) => {
      // Prepare: BK-1042 is at 11:00; the pending plan moves it to 15:00 on its own day.
      const s = useSession();
      const moveTime = {
        action_id: 'rescheduleBooking',
        parameters: { booking_id: 'bk_1042', date: '2026-03-13', start_time: '3pm' },
      };
      await s.say('move BK-1042 to 3pm', [moveTime]);

      // Act
      const outcome = await s.say(message, [moveTime, GUESTS_14]);

      // Assess
      expect(planned(outcome)).toEqual([
        { action_id: 'updateGuestCount', parameters: { booking_id: 'bk_1042', party_size: 14 } },
      ]);
    },
  );
});

describe('issue 30: a refusal keeps no pending value it does not restate, inside a merged step too', () => {
  const EMAIL = { booking_id: 'bk_1042', email: 'jsmith.new@example.com' };

  it.each([
    ['nope, wrong one. put the phone for BK-1042 as 0412 555 777'],
    ['not that. the phone on BK-1042 is 0412 555 777'],
    ["no — don't change the email; BK-1042's phone is 0412 555 777"],
  ])('pending email merged with a new phone ("%s"): the plan holds the phone only', async (message) => {
    // Prepare
    const s = useSession();
    await s.say('update the email on BK-1042 to jsmith.new@example.com', [
      { action_id: 'updateContactDetails', parameters: EMAIL },
    ]);

    // Act
    const outcome = await s.say(message, [
      { action_id: 'updateContactDetails', parameters: { ...EMAIL, phone: '0412 555 777' } },
    ]);

    // Assess
    const steps = planned(outcome);
    expect(steps).toHaveLength(1);
    expect(steps[0]?.action_id).toBe('updateContactDetails');
    expect(steps[0]?.parameters).not.toHaveProperty('email');
    expect(steps[0]?.parameters).toEqual({ booking_id: 'bk_1042', phone: '+61412555777' });
  });

  it('a refused value the message states again stays', async () => {
    // Prepare
    const s = useSession();
    await s.say('update the email on BK-1042 to jsmith.new@example.com', [
      { action_id: 'updateContactDetails', parameters: EMAIL },
    ]);

    // Act
    const outcome = await s.say('no, jsmith.new@example.com and the phone 0412 555 777 for BK-1042', [
      { action_id: 'updateContactDetails', parameters: { ...EMAIL, phone: '0412 555 777' } },
    ]);

    // Assess
    expect(planned(outcome)).toEqual([
      {
        action_id: 'updateContactDetails',
        parameters: { booking_id: 'bk_1042', email: 'jsmith.new@example.com', phone: '+61412555777' },
      },
    ]);
  });
});

describe('issue 30: a booking the user calls fine keeps none of its pending changes', () => {
  it.each([
    ["no wait, Sarah's one is fine. it's BK-1042 that should be 14"],
    ['sorry, Sarah is fine. make BK-1042 14 guests instead'],
  ])('the pending count repeated for another booking ("%s") stays off the first', async (message) => {
    // Prepare: the pending plan makes Sarah Smith's BK-1045 14 guests.
    const s = useSession();
    const sarah14 = {
      action_id: 'updateGuestCount',
      parameters: { booking_id: 'bk_1045', party_size: '14' },
    };
    await s.say('make BK-1045 14 guests', [sarah14]);

    // Act
    const outcome = await s.say(message, [sarah14, GUESTS_14]);

    // Assess
    expect(planned(outcome)).toEqual([
      { action_id: 'updateGuestCount', parameters: { booking_id: 'bk_1042', party_size: 14 } },
    ]);
  });
});

describe('issue 30: an amendment still keeps the pending plan', () => {
  it('"actually make it 4pm" keeps the pending date', async () => {
    // Prepare
    const s = useSession();
    await s.say('move BK-1042 to Saturday at 3pm', [RESCHEDULE]);

    // Act
    const outcome = await s.say('actually make it 4pm', [
      {
        action_id: 'rescheduleBooking',
        parameters: { booking_id: 'bk_1042', date: '2026-03-14', start_time: '4pm' },
      },
    ]);

    // Assess
    expect(planned(outcome)).toEqual([
      {
        action_id: 'rescheduleBooking',
        parameters: { booking_id: 'bk_1042', date: '2026-03-14', start_time: '16:00' },
      },
    ]);
  });

  it('"also …" keeps the other pending step beside the new one', async () => {
    // Prepare
    const s = useSession();
    await s.say('move BK-1042 to Saturday at 3pm', [RESCHEDULE]);

    // Act
    const outcome = await s.say('also make it 14 people', [RESCHEDULE, GUESTS_14]);

    // Assess
    expect(planned(outcome)).toEqual([
      {
        action_id: 'rescheduleBooking',
        parameters: { booking_id: 'bk_1042', date: '2026-03-14', start_time: '15:00' },
      },
      { action_id: 'updateGuestCount', parameters: { booking_id: 'bk_1042', party_size: 14 } },
    ]);
  });
});

describe('issue 30: a bare "no, …" that corrects a value of the pending step is an amendment (rule 7)', () => {
  it.each([
    ['no, make it 4pm', '4pm', '16:00'],
    ['nope, 4pm instead', '4pm', '16:00'],
    ['hmm no sorry, I said 10am', '10am', '10:00'],
  ])(
    'pending move to Saturday at 3pm, then "%s": Saturday stays, only the time changes',
    async (message, time, hhmm) => {
      // Prepare
      const s = useSession();
      await s.say('move BK-1042 to Saturday at 3pm', [RESCHEDULE]);

      // Act: the model keeps the pending step's date, as rule 7 says.
      const outcome = await s.say(message, [
        {
          action_id: 'rescheduleBooking',
          parameters: { booking_id: 'bk_1042', date: 'Saturday', start_time: time },
        },
      ]);

      // Assess
      expect(planned(outcome)).toEqual([
        {
          action_id: 'rescheduleBooking',
          parameters: {
            booking_id: 'bk_1042',
            date: '2026-03-14',
            start_time: hhmm,
          },
        },
      ]);
    },
  );

  it('"no, keep the date, make it 4pm" refuses the pending date outright: the booking keeps its own day', async () => {
    // Prepare: BK-1042 is on Fri 13 Mar at 11:00.
    const s = useSession();
    await s.say('move BK-1042 to Saturday at 3pm', [RESCHEDULE]);

    // Act
    const outcome = await s.say('no, keep the date, make it 4pm', [
      {
        action_id: 'rescheduleBooking',
        parameters: { booking_id: 'bk_1042', date: 'Saturday', start_time: '4pm' },
      },
    ]);

    // Assess
    expect(planned(outcome)).toEqual([
      {
        action_id: 'rescheduleBooking',
        parameters: { booking_id: 'bk_1042', date: '2026-03-13', start_time: '16:00' },
      },
    ]);
  });

  it('"no, …" with a change of another action drops the pending step it does not restate', async () => {
    // Prepare
    const s = useSession();
    await s.say('move BK-1042 to Saturday at 3pm', [RESCHEDULE]);

    // Act
    const outcome = await s.say('no, BK-1042 is 14 people now', [RESCHEDULE, GUESTS_14]);

    // Assess
    expect(planned(outcome)).toEqual([
      { action_id: 'updateGuestCount', parameters: { booking_id: 'bk_1042', party_size: 14 } },
    ]);
  });
});

describe('issue 30: a change named only to refuse it is not asked for again', () => {
  const NOTE = {
    action_id: 'addBookingNote',
    parameters: { booking_id: 'bk_1042', text: 'needs a high chair for the baby' },
  };

  it.each([
    ['actually forget the note, just make BK-1042 14 people'],
    ["don't bother with the note. BK-1042 is 14 people now"],
  ])('pending note, then "%s": only the guest count is planned', async (message) => {
    // Prepare
    const s = useSession();
    await s.say('add a note to BK-1042: needs a high chair for the baby', [NOTE]);

    // Act: the model carries the pending note beside the new count.
    const outcome = await s.say(message, [NOTE, GUESTS_14]);

    // Assess
    expect(planned(outcome)).toEqual([
      { action_id: 'updateGuestCount', parameters: { booking_id: 'bk_1042', party_size: 14 } },
    ]);
  });
});
