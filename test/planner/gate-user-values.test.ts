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
