import { describe, expect, it } from 'vitest';
import { OfflinePlannerModel } from '../../lib/models/offline/offline-planner-model.ts';
import { referencesIn } from '../../lib/models/offline/request-cues.ts';
import { FakeBookingApi } from '../planner/support/fake-booking-api.ts';
import { expectKind, plannerHarness } from '../planner/support/planner-harness.ts';

/** Issue 16 through the real planner and gate: a question or a decline, never a plan from part of the words. */
function offline() {
  const api = new FakeBookingApi();
  return { api, ...plannerHarness({ model: new OfflinePlannerModel(), bookingApi: api }) };
}

describe('OfflinePlannerModel: counts read as lib/counts reads them', () => {
  it.each([
    ['BK-1045 has another two guests coming', 17],
    ['3 people dropped out of BK-1045', 12],
    ["Sarah Smith's party is now 9 people", 9],
    ['Make the Sarah Smith party a dozen instead', 12],
    ['BK-1045: 3 dropped out but 1 extra is coming', 13],
    ['Double the Sarah Smith booking', 30],
  ])('"%s" → party of %i (BK-1045 is 15)', async (sentence, size) => {
    // Act
    const outcome = expectKind(await offline().send(sentence), 'plan');

    // Assess
    expect(outcome.plan.actions.map((a) => [a.action_id, a.parameters.party_size])).toEqual([
      ['updateGuestCount', size],
    ]);
  });

  it.each(['BK-1045 has a couple more coming', 'BK-1045 will be 12 or 13 guests', 'BK-1045 is about 20 now'])(
    'asks how many for "%s"',
    async (sentence) => {
      // Act
      const outcome = expectKind(await offline().send(sentence), 'clarification');

      // Assess
      expect(outcome.question).toMatch(/How many guests/);
    },
  );
});

describe('OfflinePlannerModel: what it must notice even where it cannot act', () => {
  it.each([
    ["Add 2 to Sarah Smith's and one to Aisha Khan's", /What should change for BK-1046/],
    ['Refund BK-1046', /refunds can't be made here.*I can .*reschedule booking/],
    ['Move BK-1046 to the last session on Saturday', /What date and time/],
  ])('"%s" gets a question or a decline, no plan', async (sentence, words) => {
    // Prepare
    const h = offline();

    // Act
    const outcome = expectKind(await h.send(sentence), 'clarification');

    // Assess
    expect(outcome.question).toMatch(words);
    expect(await h.planStore.listBySession('session-1')).toEqual([]);
  });

  it.each([
    [
      'Make BK-1042 and BK-1046 2 each',
      [
        ['updateGuestCount', 'bk_1042'],
        ['updateGuestCount', 'bk_1046'],
      ],
    ],
    [
      'Change BK-1046 to 6 and text her the updated details',
      [
        ['updateGuestCount', 'bk_1046'],
        ['sendBookingConfirmation', 'bk_1046'],
      ],
    ],
    ['Flag the Aisha Khan booking: birthday girl is Mia, turning 9', [['addBookingNote', 'bk_1046']]],
    [
      "Change Aisha Khan's email to a.k@example.com and send her the confirmation",
      [
        ['updateContactDetails', 'bk_1046'],
        ['sendBookingConfirmation', 'bk_1046'],
      ],
    ],
  ])('"%s" plans a step for every part of it, on every booking named', async (sentence, steps) => {
    // Act
    const outcome = expectKind(await offline().send(sentence), 'plan');

    // Assess
    expect(outcome.plan.actions.map((a) => [a.action_id, a.parameters.booking_id])).toEqual(steps);
  });

  it('drops the earlier request when the user turns to another booking instead', async () => {
    // Prepare
    const h = offline();
    await h.send("Move John's party to Saturday at 3pm");

    // Act
    const outcome = expectKind(await h.send("forget John, do Aisha Khan's instead: 10 people"), 'plan');

    // Assess
    expect(outcome.plan.actions.map((a) => [a.action_id, a.parameters])).toEqual([
      ['updateGuestCount', { booking_id: 'bk_1046', party_size: 10 }],
    ]);
  });

  it('reads references in any shape the API allows, not only BK-nnnn', () => {
    expect(referencesIn('Move WEB-99842 and R2F9HC, not 2026-12-12 at 10AM, call 021-555-0101')).toEqual([
      'WEB-99842',
      'R2F9HC',
    ]);
    expect(referencesIn('bk1042 please')).toEqual(['BK-1042']);
    expect(referencesIn('the 2026-0418 booking')).toEqual(['2026-0418']);
  });
});
