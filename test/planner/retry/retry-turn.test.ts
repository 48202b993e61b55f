import { describe, expect, it } from 'vitest';
import { OfflinePlannerModel } from '../../../lib/models/offline/offline-planner-model.ts';
import { PENDING_AGAIN_NOTE } from '../../../lib/planner/retry/pending-again.ts';
import type { StoredPlan } from '../../../lib/plans/stored-plan.ts';
import { FakeBookingApi } from '../support/fake-booking-api.ts';
import { expectKind, plannerHarness } from '../support/planner-harness.ts';

/** The offline model through the real planner and gate, over the unit venue (BK-1044: John Okafor, 4 guests). */
function offline() {
  const api = new FakeBookingApi();
  return { api, ...plannerHarness({ model: new OfflinePlannerModel(), bookingApi: api }) };
}

type Harness = ReturnType<typeof offline>;

/** What the executor leaves when a plan's first step is refused: rolled back, its pre-image read, nothing applied. */
async function failPlan(h: Harness, planId: string, seen: Record<string, unknown>): Promise<StoredPlan> {
  const plan = await h.planStore.get(planId);
  if (!plan) throw new Error('no plan');
  return h.planStore.update(planId, plan.version, {
    set: {
      status: 'rolled_back',
      failure_reason: 'Step 1 (…): there is not enough room in that slot (0 left).',
      actions: plan.actions.map((s) => ({
        ...s,
        step_state: 'failed',
        before: { booking_id: 'bk_1044', ...seen },
      })),
    },
  });
}

function okafor(h: Harness) {
  const booking = h.api.bookings.find((b) => b.booking_id === 'bk_1044');
  if (!booking) throw new Error('no BK-1044');
  return booking;
}

describe('"try again" after a failed plan (issue 16, ADR 0015)', () => {
  it('plans the same relative change against the fresh count and says what changed and why it failed', async () => {
    // Prepare: "2 more guests" on a party of 4 was planned as 6 and failed; someone made it 5 since.
    const h = offline();
    const first = expectKind(await h.send('BK-1044 has another two guests coming'), 'plan');
    expect(first.plan.actions[0]?.parameters).toMatchObject({ booking_id: 'bk_1044', party_size: 6 });
    await failPlan(h, first.plan.plan_id, { booking_reference: 'BK-1044', party_size: 4 });
    okafor(h).party_size = 5;

    // Act
    const retried = expectKind(await h.send('can you try that again?'), 'plan');

    // Assess: 5 + 2, never 6 again; a new pending plan, the failed one untouched.
    expect(retried.plan.actions.map((a) => [a.action_id, a.parameters])).toEqual([
      ['updateGuestCount', { booking_id: 'bk_1044', party_size: 7 }],
    ]);
    expect(retried.plan.plan_id).not.toBe(first.plan.plan_id);
    expect(retried.plan.status).toBe('pending_confirmation');
    expect(retried.presentation.retry_note).toBe(
      'Since the last attempt: BK-1044 guests 4 → 5. The last attempt failed: Step 1 (…): there is not enough room in that slot (0 left).',
    );
    expect((await h.planStore.get(first.plan.plan_id))?.status).toBe('rolled_back');
    const session = await h.sessionStore.get('session-1');
    expect(session?.pending_plan_id).toBe(retried.plan.plan_id);
    const replayed = session?.messages.filter((m) => m.data.additional_kwargs);
    expect(JSON.stringify(replayed)).toContain(`"retry_of":"${first.plan.plan_id}"`);
    // The note is for the user: the failure reason and booking values never enter a model's context.
    expect(JSON.stringify(session?.messages)).not.toMatch(/last attempt|not enough room/);
  });

  it('says nothing changed when the booking is as the last attempt saw it', async () => {
    const h = offline();
    const first = expectKind(await h.send('Change BK-1044 to 9 guests'), 'plan');
    await failPlan(h, first.plan.plan_id, { booking_reference: 'BK-1044', party_size: 4 });

    const retried = expectKind(await h.send('retry'), 'plan');

    expect(retried.plan.actions[0]?.parameters).toEqual({ booking_id: 'bk_1044', party_size: 9 });
    expect(retried.presentation.retry_note).toMatch(
      /^Nothing has changed on BK-1044 since the last attempt\./,
    );
  });

  it('asks instead of planning when the change is already there, or the booking is cancelled or gone', async () => {
    const h = offline();
    const first = expectKind(await h.send('Change BK-1044 to 9 guests'), 'plan');
    await failPlan(h, first.plan.plan_id, { booking_reference: 'BK-1044', party_size: 4 });
    okafor(h).party_size = 9;
    const already = expectKind(await h.send('try again'), 'clarification');
    okafor(h).status = 'cancelled';
    const closed = expectKind(await h.send('try again'), 'clarification');
    h.api.bookings.splice(h.api.bookings.indexOf(okafor(h)), 1);
    const gone = expectKind(await h.send('try again'), 'clarification');

    expect(already).toMatchObject({ reply_type: 'question', asks_for: 'other' });
    expect(already.question).toMatch(/BK-1044 already shows what the last attempt was going to set/);
    expect(closed.question).toMatch(/BK-1044 is now cancelled, so there is nothing to try again/);
    expect(gone.question).toMatch(
      /^The last attempt failed: .* BK-1044 can no longer be found, so I have not planned it again/,
    );
    const history = JSON.stringify((await h.sessionStore.get('session-1'))?.messages);
    expect(history).toContain('BK-1044 can no longer be found');
    expect(history).not.toContain('The last attempt failed');
    expect((await h.planStore.listBySession('session-1')).map((p) => p.plan_id)).toEqual([
      first.plan.plan_id,
    ]);
  });

  it('says so plainly, without the model, when there is nothing to retry', async () => {
    const h = offline();

    const nothing = expectKind(await h.send('try again'), 'clarification');

    expect(nothing).toEqual({
      kind: 'clarification',
      reply_type: 'declined',
      question:
        'There is no failed request in this conversation to try again. What would you like to change?',
    });
    expect(h.api.calls).toEqual([]);
  });

  it('shows a plan still awaiting confirmation again, unchanged, saying it only needs confirming', async () => {
    const h = offline();
    const first = expectKind(await h.send('Change BK-1044 to 9 guests'), 'plan');
    const stored = await h.planStore.get(first.plan.plan_id);
    const calls = h.api.calls.length;

    const again = expectKind(await h.send('please retry it'), 'plan');

    expect(again.plan).toEqual(first.plan);
    expect(again.presentation).toEqual({ ...first.presentation, retry_note: PENDING_AGAIN_NOTE });
    expect(await h.planStore.get(first.plan.plan_id)).toEqual(stored);
    expect(h.api.calls.length).toBe(calls);
  });

  it('reads a retry with an amendment as an ordinary turn: the new words decide, the old plan is context', async () => {
    const h = offline();
    const first = expectKind(await h.send('Change BK-1044 to 9 guests'), 'plan');
    await failPlan(h, first.plan.plan_id, { booking_reference: 'BK-1044', party_size: 4 });

    const amended = expectKind(await h.send('try again but for 8 guests'), 'plan');

    expect(amended.plan.actions.map((a) => a.parameters)).toEqual([{ booking_id: 'bk_1044', party_size: 8 }]);
    expect(amended.presentation.retry_note).toBeUndefined();
    expect(h.tracer.records.some((r) => r.kind === 'event' && r.name === 'retry_request')).toBe(false);
  });

  it('never runs a plan of another session again', async () => {
    const h = offline();
    const first = expectKind(await h.send('Change BK-1044 to 9 guests', 'session-a'), 'plan');
    await failPlan(h, first.plan.plan_id, { party_size: 4 });

    const other = expectKind(await h.send('try again', 'session-b'), 'clarification');

    expect(other.question).toMatch(/no failed request/);
  });
});
