import { describe, expect, it } from 'vitest';
import { OfflinePlannerModel } from '../../lib/models/offline/offline-planner-model.ts';
import { FakeBookingApi } from '../planner/support/fake-booking-api.ts';
import { expectKind, plannerHarness } from '../planner/support/planner-harness.ts';

/**
 * Ways operators ask for a change without the words the offline model first knew: a time moved by an hour "on the
 * day", a day kept "but 2pm", a session preferred, a date the guest "wants instead", a person joining or leaving
 * without a digit, a count change without its number, a new booking named by its product, a name corrected by one
 * word. Each is a plan when everything is said, and a question for what is not.
 */
function offline() {
  return plannerHarness({ model: new OfflinePlannerModel(), bookingApi: new FakeBookingApi() });
}

describe('OfflinePlannerModel: changes said in other words', () => {
  it.each([
    [
      "could we bring Sarah Smith's party 5 hours later on the day please",
      { booking_id: 'bk_1045', date: '2026-03-17', start_time: '15:00' },
    ],
    [
      'keep Sarah Smith on the same day but 3pm',
      { booking_id: 'bk_1045', date: '2026-03-17', start_time: '15:00' },
    ],
    [
      'Sarah Smith would prefer the 3pm session if there is room',
      { booking_id: 'bk_1045', date: '2026-03-17', start_time: '15:00' },
    ],
    [
      "Sarah Smith's party on the 17th - she wants the 20th instead, 3pm if that's ok",
      { booking_id: 'bk_1045', date: '2026-03-20', start_time: '15:00' },
    ],
    ["one of Sarah Smith's lot has dropped out", { booking_id: 'bk_1045', party_size: 14 }],
    ['add another adult to the Sarah Smith party please', { booking_id: 'bk_1045', party_size: 16 }],
  ])('"%s" is planned', async (message, parameters) => {
    // Act
    const outcome = expectKind(await offline().send(message), 'plan');
    // Assess
    expect(outcome.plan.actions.map((a) => a.parameters)).toEqual([parameters]);
  });

  it.each([
    ["Sarah Smith's group is getting bigger", 'party_size'],
    ['the Sarah Smith booking has more people coming', 'party_size'],
    ['Aisha Khan wants a different day for her party', 'date'],
  ])('"%s" asks for the %s', async (message, asksFor) => {
    // Act
    const outcome = expectKind(await offline().send(message), 'clarification');
    // Assess
    expect(outcome.asks_for).toBe(asksFor);
  });

  it('corrects one word of a name: "her name is actually Sara, not Sarah"', async () => {
    // Act
    const outcome = expectKind(
      await offline().send("Sarah Smith's booking - her name is actually Sara, not Sarah. Can you fix it?"),
      'plan',
    );
    // Assess
    expect(outcome.plan.actions.map((a) => [a.action_id, a.parameters])).toEqual([
      ['updateContactDetails', { booking_id: 'bk_1045', guest_name: 'Sara Smith' }],
    ]);
  });

  it.each([
    'Sarah Smith would rather have the party at our Parramatta site, can you move it over?',
    'can we move the John Tan booking across to our other location instead',
  ])('declines a move to another site: "%s"', async (message) => {
    // Act
    const outcome = expectKind(await offline().send(message), 'clarification');
    // Assess
    expect(outcome.reply_type).toBe('declined');
    expect(outcome.question).toMatch(/another venue or site/);
  });

  it.each([
    [
      'move Sarah Smith to 3pm same day and add a note: coming straight off the school bus',
      'coming straight off the school bus',
    ],
    [
      'move Sarah Smith to 3pm same day and note they asked for the climbing wall',
      'they asked for the climbing wall',
    ],
  ])('moves and adds the note: "%s"', async (message, note) => {
    // Act
    const outcome = expectKind(await offline().send(message), 'plan');
    // Assess: "off" inside the note's words removes nothing.
    expect(outcome.plan.actions.map((a) => [a.action_id, a.parameters])).toEqual([
      ['rescheduleBooking', { booking_id: 'bk_1045', date: '2026-03-17', start_time: '15:00' }],
      ['addBookingNote', { booking_id: 'bk_1045', text: note }],
    ]);
  });

  it('reads "let the team know …" as a note, without the sign-off', async () => {
    // Act
    const outcome = expectKind(
      await offline().send(
        'Hiya, can you let the team know Sarah Smith is bringing her own cake. Thanks so much, Jo',
      ),
      'plan',
    );
    // Assess
    expect(outcome.plan.actions.map((a) => [a.action_id, a.parameters])).toEqual([
      ['addBookingNote', { booking_id: 'bk_1045', text: 'Sarah Smith is bringing her own cake' }],
    ]);
  });

  it('reads "off the phone with" as how the request came, and "Appreciate it, Kelsey" as a sign-off', async () => {
    // Act
    const outcome = expectKind(
      await offline().send(
        'Just got off the phone with Sarah Smith: they will be 18 now. Would you mind updating it? Appreciate it, Kelsey',
      ),
      'plan',
    );
    // Assess
    expect(outcome.plan.actions.map((a) => [a.action_id, a.parameters])).toEqual([
      ['updateGuestCount', { booking_id: 'bk_1045', party_size: 18 }],
    ]);
  });

  it('declines a discount said as "20% off" (no party of 20)', async () => {
    // Act
    const outcome = expectKind(
      await offline().send('give the Sarah Smith booking 20% off, they had a rough time'),
      'clarification',
    );
    // Assess
    expect(outcome.reply_type).toBe('declined');
    expect(outcome.question).toMatch(/discounts/);
  });

  it('keeps a time inside a note\'s words ("coming at 10:30 that morning")', async () => {
    // Act
    const outcome = expectKind(
      await offline().send('sarah smith - pls note the balloons are coming at 10:30 that morning'),
      'plan',
    );
    // Assess
    expect(outcome.plan.actions.map((a) => [a.action_id, a.parameters])).toEqual([
      ['addBookingNote', { booking_id: 'bk_1045', text: 'the balloons are coming at 10:30 that morning' }],
    ]);
  });
});
