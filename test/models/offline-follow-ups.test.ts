import { describe, expect, it } from 'vitest';
import { countAsDelta, turnedDown } from '../../lib/models/offline/follow-up-cues.ts';
import { guestNamesIn } from '../../lib/models/offline/guest-names.ts';
import { OfflinePlannerModel } from '../../lib/models/offline/offline-planner-model.ts';
import { FakeBookingApi } from '../planner/support/fake-booking-api.ts';
import { expectKind, plannerHarness } from '../planner/support/planner-harness.ts';

function offline() {
  const api = new FakeBookingApi();
  return { api, ...plannerHarness({ model: new OfflinePlannerModel(), bookingApi: api }) };
}

describe('OfflinePlannerModel: a follow-up that turns a proposed change down', () => {
  it.each([
    ['no thanks, keep the date. make it 18 guests', ['updateGuestCount']],
    ['actually leave the time alone, and set it to 18 guests', ['updateGuestCount']],
    ['nope. the day is fine, just 18 guests please', ['updateGuestCount']],
  ])('"%s" drops the move it turned down', async (followUp, actions) => {
    // Prepare
    const h = offline();
    expectKind(await h.send('Move BK-1045 to Saturday at 3pm'), 'plan');

    // Act
    const outcome = expectKind(await h.send(followUp), 'plan');

    // Assess
    expect(outcome.plan.actions.map((a) => a.action_id)).toEqual(actions);
    expect(outcome.plan.actions[0]?.parameters).toEqual({ booking_id: 'bk_1045', party_size: 18 });
  });

  it('keeps the proposed change when the follow-up only adds to it', async () => {
    // Prepare
    const h = offline();
    expectKind(await h.send('Move BK-1045 to Saturday at 3pm'), 'plan');

    // Act
    const outcome = expectKind(await h.send('and make it 18 guests'), 'plan');

    // Assess
    expect(outcome.plan.actions.map((a) => a.action_id)).toEqual(['rescheduleBooking', 'updateGuestCount']);
  });
});

describe('OfflinePlannerModel: a cancellation the follow-up turns down', () => {
  it.each([
    "no, don't cancel it. just update the email to sarah.new@example.com",
    'hang on, we do not want to cancel - change her email to sarah.new@example.com instead',
  ])('"%s" plans the email alone', async (followUp) => {
    // Prepare
    const h = offline();
    expectKind(await h.send('cancel BK-1045 please'), 'plan');

    // Act
    const outcome = expectKind(await h.send(followUp), 'plan');

    // Assess: the cancellation is gone, the email is the plan.
    expect(outcome.plan.actions.map((a) => [a.action_id, a.parameters])).toEqual([
      ['updateContactDetails', { booking_id: 'bk_1045', email: 'sarah.new@example.com' }],
    ]);
  });
});

describe('turnedDown', () => {
  it.each([
    ['keep the date, change it to 12 kids', 'reschedule', true],
    ['leave the numbers alone', 'guest_count', true],
    ['the email is fine', 'contact', true],
    ["don't bother with the note", 'note', true],
    ['hmm no not that. her phone is 0412 345 678', 'contact', true],
    ['no, make it 4pm', 'reschedule', false],
    ['no worries, and add a note: cake at 3', 'reschedule', false],
    ['make it 18 guests', 'reschedule', false],
  ] as const)('"%s" turns down %s: %s', (text, intent, down) => {
    // Prepare
    const asked = text.includes('phone') ? (['contact'] as const) : (['reschedule'] as const);

    // Act / Assess
    expect(turnedDown(text, asked)(intent)).toBe(down);
  });
});

describe('countAsDelta', () => {
  it('reads "just two" after "three more" as two more', () => {
    expect(
      countAsDelta(
        { intents: ['guest_count'], partySize: 2 },
        [{ intents: [], partyDelta: 3 }],
        'ok just two then',
      ),
    ).toEqual({
      intents: ['guest_count'],
      partyDelta: 2,
    });
  });

  it.each(['12', 'just 12 guests', 'ok two'])('keeps "%s" a total', (text) => {
    // Prepare
    const size = Number(/\d+/.exec(text)?.[0] ?? 2);

    // Act
    const slots = countAsDelta({ intents: [], partySize: size }, [{ intents: [], partyDelta: 3 }], text);

    // Assess
    expect(slots.partySize).toBe(size);
    expect(slots.partyDelta).toBeUndefined();
  });
});

describe('guestNamesIn: a booking said to need no change names no target', () => {
  it("reads the other booking of \"X's is fine, it's Y's\"", () => {
    expect(guestNamesIn("no wait, priya's is fine. it's the laser one, omar's, make that 10")[0]).toBe(
      'Omar',
    );
  });
});
