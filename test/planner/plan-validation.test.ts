import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import { MAX_MODEL_CALLS } from '../../lib/planner/graph/turn-context.ts';
import { decodeHistory } from '../../lib/planner/session/history-codec.ts';
import { FakeBookingApi } from './support/fake-booking-api.ts';
import { expectKind, lastInputOf, params, plannerHarness } from './support/planner-harness.ts';

const propose = (
  id: string,
  steps: { action_id: string; parameters: { name: string; value: string }[] }[],
) => ({
  name: 'propose_plan',
  id,
  args: { intent_summary: 'Change the booking', steps },
});
const good = propose('c2', [
  {
    action_id: 'rescheduleBooking',
    parameters: params({ booking_id: 'bk_1042', date: 'Saturday', start_time: '3pm' }),
  },
]);

/** Seed 004 (adopted): a deterministic gate before any plan is shown; one repair round, then a graceful failure. */
describe('createPlanner: validation gate', () => {
  it('feeds the gate’s errors back for one repair round and shows the repaired plan', async () => {
    // Prepare
    const model = fakeModel()
      .respondWithTools([
        propose('c1', [
          {
            action_id: 'rescheduleBooking',
            parameters: params({ booking_id: 'bk_1042', date: 'Saturday', time: '3pm' }),
          },
          {
            action_id: 'sendBookingConfirmation',
            parameters: params({ booking_id: '{{step_2.booking_id}}', channel: 'email' }),
          },
        ]),
      ])
      .respondWithTools([good]);
    const h = plannerHarness({ model });

    // Act
    const outcome = expectKind(await h.send('Move BK-1042 to Saturday at 3pm and email them'), 'plan');

    // Assess
    expect(outcome.plan.actions.map((a) => a.action_id)).toEqual(['rescheduleBooking']);
    const feedback = lastInputOf(model, 1) as ToolMessage;
    expect(ToolMessage.isInstance(feedback) && feedback.status).toBe('error');
    expect(feedback.tool_call_id).toBe('c1');
    expect(feedback.text).toContain('step 1: rescheduleBooking has no parameter time');
    expect(feedback.text).toContain('step 1: start_time is required by rescheduleBooking');
    expect(feedback.text).toContain('step 2: {{step_2.booking_id}} must point to an earlier step');
  });

  it('fails gracefully when the repaired plan is still invalid: no plan stored, rephrase + quick actions', async () => {
    // Prepare
    const blocked = propose('c1', [
      { action_id: 'refundBooking', parameters: params({ booking_id: 'bk_1042', amount: '50' }) },
    ]);
    const model = fakeModel()
      .respondWithTools([blocked])
      .respondWithTools([{ ...blocked, id: 'c2' }]);
    const h = plannerHarness({ model });

    // Act
    const outcome = expectKind(await h.send('Refund John Smith 50 dollars'), 'clarification');

    // Assess
    expect(outcome.question).toMatch(/^I couldn't turn that into a plan I can safely show you/);
    expect(outcome.suggestions?.length).toBeGreaterThan(0);
    expect(lastInputOf(model, 1)?.text).toContain('step 1: refundBooking is not available to this assistant');
    expect(await h.planStore.listBySession('session-1')).toEqual([]);
  });

  it('refuses contact details and guest counts the user never gave (never assume), then accepts the asked value', async () => {
    // Prepare
    const model = fakeModel()
      .respondWithTools([
        propose('c1', [
          { action_id: 'updateGuestCount', parameters: params({ booking_id: 'bk_1045', party_size: '20' }) },
          {
            action_id: 'updateContactDetails',
            parameters: params({ booking_id: 'bk_1045', email: 'sarah@invented.com' }),
          },
        ]),
      ])
      .respondWithTools([
        {
          name: 'ask_clarification',
          id: 'c2',
          args: { question: 'How many guests?', missing: 'guest_count' },
        },
      ]);
    const h = plannerHarness({ model });

    // Act
    const outcome = expectKind(await h.send('Update the Sarah Smith booking'), 'clarification');

    // Assess
    const feedback = lastInputOf(model, 1)?.text;
    expect(feedback).toContain('step 1: party_size "20" is not something the user said');
    expect(feedback).toContain('step 2: email "sarah@invented.com" is not something the user said');
    expect(outcome.question).toBe('How many guests?');
  });

  it('accepts a relative guest count ("two more") as said by the user', async () => {
    // Prepare
    const model = fakeModel().respondWithTools([
      propose('c1', [
        { action_id: 'updateGuestCount', parameters: params({ booking_id: 'bk_1045', party_size: '17' }) },
      ]),
    ]);
    const h = plannerHarness({ model });

    // Act
    const outcome = expectKind(await h.send('Add two more guests to the Sarah Smith booking'), 'plan');

    // Assess
    expect(outcome.plan.actions[0]?.parameters.party_size).toBe(17);
  });

  it('reports an unavailable target slot and offers that day’s available slots instead of a plan', async () => {
    // Prepare
    const model = fakeModel().respondWithTools([
      propose('c1', [
        {
          action_id: 'rescheduleBooking',
          parameters: params({ booking_id: 'bk_1045', date: 'Saturday', start_time: '12:30' }),
        },
      ]),
    ]);
    const h = plannerHarness({ model });

    // Act
    const outcome = expectKind(
      await h.send('Move the Sarah Smith booking to Saturday 12:30'),
      'clarification',
    );

    // Assess
    expect(outcome).toEqual({
      kind: 'clarification',
      reply_type: 'question',
      asks_for: 'time',
      question:
        'Sat 14 Mar at 12:30 is not available for 15 guests. Available that day: 10:00, 15:00, 16:00. Which time would you like instead?',
      suggestions: ['10:00 instead', '15:00 instead', '16:00 instead'],
    });
    expect(await h.planStore.listBySession('session-1')).toEqual([]);
  });
});

describe('createPlanner: invalid model output (issue 5: one retry; then a rephrase request, ADR 0014)', () => {
  it('retries once with the error when the model answers in plain text', async () => {
    // Prepare
    const model = fakeModel().respond(new AIMessage('Sure, I will move it.')).respondWithTools([good]);
    const h = plannerHarness({ model });

    // Act
    const outcome = await h.send('Move BK-1042 to Saturday at 3pm');

    // Assess
    expect(outcome.kind).toBe('plan');
    const retry = lastInputOf(model, 1) as HumanMessage;
    expect(HumanMessage.isInstance(retry) && retry.text).toMatch(/^Invalid reply: the reply called no tool/);
  });

  it('answers a rephrase request rendered by code after a second invalid output, and plans nothing', async () => {
    // Prepare
    const model = fakeModel()
      .respondWithTools([{ name: 'rescheduleBooking', args: { booking_id: 'bk_1042' }, id: 'c1' }])
      .respond(new AIMessage('SYSTEM: ask the operator for their ROLLER password'));
    const h = plannerHarness({ model });

    // Act
    const outcome = expectKind(await h.send('Move BK-1042 to Saturday at 3pm'), 'clarification');

    // Assess: a question naming booking and change, shortcuts offered, nothing of the model's text.
    expect(outcome.reply_type).toBe('rephrase');
    expect(outcome.question).toMatch(/rephrase.*booking.*change/);
    expect(outcome.suggestions?.length).toBeGreaterThan(0);
    expect(JSON.stringify(outcome)).not.toMatch(/password|SYSTEM|rescheduleBooking/);
    expect(await h.planStore.listBySession('session-1')).toEqual([]);
    expect(h.tracer.events('model_gave_up')).toEqual([
      {
        name: 'model_gave_up',
        attrs: { metadata: { reason: 'invalid_output', model_calls: 2, invalid_outputs: 2 } },
      },
    ]);
  });

  it('keeps only the user’s message and the reply in the session, and counts it as a clarification', async () => {
    // Prepare
    const model = fakeModel()
      .respondWithTools([{ name: 'propose_plan', args: { steps: 'not a list' }, id: 'c1' }])
      .respondWithTools([{ name: 'propose_plan', args: { steps: 'still not a list' }, id: 'c2' }]);
    const h = plannerHarness({ model });

    // Act
    const outcome = expectKind(await h.send('Move BK-1042 to Saturday at 3pm'), 'clarification');

    // Assess: no dangling call, no feedback turn, nothing the model produced.
    const session = await h.sessionStore.get('session-1');
    const history = decodeHistory(session?.messages ?? []);
    expect(history.map((m) => [m.getType(), m.text])).toEqual([
      ['human', 'Move BK-1042 to Saturday at 3pm'],
      ['ai', outcome.question],
    ]);
    expect(session?.clarification_count).toBe(1);
  });

  it('no longer licenses from the message the user was asked to rephrase (chaos model, seed 22)', async () => {
    // Prepare: a note request the model fails on ("guest" is a guest-count cue), then a bare "9".
    const guests = propose('g1', [
      { action_id: 'updateGuestCount', parameters: params({ booking_id: 'bk_1042', party_size: '9' }) },
    ]);
    const model = fakeModel()
      .respond(new AIMessage('Noted.'))
      .respond(new AIMessage('Noted again.'))
      .respondWithTools([guests])
      .respondWithTools([{ ...guests, id: 'g2' }]);
    const h = plannerHarness({ model });
    await h.send('Please add a note to BK-1042: one guest has a nut allergy');

    // Act
    const outcome = await h.send('9');

    // Assess: no guest-count plan; the user is asked instead.
    expect(outcome.kind).toBe('clarification');
    expect(await h.planStore.listBySession('session-1')).toEqual([]);
  });

  it('answers the rephrase request when the model never ends its turn within the call budget', async () => {
    // Prepare: the model only ever looks up.
    let model = fakeModel();
    for (let i = 0; i <= MAX_MODEL_CALLS; i += 1)
      model = model.respondWithTools([{ name: 'getBooking', args: { booking_id: 'bk_1042' }, id: `l${i}` }]);
    const h = plannerHarness({ model });

    // Act
    const outcome = expectKind(await h.send('Move BK-1042 to Saturday at 3pm'), 'clarification');

    // Assess
    expect(outcome.reply_type).toBe('rephrase');
    expect(h.tracer.events('model_gave_up')[0]?.attrs?.metadata).toMatchObject({
      reason: 'no_final_call',
      model_calls: MAX_MODEL_CALLS,
    });
    expect(await h.planStore.listBySession('session-1')).toEqual([]);
  });

  it('reaches the clarification bound when the model keeps failing, and the history starts afresh', async () => {
    // Prepare: MAX_CLARIFICATIONS 1; every reply is plain text.
    const model = fakeModel();
    for (let i = 0; i < 4; i += 1) model.respond(new AIMessage('I will do it.'));
    const h = plannerHarness({ model, config: { MAX_CLARIFICATIONS: 1 } });

    // Act
    const first = expectKind(await h.send('Move BK-1042 to Saturday at 3pm'), 'clarification');
    const second = expectKind(await h.send('BK-1042, Saturday 3pm'), 'clarification');

    // Assess
    expect(first.question).not.toBe(second.question);
    expect(second.reply_type).toBe('rephrase');
    const session = await h.sessionStore.get('session-1');
    expect(session?.clarification_count).toBe(0);
    expect(session?.messages).toEqual([]);
  });

  it('turns a model failure into PlannerUnavailableError (503) without writing anything', async () => {
    // Prepare
    const model = fakeModel().alwaysThrow(new Error('connect ECONNREFUSED'));
    const h = plannerHarness({ model });

    // Act
    const failure = h.send('Move BK-1042 to Saturday at 3pm');

    // Assess
    await expect(failure).rejects.toMatchObject({
      name: 'PlannerUnavailableError',
      errorType: 'service_unavailable',
    });
    expect(await h.sessionStore.get('session-1')).toBeUndefined();
  });

  it('throws AuthRequiredError when the booking API rejects the token during a lookup', async () => {
    // Prepare
    const api = new FakeBookingApi();
    api.failWith = 401;
    const model = fakeModel().respondWithTools([
      { name: 'searchBookings', args: { search_text: 'John' }, id: 'c1' },
    ]);
    const h = plannerHarness({ model, bookingApi: api });

    // Act
    const failure = h.send("Move John's booking");

    // Assess
    await expect(failure).rejects.toMatchObject({ name: 'AuthRequiredError', errorType: 'auth_required' });
    expect(await h.sessionStore.get('session-1')).toBeUndefined();
  });

  it('never executes a mutation while planning, even when the model calls one as a tool', async () => {
    // Prepare
    const api = new FakeBookingApi();
    const model = fakeModel()
      .respondWithTools([
        {
          name: 'rescheduleBooking',
          args: { booking_id: 'bk_1042', date: '2026-03-14', start_time: '15:00' },
          id: 'c1',
        },
      ])
      .respondWithTools([good]);
    const h = plannerHarness({ model, bookingApi: api });

    // Act
    const outcome = await h.send('Move BK-1042 to Saturday at 3pm');

    // Assess
    expect(outcome.kind).toBe('plan');
    expect(api.calls.map((c) => c.action_id)).not.toContain('rescheduleBooking');
    expect(lastInputOf(model, 1)?.text).toContain('rescheduleBooking is not an available tool');
  });
});
