import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import { expectKind, params, plannerHarness } from './support/planner-harness.ts';

/** A scripted propose_plan booking the party room for the Lees on Sunday morning. */
function bookLees(partySize: string) {
  return {
    name: 'propose_plan',
    id: `p${partySize}`,
    args: {
      intent_summary: 'Book the party room',
      steps: [
        {
          action_id: 'createBooking',
          parameters: params({
            product_id: 'prod_party_room',
            date: 'Sunday morning',
            start_time: 'Sunday morning',
            party_size: partySize,
            guest_name: 'Lee family',
          }),
        },
      ],
    },
  };
}

/** Relay findings: the gate refused values the user plainly gave. */
describe('createPlanner gate: values the user gave', () => {
  it('keeps the pending plan’s ids licensed when the model re-proposes the amended plan a turn later', async () => {
    // Prepare: turn 1 finds the product's id with the catalogue lookup; turn 2 re-proposes the full plan (rule 8)
    // without a lookup, so prod_party_room comes from the pending plan only.
    const model = fakeModel()
      .respondWithTools([{ name: 'listProducts', args: {}, id: 'c0' }])
      .respondWithTools([bookLees('6')])
      .respondWithTools([bookLees('8')]);
    const h = plannerHarness({ model });
    expectKind(await h.send('Book the party room for 6 on Sunday morning for the Lee family'), 'plan');

    // Act
    const outcome = expectKind(await h.send('actually make it 8 people'), 'plan');

    // Assess
    expect(outcome.plan.actions[0]?.parameters).toMatchObject({
      product_id: 'prod_party_room',
      party_size: 8,
      date: '2026-03-15',
      start_time: '10:00',
    });
  });
});

/** A scripted model proposing BK-1042's guest count as `size`, the same again after a repair round. */
function guestsOn1042(size: string) {
  const proposal = {
    name: 'propose_plan',
    id: 'g1',
    args: {
      intent_summary: 'Change the guest count on BK-1042',
      steps: [
        { action_id: 'updateGuestCount', parameters: params({ booking_id: 'bk_1042', party_size: size }) },
      ],
    },
  };
  return fakeModel()
    .respondWithTools([proposal])
    .respondWithTools([{ ...proposal, id: 'g2' }]);
}

describe('createPlanner gate: a total said with its breakdown', () => {
  it.each([
    'make BK-1042 21 guests (17 kids + 4 adults)',
    'make BK-1042 21 guests (17 kids+4 adults)',
    'make BK-1042 21 guests: 17 kids and 4 adults',
    'make BK-1042 21 guests, 17 kids, 4 adults',
    'make BK-1042 21 guests 17 kids 4 adults',
  ])('licenses the stated total for “%s”', async (message) => {
    // Prepare
    const h = plannerHarness({ model: guestsOn1042('21') });

    // Act
    const outcome = expectKind(await h.send(message), 'plan');

    // Assess
    expect(outcome.plan.actions[0]).toMatchObject({
      action_id: 'updateGuestCount',
      parameters: { booking_id: 'bk_1042', party_size: 21 },
    });
  });

  it('does not license a total its “+” breakdown does not add up to', async () => {
    // Prepare: 17 + 4 is 21, not 22.
    const h = plannerHarness({ model: guestsOn1042('22') });

    // Act
    const outcome = await h.send('make BK-1042 22 guests (17 kids + 4 adults)');

    // Assess: asked, never planned.
    expect(outcome.kind).toBe('clarification');
  });
});

/** A scripted model: the catalogue lookup, then a new booking of the party room with the given values. */
function newPartyRoomBooking(values: Record<string, string>) {
  const proposal = {
    name: 'propose_plan',
    id: 'n1',
    args: {
      intent_summary: 'Book the party room',
      steps: [
        { action_id: 'createBooking', parameters: params({ product_id: 'prod_party_room', ...values }) },
      ],
    },
  };
  return fakeModel()
    .respondWithTools([{ name: 'listProducts', args: {}, id: 'c0' }])
    .respondWithTools([proposal])
    .respondWithTools([{ ...proposal, id: 'n2' }]);
}

describe('createPlanner gate: a new booking the user describes without the word “book”', () => {
  it('licenses createBooking when the message states every value it sets', async () => {
    // Prepare
    const model = newPartyRoomBooking({
      date: 'Saturday',
      start_time: '3pm',
      party_size: '12',
      guest_name: 'Lees',
    });
    const h = plannerHarness({ model });

    // Act
    const outcome = expectKind(await h.send('Party Room for the Lees, Saturday 3pm, 12 people'), 'plan');

    // Assess
    expect(outcome.plan.actions[0]).toMatchObject({
      action_id: 'createBooking',
      parameters: {
        product_id: 'prod_party_room',
        date: '2026-03-14',
        start_time: '15:00',
        party_size: 12,
        guest_name: 'Lees',
      },
    });
  });

  it('does not license createBooking from a message that changes an existing booking', async () => {
    // Prepare: the words state a date, a time, a count and a name, but of BK-1042's change.
    const model = newPartyRoomBooking({
      date: 'Saturday',
      start_time: '2pm',
      party_size: '12',
      guest_name: 'John Smith',
    });
    const h = plannerHarness({ model });

    // Act
    const outcome = await h.send('move John Smith BK-1042 to Saturday 2pm, 12 people');

    // Assess
    expect(outcome.kind).not.toBe('plan');
  });

  it('does not license createBooking from words that change a booking without a reference or a move word', async () => {
    // Prepare
    const model = newPartyRoomBooking({
      date: 'Saturday',
      start_time: '3pm',
      party_size: '12',
      guest_name: 'John Smith',
    });
    const h = plannerHarness({ model });

    // Act
    const outcome = await h.send("change John Smith's booking to Saturday 3pm for 12 people");

    // Assess
    expect(outcome.kind).not.toBe('plan');
  });
});
