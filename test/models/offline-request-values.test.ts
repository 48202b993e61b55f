import { describe, expect, it } from 'vitest';
import { extractSlots, refusesPaymentLink } from '../../lib/models/offline/extract-slots.ts';
import { noteTextOf } from '../../lib/models/offline/note-text.ts';
import { OfflinePlannerModel } from '../../lib/models/offline/offline-planner-model.ts';
import type { ActionCall, ActionOutcome } from '../../lib/ports/booking-api.ts';
import { FakeBookingApi } from '../planner/support/fake-booking-api.ts';
import { expectKind, plannerHarness } from '../planner/support/planner-harness.ts';

/**
 * Issue 30: the offline model reads the values operators type, by classes of wording: the new date after the word
 * that points at it, a booking then a date it ends on, phones wherever they stand, spelling fixes, notes said
 * before a bare instruction, in quotes, or replacing an old note. The clock is Wednesday 11 March 2026 (Sydney);
 * BK-1045 is Sarah Smith, Tuesday 17 March 10:00, 15 guests.
 */

/** getBooking answers with two notes, so a note can be picked by its words. */
class NotesApi extends FakeBookingApi {
  override async invoke(call: ActionCall): Promise<ActionOutcome> {
    const outcome = await super.invoke(call);
    if (call.action.action_id !== 'getBooking' || !outcome.ok) return outcome;
    const notes = [
      { note_id: 'n1', text: 'Bringing balloons', created_at: '2026-03-01T00:00:00Z' },
      { note_id: 'n2', text: 'Vegan cake for two', created_at: '2026-03-02T00:00:00Z' },
    ];
    return { ...outcome, data: { ...(outcome.data as Record<string, unknown>), notes } };
  }
}

function offline(api: FakeBookingApi = new FakeBookingApi()) {
  return { api, ...plannerHarness({ model: new OfflinePlannerModel(), bookingApi: api }) };
}

async function planned(message: string, api?: FakeBookingApi) {
  const h = offline(api);
  const outcome = expectKind(await h.send(message), 'plan');
  return outcome.plan.actions.map((a) => ({ action: a.action_id, ...a.parameters }));
}

/** Plans `message` offline and expects one move of BK-1045 to `date` at `time`. */
async function expectMove(message: string, date: string, time: string) {
  // Prepare, Act
  const steps = await planned(message);

  // Assess
  expect(steps).toEqual([{ action: 'rescheduleBooking', booking_id: 'bk_1045', date, start_time: time }]);
}

describe('OfflinePlannerModel: the new date and time', () => {
  it.each([
    ['BK-1045 booked for Tuesday, change it to Thursday same time', '2026-03-12', '10:00'],
    ['BK-1045 Tue 17th -> Thu 19th at 4pm', '2026-03-19', '16:00'],
    ['Sarah Smith had Tuesday, can they go into Friday at 3pm', '2026-03-13', '15:00'],
  ])(
    '"%s" moves to the date after the word that points at it, not the one that describes the booking',
    expectMove,
  );

  it.each([
    ['Sarah Smith: Thursday 19 March at 4pm thanks', '2026-03-19', '16:00'],
    ['BK-1045 - Friday at half 12', '2026-03-13', '12:30'],
    ['Sarah Smith, same day but 4pm please', '2026-03-17', '16:00'],
  ])('"%s": a booking then a date or time that ends the message is a move there', expectMove);

  it.each([
    ["push Sarah Smith's party back a week, same time", '2026-03-24', '10:00'],
    ['push Sarah Smith back two days', '2026-03-19', '10:00'],
  ])('"%s": a move by a span with the booking named inside it', expectMove);

  it('reads "make it …" at the end of a message as the new date and time, after what it replaces', async () => {
    // Prepare, Act
    const steps = await planned('BK-1045: not Tuesday any more. make it Thursday at 4pm');

    // Assess
    expect(steps).toEqual([
      { action: 'rescheduleBooking', booking_id: 'bk_1045', date: '2026-03-12', start_time: '16:00' },
    ]);
  });

  it('reads "what about 4pm" after a question about the time as the new time', async () => {
    // Prepare
    const h = offline();
    expectKind(await h.send('BK-1045 -> Thursday at 11'), 'clarification');

    // Act
    const outcome = expectKind(await h.send('ok what about 4pm'), 'plan');

    // Assess
    expect(outcome.plan.actions.map((a) => a.parameters)).toEqual([
      { booking_id: 'bk_1045', date: '2026-03-12', start_time: '16:00' },
    ]);
  });

  it('keeps the booking time for a move of the date by days or weeks', async () => {
    // Prepare, Act
    const steps = await planned('BK-1045, two days later please');

    // Assess
    expect(steps).toEqual([
      { action: 'rescheduleBooking', booking_id: 'bk_1045', date: '2026-03-19', start_time: '10:00' },
    ]);
  });

  it('keeps the booking time for "same session" beside a new date', async () => {
    // Prepare, Act
    const steps = await planned('please shift BK-1045 to Thursday, same session');

    // Assess
    expect(steps).toEqual([
      { action: 'rescheduleBooking', booking_id: 'bk_1045', date: '2026-03-12', start_time: '10:00' },
    ]);
  });

  it('reads "moving interstate" as the reason for a cancellation, not a move', async () => {
    // Prepare, Act
    const steps = await planned("cancel BK-1045, they're moving interstate");

    // Assess
    expect(steps).toEqual([{ action: 'cancelBooking', booking_id: 'bk_1045' }]);
  });

  it('drops the pending note the user no longer wants and plans the rest', async () => {
    // Prepare
    const h = offline();
    expectKind(await h.send("BK-1045: add a note 'magician at 2'"), 'plan');

    // Act
    const outcome = expectKind(
      await h.send("don't bother with the note. the party is moving to Thursday at 4pm"),
      'plan',
    );

    // Assess
    expect(outcome.plan.actions.map((a) => [a.action_id, a.parameters])).toEqual([
      ['rescheduleBooking', { booking_id: 'bk_1045', date: '2026-03-12', start_time: '16:00' }],
    ]);
  });

  it('keeps reading a booking then a date as a description when the message asks something else', () => {
    // Prepare, Act
    const slots = extractSlots('Sarah Smith on Tuesday: the guest count is 18 now');

    // Assess
    expect(slots.movesTo).toBeUndefined();
    expect(slots.partySize).toBe(18);
  });
});

describe('OfflinePlannerModel: contact details as typed', () => {
  it.each([
    ['Sarah Smith mob 0411 222 333', '+61411222333'],
    ['BK-1045 tel (02) 9876 5432', '+61298765432'],
    ['Sarah Smith, 0411.222.333', '+61411222333'],
  ])('"%s" is a new phone number (stored as %s), with or without a word for it', async (message, phone) => {
    // Prepare, Act
    const steps = await planned(message);

    // Assess
    expect(steps).toEqual([{ action: 'updateContactDetails', booking_id: 'bk_1045', phone }]);
  });

  it.each([
    ["typo in BK-1045's name, it's Sara Smith", 'Sara Smith'],
    ['BK-1045: the surname is wrong, should be Sarah Smyth', 'Sarah Smyth'],
    ["Sarah Smith's name is misspelled - Sarah Smythe", undefined],
  ])('"%s" corrects the guest name only when the new name is said after a spelling cue', (message, name) => {
    // Prepare, Act
    const slots = extractSlots(message);

    // Assess
    expect(slots.newName).toBe(name);
  });

  it('plans a spelling fix of the guest name', async () => {
    // Prepare, Act
    const steps = await planned("typo in BK-1045's name, it's Sara Smith");

    // Assess
    expect(steps).toEqual([
      { action: 'updateContactDetails', booking_id: 'bk_1045', guest_name: 'Sara Smith' },
    ]);
  });

  it('asks for the phone when the digits after "mobile" are too few to be one', async () => {
    // Prepare
    const h = offline();

    // Act
    const outcome = expectKind(await h.send('BK-1045 mobile 0411 22'), 'clarification');

    // Assess
    expect(outcome).toMatchObject({ reply_type: 'question', asks_for: 'contact' });
  });
});

describe('OfflinePlannerModel: note text', () => {
  it.each([
    ['BK-1045: mum uses a wheelchair, could you add a note', 'mum uses a wheelchair'],
    ['BK-1045 - the dad will pay on the day, add to notes', 'The dad will pay on the day'],
    ["BK-1045 add a note 'arriving by bus'", 'arriving by bus'],
    [
      'Sarah Smith: they are bringing a piñata, jot that down on the booking please',
      'they are bringing a piñata',
    ],
    ['BK-1045: add a note the twins are turning 7', 'the twins are turning 7'],
    ["note for BK-1045 - they'll bring their own candles", "they'll bring their own candles"],
  ])('"%s" adds the note "%s"', async (message, text) => {
    // Prepare, Act
    const steps = await planned(message);

    // Assess
    expect(steps).toEqual([{ action: 'addBookingNote', booking_id: 'bk_1045', text }]);
  });

  it('replaces the note the words name with the new words', async () => {
    // Prepare, Act
    const steps = await planned(
      "BK-1045: swap the balloons note with 'No balloons, latex allergy'",
      new NotesApi(),
    );

    // Assess
    expect(steps).toEqual([
      { action: 'addBookingNote', booking_id: 'bk_1045', text: 'No balloons, latex allergy' },
      { action: 'deleteBookingNote', booking_id: 'bk_1045', note_id: 'n1' },
    ]);
  });

  it.each(['BK-1045 - the balloons note is out of date, get rid of it', 'BK-1045: ditch the balloons note'])(
    '"%s" removes the note it names and adds none',
    async (message) => {
      // Prepare, Act
      const steps = await planned(message, new NotesApi());

      // Assess
      expect(steps).toEqual([{ action: 'deleteBookingNote', booking_id: 'bk_1045', note_id: 'n1' }]);
    },
  );

  it('reads no note from an apostrophe inside a word or from a bare instruction', () => {
    // Prepare, Act, Assess
    expect(noteTextOf("Add a note, they're early")).toBe("they're early");
    expect(noteTextOf('Could you add a note')).toBeUndefined();
  });
});

describe('OfflinePlannerModel: guest counts', () => {
  it('asks how many guests when the numbers are to change but none is given', async () => {
    // Prepare
    const h = offline();

    // Act
    const outcome = expectKind(await h.send("please update Sarah Smith's numbers"), 'clarification');

    // Assess
    expect(outcome).toMatchObject({ reply_type: 'question', asks_for: 'party_size' });
  });
});

describe('OfflinePlannerModel: a new reservation', () => {
  it.each([
    [
      '"another booking for", the product named in full, "already paid" as no link',
      "another booking for Jo Bloggs - Laser Tag Arena on Saturday at 3pm, party of 6, they've already paid",
    ],
    [
      '"pop in a … booking for", "no payment link"',
      'could you pop in a Laser Tag Arena booking for Saturday at 3pm, 6 people, Jo Bloggs, no payment link',
    ],
  ])('reads %s as a new reservation without a link', async (_what, message) => {
    // Prepare, Act
    const steps = await planned(message);

    // Assess
    expect(steps).toEqual([
      {
        action: 'createBooking',
        product_id: 'prod_laser_tag',
        date: '2026-03-14',
        start_time: '15:00',
        party_size: 6,
        guest_name: 'Jo Bloggs',
      },
    ]);
  });

  it.each([
    ['he is paying at the desk', true],
    ['paid in full', true],
    ["don't forget the payment link", false],
    ['send the payment link', false],
  ])('"%s" refuses a payment link: %s', (words, refuses) => {
    // Prepare, Act, Assess
    expect(refusesPaymentLink(words)).toBe(refuses);
  });
});
