import { describe, expect, it } from 'vitest';
import type { RunContext } from '../../../lib/executor/run-context.ts';
import { resolveInDoubt } from '../../../lib/executor/step/resolve-in-doubt.ts';
import type { StoredStep } from '../../../lib/plans/stored-plan.ts';
import type { ActionOutcome } from '../../../lib/ports/booking-api.ts';
import { steps } from '../../support/executor-plans.ts';
import { bookingRead, failed, stepRig } from '../../support/step-run-rig.ts';
import { useMemoryExecutorStack } from '../../support/use-memory-executor-stack.ts';

/**
 * ADR 0007: a write whose answer was lost is read back; shown → applied; not made → re-sent under the SAME key
 * (and If-Match) while the budget lasts; a definite refusal of a re-send → not applied; a timed-out attempt
 * that may still land → in doubt, in flight; unreadable → in doubt. A create (no read-back) gets at least one
 * same-key re-send.
 */
const stack = useMemoryExecutorStack();

const guestStep: StoredStep = {
  step_number: 1,
  action_id: 'updateGuestCount',
  parameters: { booking_id: 'bk_1042', party_size: 14 },
  resolved_parameters: { booking_id: 'bk_1042', party_size: 14 },
  before: { booking_id: 'bk_1042', party_size: 12, version: 3 },
  safety_tier: 'normal',
  executed: false,
  step_state: 'intent_recorded',
  attempts: 2,
};
const createStep: StoredStep = {
  ...guestStep,
  action_id: 'createBooking',
  parameters: {},
  resolved_parameters: {
    product_id: 'p1',
    date: '2026-12-12',
    start_time: '10:00',
    party_size: 4,
    guest_name: 'A',
  },
  before: undefined,
  attempts: 1,
};

/** A rig whose writes answer `resends` in turn and whose reads answer `reads` in turn (the last one repeats). */
async function rig(writes: ActionOutcome[], reads: ActionOutcome[] = [bookingRead()], resends = 2) {
  let w = 0;
  let r = 0;
  const made = await stepRig(stack, [steps.guestCount(14)], (call) =>
    call.action.read_only
      ? (reads[Math.min(r++, reads.length - 1)] as ActionOutcome)
      : (writes[Math.min(w++, writes.length - 1)] as ActionOutcome),
  );
  const ctx: RunContext = {
    ...made.ctx,
    deps: { ...made.ctx.deps, config: { ...made.ctx.deps.config, IN_DOUBT_MAX_RESENDS: resends } },
  };
  const settle = (step: StoredStep, first: ReturnType<typeof failed>) =>
    resolveInDoubt(ctx, ctx.deps.registry.require(step.action_id), step, first as never, { resends });
  return { ...made, settle };
}

const lost502 = failed(502, 'server_error');
const timedOut = failed(undefined, 'timeout');

describe('resolveInDoubt: a write that can be read back', () => {
  it('shows the change: applied with the data read, nothing re-sent', async () => {
    // Prepare
    const { settle, calls } = await rig([], [bookingRead({ party_size: 14, version: 4 })]);
    // Act / Assess
    expect(await settle(guestStep, lost502)).toEqual({
      kind: 'applied',
      data: { booking_id: 'bk_1042', booking_reference: 'BK-1042', party_size: 14, version: 4 },
    });
    expect(calls.map((c) => c.action_id)).toEqual(['getBooking']);
  });

  it('not made: re-sent under the same attempt key and If-Match; a definite refusal ends it as not applied', async () => {
    // Prepare: the first re-send meets a 500 (says nothing), the second a 409.
    const refusal = failed(409, 'conflict');
    const { settle, calls, ctx } = await rig([failed(500, 'server_error'), refusal]);
    // Act
    const settled = await settle(guestStep, lost502);
    // Assess
    expect(settled).toEqual({ kind: 'not_applied', outcome: refusal });
    const resend = {
      action_id: 'updateGuestCount',
      args: { booking_id: 'bk_1042', party_size: 14 },
      idempotencyKey: `${ctx.planId}:step-1:attempt-2`,
      ifMatch: '3',
    };
    const read = { action_id: 'getBooking', args: { booking_id: 'bk_1042' } };
    expect(calls).toEqual([read, resend, read, resend]);
  });

  it('a re-send answered: applied with its data', async () => {
    // Prepare
    const { settle } = await rig([{ ok: true, status: 200, data: { version: 4 } }]);
    // Act / Assess
    expect(await settle(guestStep, lost502)).toEqual({ kind: 'applied', data: { version: 4 } });
  });

  it('not made after the whole budget: not applied with the last answer, or in doubt in flight after a timeout', async () => {
    // Prepare
    const last = failed(503, 'server_error', { message: 'still down' });
    const gateway = await rig([failed(500, 'server_error'), last], [bookingRead()], 2);
    const none = await rig([], [bookingRead()], 0);
    const timeoutFirst = await rig([], [bookingRead()], 0);
    const timeoutLater = await rig([timedOut], [bookingRead()], 1);
    // Act / Assess
    expect(await gateway.settle(guestStep, lost502)).toEqual({ kind: 'not_applied', outcome: last });
    expect(gateway.calls.filter((c) => c.action_id === 'updateGuestCount')).toHaveLength(2);
    expect(await none.settle(guestStep, lost502)).toEqual({ kind: 'not_applied', outcome: lost502 });
    expect(none.calls.map((c) => c.action_id)).toEqual(['getBooking']);
    expect(await timeoutFirst.settle(guestStep, timedOut)).toEqual({
      kind: 'in_doubt',
      outcome: timedOut,
      why: 'in_flight',
    });
    expect(await timeoutLater.settle(guestStep, lost502)).toEqual({
      kind: 'in_doubt',
      outcome: timedOut,
      why: 'in_flight',
    });
  });

  it('unreadable: in doubt at once, never re-sent blind', async () => {
    // Prepare
    const { settle, calls } = await rig([], [failed(500, 'server_error')]);
    // Act / Assess
    expect(await settle(guestStep, timedOut)).toEqual({
      kind: 'in_doubt',
      outcome: timedOut,
      why: 'unreadable',
    });
    expect(calls.map((c) => c.action_id)).toEqual(['getBooking']);
  });
});

describe('resolveInDoubt: a write that cannot be read back (a create)', () => {
  it('is re-sent under its key at least once, even with no budget; the replayed answer is taken', async () => {
    // Prepare
    const noBudget = await rig([lost502], [], 0);
    const replayed = await rig([{ ok: true, status: 201, data: { booking_id: 'bk_new' } }], [], 0);
    // Act / Assess
    expect(await noBudget.settle(createStep, lost502)).toEqual({
      kind: 'in_doubt',
      outcome: lost502,
      why: 'unreadable',
    });
    expect(noBudget.calls).toEqual([
      {
        action_id: 'createBooking',
        args: createStep.resolved_parameters,
        idempotencyKey: `${noBudget.ctx.planId}:step-1`,
      },
    ]);
    expect(await replayed.settle(createStep, lost502)).toEqual({
      kind: 'applied',
      data: { booking_id: 'bk_new' },
    });
  });

  it('is re-sent up to the budget while the API does not answer', async () => {
    // Prepare
    const { settle, calls } = await rig([lost502], [], 2);
    // Act / Assess
    expect((await settle(createStep, lost502)).kind).toBe('in_doubt');
    expect(calls).toHaveLength(2);
  });
});
