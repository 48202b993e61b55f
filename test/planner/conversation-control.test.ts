import { AIMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import { CANCELLED_MESSAGE } from '../../lib/planner/graph/nodes/cancel.ts';
import { expectKind, params, plannerHarness, systemPromptOf } from './support/planner-harness.ts';

const moveJohn = (id: string, time: string, date = 'Saturday') => ({
  name: 'propose_plan',
  id,
  args: {
    intent_summary: `Move John Smith's booking to ${date} ${time}`,
    steps: [
      {
        action_id: 'rescheduleBooking',
        parameters: params({ booking_id: 'bk_1042', date, start_time: time }),
      },
    ],
  },
});

/** A session with one pending plan (turn 1: "Move John Smith's booking to Saturday at 3pm"). */
async function withPendingPlan(model: ReturnType<typeof fakeModel>) {
  const h = plannerHarness({ model });
  const first = expectKind(await h.send("Move John Smith's booking to Saturday at 3pm"), 'plan');
  return { h, first };
}

describe('createPlanner: missing data (000 Planning Rules 2)', () => {
  it('asks for the guest count instead of assuming one, and records the clarification', async () => {
    // Prepare
    const model = fakeModel()
      .respondWithTools([{ name: 'searchBookings', args: { search_text: 'Sarah Smith' }, id: 'c1' }])
      .respondWithTools([
        {
          name: 'ask_clarification',
          id: 'c2',
          args: {
            question: 'How many guests should it be for? And should I email them?',
            missing: 'guest_count',
          },
        },
      ]);
    const h = plannerHarness({ model });

    // Act
    const outcome = expectKind(
      await h.send("Change the guest count on Sarah Smith's booking"),
      'clarification',
    );

    // Assess
    expect(outcome.question).toBe('How many guests should it be for?');
    expect(await h.planStore.listBySession('session-1')).toEqual([]);
    const session = await h.sessionStore.get('session-1');
    expect(session?.clarification_count).toBe(1);
    expect(session?.referenced_booking?.booking_id).toBe('bk_1045');
    const event = h.tracer.records.find((r) => r.kind === 'event' && r.name === 'clarification');
    expect(event?.attrs).toMatchObject({
      input: { unclear: 'guest_count', attempt: 1, bound_reached: false },
      output: { question: 'How many guests should it be for?' },
    });
  });
});

describe('createPlanner: cancel or change of mind (seed 002)', () => {
  it.each([
    ['never mind'],
    ['Forget it, thanks'],
    ['annuler'],
    ['non finalement je veux réserver autre chose'],
    ['On recommence'],
  ])(
    '"%s" clears the session and makes the pending plan unconfirmable, without calling the model',
    async (message) => {
      // Prepare
      const model = fakeModel()
        .respondWithTools([{ name: 'searchBookings', args: { search_text: 'John Smith' }, id: 'c1' }])
        .respondWithTools([moveJohn('c2', '3pm')]);
      const { h, first } = await withPendingPlan(model);

      // Act
      const outcome = await h.send(message);

      // Assess
      expect(outcome).toEqual({
        kind: 'clarification',
        question: CANCELLED_MESSAGE,
        reply_type: 'cancelled',
      });
      expect(model.callCount).toBe(2);
      expect(await h.planStore.get(first.plan.plan_id)).toMatchObject({
        status: 'cancelled',
        closed_reason: 'cancelled_by_user',
        invalidated_reason: 'cancelled_by_user',
        version: 2,
      });
      const session = await h.sessionStore.get('session-1');
      expect(session).toMatchObject({ messages: [], clarification_count: 0 });
      expect(session?.pending_plan_id).toBeUndefined();
      expect(session?.referenced_booking).toBeUndefined();
    },
  );

  it('cancels when the model detects a change of mind (cancel_request)', async () => {
    // Prepare
    const model = fakeModel()
      .respondWithTools([{ name: 'searchBookings', args: { search_text: 'John Smith' }, id: 'c1' }])
      .respondWithTools([moveJohn('c2', '3pm')])
      .respondWithTools([{ name: 'cancel_request', id: 'c3', args: {} }]);
    const { h, first } = await withPendingPlan(model);

    // Act
    const outcome = await h.send("Hmm, let's not do that after all");

    // Assess
    expect(outcome).toEqual({ kind: 'clarification', question: CANCELLED_MESSAGE, reply_type: 'cancelled' });
    expect((await h.planStore.get(first.plan.plan_id))?.invalidated_reason).toBe('cancelled_by_user');
    expect((await h.sessionStore.get('session-1'))?.messages).toEqual([]);
  });

  it('leaves "cancel the booking" requests to the model: that is a plan, not a change of mind', async () => {
    // Prepare
    const model = fakeModel().respondWithTools([
      {
        name: 'propose_plan',
        id: 'c1',
        args: {
          intent_summary: 'Cancel BK-1044',
          steps: [{ action_id: 'cancelBooking', parameters: params({ booking_id: 'bk_1044' }) }],
        },
      },
    ]);
    const h = plannerHarness({ model });

    // Act
    const outcome = await h.send('Cancel the booking BK-1044');

    // Assess
    expect(expectKind(outcome, 'plan').plan.actions[0]?.action_id).toBe('cancelBooking');
  });
});

describe('createPlanner: amending the pending plan', () => {
  it('"actually make it 4pm" supersedes the pending plan with a new one that amends it', async () => {
    // Prepare
    const model = fakeModel()
      .respondWithTools([{ name: 'searchBookings', args: { search_text: 'John Smith' }, id: 'c1' }])
      .respondWithTools([moveJohn('c2', '3pm')])
      .respondWithTools([moveJohn('c3', '4pm', '2026-03-14')]);
    const { h, first } = await withPendingPlan(model);

    // Act
    const second = expectKind(await h.send('actually make it 4pm'), 'plan');

    // Assess
    expect(second.plan.actions[0]?.parameters).toEqual({
      booking_id: 'bk_1042',
      date: '2026-03-14',
      start_time: '16:00',
    });
    expect(await h.planStore.get(second.plan.plan_id)).toMatchObject({
      amends_plan_id: first.plan.plan_id,
      version: 1,
    });
    expect(await h.planStore.get(first.plan.plan_id)).toMatchObject({
      invalidated_reason: 'superseded',
      version: 2,
    });
    expect((await h.sessionStore.get('session-1'))?.pending_plan_id).toBe(second.plan.plan_id);
    const prompt = systemPromptOf(model, 2);
    expect(prompt).toContain(`Pending plan: <booking_data>{"plan_id":"${first.plan.plan_id}"`);
  });

  it('does not change a plan that was confirmed meanwhile: it says so and creates nothing', async () => {
    // Prepare
    const model = fakeModel()
      .respondWithTools([{ name: 'searchBookings', args: { search_text: 'John Smith' }, id: 'c1' }])
      .respondWithTools([moveJohn('c2', '3pm')])
      .respondWithTools([moveJohn('c3', '4pm', '2026-03-14')]);
    const { h, first } = await withPendingPlan(model);
    const pendingAtLoad = await h.planStore.get(first.plan.plan_id);
    const sessionStore = h.sessionStore;
    const originalGet = h.planStore.get.bind(h.planStore);
    let reads = 0;
    // The plan is confirmed between the planner's read and its supersede write.
    h.planStore.get = async (id: string) => {
      reads += 1;
      if (reads === 1) {
        const snapshot = await originalGet(id);
        await h.planStore.update(id, pendingAtLoad?.version ?? 1, {
          set: { status: 'confirmed', confirmed_at: '2026-03-11T01:00:00Z' },
        });
        return snapshot;
      }
      return originalGet(id);
    };

    // Act
    const outcome = expectKind(await h.send('actually make it 4pm'), 'clarification');

    // Assess
    expect(outcome.question).toContain('already confirmed');
    expect(await h.planStore.listBySession('session-1')).toHaveLength(1);
    expect((await sessionStore.get('session-1'))?.pending_plan_id).toBeUndefined();
  });
});

describe('createPlanner: bounded clarifications (000 Planning Rules 5)', () => {
  it('after MAX_CLARIFICATIONS questions, suggests rephrasing with quick actions and starts the count again', async () => {
    // Prepare
    const ask = (id: string) => ({
      name: 'ask_clarification',
      id,
      args: { question: 'What would you like to change?', missing: 'action' },
    });
    const model = fakeModel()
      .respondWithTools([ask('c1')])
      .respondWithTools([ask('c2')])
      .respondWithTools([ask('c3')])
      .respondWithTools([ask('c4')]);
    const h = plannerHarness({ model });

    // Act
    const outcomes = [];
    for (const message of ['the thing', 'the other thing', 'you know', 'that one'])
      outcomes.push(await h.send(message));

    // Assess
    expect(outcomes.slice(0, 3).map((o) => expectKind(o, 'clarification').question)).toEqual([
      'What would you like to change?',
      'What would you like to change?',
      'What would you like to change?',
    ]);
    const fallback = expectKind(outcomes[3] as (typeof outcomes)[number], 'clarification');
    expect(fallback.question).toMatch(
      /^I'm still not sure what you'd like to change\. Could you rephrase it/,
    );
    const safeExamples = h.deps.registry
      .modelVisible()
      .filter((a) => !a.read_only && a.safety_tier === 'normal' && a.reversible)
      .map((a) => a.examples?.[0]);
    expect(fallback.suggestions?.length).toBe(4);
    for (const suggestion of fallback.suggestions ?? []) expect(safeExamples).toContain(suggestion);
    expect(await h.sessionStore.get('session-1')).toMatchObject({ clarification_count: 0, messages: [] });
    const events = h.tracer.records.filter((r) => r.kind === 'event' && r.name === 'clarification');
    expect(events.map((e) => (e.attrs as { input: { bound_reached: boolean } }).input.bound_reached)).toEqual(
      [false, false, false, true],
    );
  });

  it('offers the decline message with the registry’s quick actions when the request is out of scope', async () => {
    // Prepare
    const model = fakeModel().respond(
      new AIMessage({
        content: '',
        tool_calls: [
          { id: 'c1', name: 'decline', args: { message: 'I can only change bookings.' }, type: 'tool_call' },
        ],
      }),
    );
    const h = plannerHarness({ model });

    // Act
    const outcome = expectKind(await h.send("What's the weather tomorrow?"), 'clarification');

    // Assess
    expect(outcome.question).toBe('I can only change bookings.');
    expect(outcome.suggestions?.length).toBeGreaterThan(0);
  });
});
