import { AIMessage, type ToolMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import { expectKind, lastInputOf, params, plannerHarness } from './support/planner-harness.ts';

type Step = { action_id: string; values: Record<string, string> };
const propose = (id: string, steps: Step[]) => ({
  name: 'propose_plan',
  id,
  args: { steps: steps.map((s) => ({ action_id: s.action_id, parameters: params(s.values) })) },
});
const guests = (n: number): Step => ({
  action_id: 'updateGuestCount',
  values: { booking_id: 'bk_1042', party_size: String(n) },
});
const cancel: Step = { action_id: 'cancelBooking', values: { booking_id: 'bk_1042' } };
const confirmation: Step = {
  action_id: 'sendBookingConfirmation',
  values: { booking_id: 'bk_1042', channel: 'email' },
};

/** Issue 14: every mutating step of a shown plan is one the user's words ask for. */
describe('createPlanner: every mutating step is licensed by the user', () => {
  it('shows a plan whose steps the user asked for, without a repair round', async () => {
    // Prepare
    const model = fakeModel().respondWithTools([propose('c1', [guests(9)])]);
    const h = plannerHarness({ model });
    // Act
    const outcome = expectKind(await h.send('Smith BK-1042 is now 9 people'), 'plan');
    // Assess
    expect(outcome.plan.actions.map((a) => a.action_id)).toEqual(['updateGuestCount']);
    expect(model.calls).toHaveLength(1);
  });

  it('licenses a change by the value the user stated ("is now 9") when no cue word is there', async () => {
    // Prepare
    const model = fakeModel().respondWithTools([propose('c1', [guests(9)])]);
    const h = plannerHarness({ model });
    // Act
    const outcome = expectKind(await h.send('BK-1042 is 9 now'), 'plan');
    // Assess
    expect(outcome.plan.actions.map((a) => a.action_id)).toEqual(['updateGuestCount']);
  });

  it('sends an added cancelBooking back once, saying it is not licensed, and shows the repaired plan', async () => {
    // Prepare
    const model = fakeModel()
      .respondWithTools([propose('c1', [guests(9), cancel])])
      .respondWithTools([propose('c2', [guests(9)])]);
    const h = plannerHarness({ model });
    // Act
    const outcome = expectKind(await h.send('Smith BK-1042 is now 9 people'), 'plan');
    // Assess
    expect(outcome.plan.actions.map((a) => a.action_id)).toEqual(['updateGuestCount']);
    const feedback = lastInputOf(model, 1) as ToolMessage;
    expect(feedback.tool_call_id).toBe('c1');
    expect(feedback.text).toContain("step 2: cancelBooking is not licensed by the user's request");
    expect(feedback.text).toContain('high risk');
  });

  it('drops a step still unlicensed after the repair and asks "Did you also want me to …?" instead', async () => {
    // Prepare
    const model = fakeModel()
      .respondWithTools([propose('c1', [guests(9), confirmation])])
      .respondWithTools([propose('c2', [guests(9), confirmation])]);
    const h = plannerHarness({ model });
    // Act
    const outcome = expectKind(await h.send('Smith BK-1042 is now 9 people'), 'clarification');
    // Assess
    expect(outcome.question).toBe(
      "Did you also want me to send booking confirmation for BK-1042? You didn't ask for that, so I haven't planned it.",
    );
    expect(outcome.asks_for).toBe('action');
    expect(outcome.suggestions).toEqual(['Yes, also send booking confirmation', 'No, only what I asked for']);
    expect(await h.planStore.listBySession('session-1')).toEqual([]);
  });

  it('plans the step once the user answers with the suggested "Yes, also …"', async () => {
    // Prepare
    const model = fakeModel()
      .respondWithTools([propose('c1', [guests(9), confirmation])])
      .respondWithTools([propose('c2', [guests(9), confirmation])])
      .respondWithTools([propose('c3', [guests(9), confirmation])]);
    const h = plannerHarness({ model });
    await h.send('Smith BK-1042 is now 9 people');
    // Act
    const outcome = expectKind(await h.send('Yes, also send booking confirmation'), 'plan');
    // Assess
    expect(outcome.plan.actions.map((a) => a.action_id)).toEqual([
      'updateGuestCount',
      'sendBookingConfirmation',
    ]);
  });

  it('never lets a stated value license a high-risk or irreversible action', async () => {
    // Prepare: the confirmation channel "email" is a word the user wrote, but only as a contact detail's name.
    const model = fakeModel()
      .respondWithTools([propose('c1', [confirmation])])
      .respondWithTools([propose('c2', [confirmation])]);
    const h = plannerHarness({ model });
    // Act
    const outcome = expectKind(await h.send('BK-1042 is 9 now'), 'clarification');
    // Assess
    expect(outcome.question).toContain('Did you also want me to send booking confirmation');
  });

  it('reads only the user’s own turns: the service’s feedback turn (naming cancel_request) licenses nothing', async () => {
    // Prepare: turn 1 ends in a question after one invalid reply, whose feedback is a user-role turn.
    const ask = {
      name: 'ask_clarification',
      id: 'q1',
      args: { question: 'Which booking?', missing: 'booking' },
    };
    const model = fakeModel()
      .respond(new AIMessage('I will cancel_request that.'))
      .respondWithTools([ask])
      .respondWithTools([propose('c1', [cancel])])
      .respondWithTools([propose('c2', [cancel])]);
    const h = plannerHarness({ model });
    await h.send('Something about the Smith party');
    // Act
    const outcome = expectKind(await h.send('BK-1042'), 'clarification');
    // Assess
    expect(outcome.question).toContain('Did you also want me to cancel booking for BK-1042?');
  });
});
