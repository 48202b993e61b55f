import { describe, expect, it } from 'vitest';
import { expectKind, plannerHarness } from './support/planner-harness.ts';
import { ScriptedProposalModel } from './support/scripted-proposal-model.ts';

/** The harness with a model that proposes `proposal` on every call, repair rounds included. */
function useProposing(proposal: ScriptedProposalModel['proposal']) {
  const model = new ScriptedProposalModel({});
  model.proposal = proposal;
  return plannerHarness({ model });
}

const GUESTS_10 = { action_id: 'updateGuestCount', parameters: { booking_id: 'bk_1046', party_size: '10' } };

describe('issue 30: words asking for a new booking license no change to an existing one', () => {
  it.each([
    ['another booking for Aisha Khan please, the party room on Friday at 2pm for 10'],
    ['set up a separate booking for Aisha Khan on Friday at 2pm, for 10'],
  ])('"%s" with an existing booking of that guest: no plan changes it', async (message) => {
    // Prepare: BK-1046 (Aisha Khan) has 12 guests; the model misreads the request as a change to it.
    const h = useProposing([GUESTS_10]);

    // Act
    const outcome = await h.send(message);

    // Assess
    expect(outcome.kind).toBe('clarification');
    expect(await h.planStore.listBySession('session-1')).toEqual([]);
  });

  it('a cue of its own still licenses the change beside a new booking', async () => {
    // Prepare
    const h = useProposing([GUESTS_10]);

    // Act
    const outcome = await h.send(
      'BK-1046 has 2 fewer guests, and we need a new booking for her sister next week',
    );

    // Assess
    expect(expectKind(outcome, 'plan').plan.actions.map((a) => a.parameters)).toEqual([
      { booking_id: 'bk_1046', party_size: 10 },
    ]);
  });
});
