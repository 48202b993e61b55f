import { describe, expect, it } from 'vitest';
import { refusesAction } from '../../lib/planner/licence/refused-actions.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import { expectKind, plannerHarness } from './support/planner-harness.ts';
import { ScriptedProposalModel } from './support/scripted-proposal-model.ts';

const link = loadCompiledRegistry().require('createPaymentLink');

describe('refusesAction: the overlay refusal_cues of createPaymentLink (issue 30)', () => {
  it.each([
    ["new booking for Sam Lee on Saturday, she's prepaid online so no payment needed"],
    ['book it in, no payment link please'],
    ["they've already paid, just book it"],
    ['book it without a payment link'],
    ["don't send a link, they're paying at the desk"],
  ])('"%s" refuses the link', (text) => {
    expect(refusesAction(link, text)).toBe(true);
  });

  it.each([
    ['book laser tag for 8 on Saturday and send a payment link'],
    ['new booking for Sam Lee on Saturday at 3pm for 6'],
    ['no link needed\nactually, do send them a payment link after all'],
  ])('"%s" does not refuse it (the latest line that speaks of it decides)', (text) => {
    expect(refusesAction(link, text)).toBe(false);
  });
});

describe('a payment link the operator refused is left out of the plan, whatever the model proposes', () => {
  it('plans the other change alone', async () => {
    // Prepare: the model adds a payment link to the note the operator asked for.
    const model = new ScriptedProposalModel({});
    model.proposal = [
      {
        action_id: 'addBookingNote',
        parameters: { booking_id: 'bk_1042', text: 'paid by card at the desk' },
      },
      { action_id: 'createPaymentLink', parameters: { booking_id: 'bk_1042' } },
    ];
    const h = plannerHarness({ model });

    // Act
    const outcome = await h.send(
      'BK-1042 has already paid, so no payment link. Note it: paid by card at the desk',
    );

    // Assess
    expect(expectKind(outcome, 'plan').plan.actions.map((a) => a.action_id)).toEqual(['addBookingNote']);
  });
});
