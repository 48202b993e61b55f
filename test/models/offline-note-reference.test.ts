import { describe, expect, it } from 'vitest';
import { extractSlots, refusesPaymentLink } from '../../lib/models/offline/extract-slots.ts';
import { correctedName } from '../../lib/models/offline/name-match.ts';
import { noteTextOf } from '../../lib/models/offline/note-text.ts';
import { OfflinePlannerModel } from '../../lib/models/offline/offline-planner-model.ts';
import { withoutSignOff } from '../../lib/models/offline/sign-off.ts';
import { expectKind, plannerHarness } from '../planner/support/planner-harness.ts';

/**
 * The note a message asks for, by classes of wording: an instruction that points back ("note that", "pop that on
 * there") followed only by a place or purpose notes the clause before it; "a note that …" notes what follows; a
 * note only mentioned asks for none; a guest who paid ahead gets no payment link. BK-1045 is Sarah Smith, 15 guests.
 */

async function planned(message: string) {
  const h = plannerHarness({ model: new OfflinePlannerModel() });
  const outcome = expectKind(await h.send(message), 'plan');
  return outcome.plan.actions.map((a) => ({ action: a.action_id, ...a.parameters }));
}

describe('noteTextOf: a pointing-back instruction with a tail', () => {
  it.each([
    [
      'BK-1045 - her son is lactose intolerant, can you note that for the kitchen',
      'Her son is lactose intolerant',
    ],
    ['BK-1045 - grandad uses a walker, note that on there so the hosts know', 'Grandad uses a walker'],
    ['BK-1045 - grandad uses a walker, pop that on there please so the hosts know', 'Grandad uses a walker'],
    [
      'BK-1045 - grandad uses a walker, put that on the booking please so the front desk knows',
      'Grandad uses a walker',
    ],
  ])('"%s" notes "%s", not the tail', (message, text) => {
    // Prepare, Act
    const note = noteTextOf(message);

    // Assess
    expect(note).toBe(text);
  });

  it.each([
    ['BK-1045: add 2 people and put a note that the twins are vegan', 'the twins are vegan'],
    ['BK-1045: add a note that they are bringing a cake', 'they are bringing a cake'],
  ])('"%s" notes what follows "a note that": "%s"', (message, text) => {
    // Prepare, Act
    const note = noteTextOf(message);

    // Assess
    expect(note).toBe(text);
  });

  it('plans the note and the count change together', async () => {
    // Prepare, Act
    const steps = await planned('BK-1045: add 2 people and put a note that the twins are vegan');

    // Assess
    expect(steps).toContainEqual({
      action: 'addBookingNote',
      booking_id: 'bk_1045',
      text: 'the twins are vegan',
    });
  });
});

describe('extractSlots: a note only mentioned', () => {
  it.each([
    'BK-1045 make it 16 people, whatever the note says',
    'BK-1045: 16 people please, ignore the notes on there',
    'BK-1045 up to 16 guests. The note on the booking says something else, just the numbers',
  ])('"%s" asks for no note', (message) => {
    // Prepare, Act
    const slots = extractSlots(message);

    // Assess
    expect(slots.intents).not.toContain('note');
    expect(slots.partySize).toBe(16);
  });
});

describe('asksNote: a note handed the request', () => {
  it('still reads "do whatever the note says" as about a note, so it is asked about', () => {
    // Prepare, Act
    const slots = extractSlots('Do whatever the note on BK-1045 says');

    // Assess
    expect(slots.intents).toContain('note');
  });
});

describe('refusesPaymentLink: paid ahead', () => {
  it.each([
    "she's prepaid online",
    'they pre-paid on the website',
    'paid online, thanks',
    'no payment needed',
    'no need to pay, it is covered',
  ])('"%s" refuses a payment link', (words) => {
    // Prepare, Act, Assess
    expect(refusesPaymentLink(words)).toBe(true);
  });
});

describe('OfflinePlannerModel: a refused date is the old one', () => {
  it.each([
    "BK-1045 can't make the 17th any more. Could we do the 20th at 4pm?",
    'BK-1045 - the 17th no longer works, can we do the 20th at 4pm',
    'BK-1045 - the 17th is out now, could we do the 20th at 4pm',
  ])('"%s" moves the booking to the other date', async (message) => {
    // Prepare, Act
    const steps = await planned(message);

    // Assess
    expect(steps).toEqual([
      { action: 'rescheduleBooking', booking_id: 'bk_1045', date: '2026-03-20', start_time: '16:00' },
    ]);
  });
});

describe('extractSlots: a refused date keeps its time', () => {
  it('reads the time said with the refused day when no other time is said', () => {
    // Prepare, Act
    const slots = extractSlots(
      'Sarah Smith wants to come on Friday instead of tonight, the 4pm session please',
    );

    // Assess
    expect(slots.datePhrase).toBe('Friday');
    expect(slots.timePhrase).toContain('4pm');
  });
});

describe('correctedName: a one-word spelling fix', () => {
  it.each([
    ['Sara', 'Sarah Smith', 'Sara Smith'],
    ['Smythe', 'Sarah Smith', 'Sarah Smythe'],
    ['Sara Smyth', 'Sarah Smith', 'Sara Smyth'],
    ['Jo', 'Madonna', 'Jo'],
  ])('"%s" on the booking of %s gives %s', (said, current, name) => {
    // Prepare, Act, Assess
    expect(correctedName(said, current)).toBe(name);
  });

  it('never plans the one word as the whole guest name', async () => {
    // Prepare
    const h = plannerHarness({ model: new OfflinePlannerModel() });

    // Act
    const outcome = await h.send("BK-1045's name is spelt wrong, it's Sara with no h");

    // Assess
    const names = outcome.kind === 'plan' ? outcome.plan.actions.map((a) => a.parameters.guest_name) : [];
    expect(names).not.toContain('Sara');
  });
});

describe('withoutSignOff: the operator signs off', () => {
  it.each([
    ['move BK-1045 to Friday. Cheers, Aisha', 'move BK-1045 to Friday. Cheers'],
    ['move BK-1045 to Friday, thanks - Tom B', 'move BK-1045 to Friday, thanks'],
    ['move BK-1045 to Friday\nRegards, Priya', 'move BK-1045 to Friday\nRegards'],
    ['move Aisha Khan to Friday', 'move Aisha Khan to Friday'],
    ["tamika brooks is misspelled, it's Tameka Brooks", "tamika brooks is misspelled, it's Tameka Brooks"],
  ])('"%s" is read as "%s"', (message, read) => {
    // Prepare, Act, Assess
    expect(withoutSignOff(message)).toBe(read);
  });

  it('changes only the booking the message names, not a guest named like the sign-off', async () => {
    // Prepare, Act
    const steps = await planned('Sarah Smith rang, she wants to move to the 20th at 4pm. Cheers, Aisha');

    // Assess
    expect(steps).toEqual([
      { action: 'rescheduleBooking', booking_id: 'bk_1045', date: '2026-03-20', start_time: '16:00' },
    ]);
  });
});
