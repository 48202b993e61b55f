import { describe, expect, it } from 'vitest';
import { settleInDoubtStep } from '../../../lib/executor/rollback/settle-in-doubt.ts';
import type { StoredStep } from '../../../lib/plans/stored-plan.ts';
import type { ActionCall } from '../../../lib/ports/booking-api.ts';
import type { ExecutionFailure } from '../../../lib/ports/execution-log.ts';
import { freshWorld } from '../../support/executor-harness.ts';
import { aConfirmedPlan, type StepInput, steps } from '../../support/executor-plans.ts';
import {
  BK_1042_BEFORE,
  ok,
  recorded,
  registryWith,
  rollbackRig,
  ScriptedBookingApi,
  unavailable,
} from '../../support/rollback-rig.ts';
import { useMemoryExecutorStack } from '../../support/use-memory-executor-stack.ts';

/**
 * settle-in-doubt.ts: the one more read-back when rollback starts on a step left in doubt (ADR 0007). Applied →
 * the step is recorded as succeeded (rollback then reverses it); not applied → settled, nothing to reverse; no
 * answer → still in doubt. Irreversible writes that cannot be read back are never re-sent.
 */
const stack = useMemoryExecutorStack();

function lostAnswer(overrides: Partial<ExecutionFailure> = {}): ExecutionFailure {
  return {
    kind: 'step_failed',
    step_number: 1,
    error_type: 'server_error',
    message: 'Step 1 got no answer.',
    in_doubt: true,
    ...overrides,
  };
}

/** getBooking answers with BK-1042 as `booking` says; every other call is refused loudly. */
function readsAs(booking: Record<string, unknown> | 'unreadable') {
  return new ScriptedBookingApi((call: ActionCall) => {
    if (call.action.action_id !== 'getBooking') throw new Error(`unexpected ${call.action.action_id}`);
    return booking === 'unreadable' ? unavailable : ok({ ...BK_1042_BEFORE, ...booking });
  });
}

async function settle(
  input: StepInput,
  step: (s: StoredStep) => StoredStep,
  failure: ExecutionFailure,
  api: ScriptedBookingApi,
  registry?: ReturnType<typeof registryWith>,
) {
  const world = await freshWorld(stack);
  const plan = aConfirmedPlan([input]);
  plan.actions = plan.actions.map(step);
  const rig = await rollbackRig(world, plan, { bookingApi: api, ...(registry ? { registry } : {}) });
  const settlement = await settleInDoubtStep(rig.ctx, rig.state, failure);
  const stored = await world.reload(plan);
  const logged = await world.log.get(plan.plan_id);
  return { settlement, stored, logged, api };
}

const guestCount14 = (state: StoredStep['step_state']) => (s: StoredStep) =>
  recorded(s, state, { before: BK_1042_BEFORE });

describe('settleInDoubtStep: the read-back decides', () => {
  it.each(['intent_recorded', 'failed'] as const)(
    'a %s step that the read-back shows applied is recorded as succeeded, and the failure is no longer in doubt',
    async (state) => {
      // Prepare
      const api = readsAs({ party_size: 14, version: 2 });

      // Act
      const { settlement, stored, logged } = await settle(
        steps.guestCount(14),
        guestCount14(state),
        lostAnswer(),
        api,
      );

      // Assess
      expect(api.operations()).toEqual(['getBooking']);
      expect(stored.actions[0]?.step_state).toBe('succeeded');
      expect(stored.actions[0]?.result).toEqual({
        success: true,
        response_data: { ...BK_1042_BEFORE, party_size: 14, version: 2 },
      });
      expect(settlement.state.plan).toEqual(stored);
      expect(settlement.failure).toEqual({ ...lostAnswer(), in_doubt: false });
      // The settled failure is logged before anything else happens (a crash resumes from it).
      expect(logged?.failure).toEqual({ ...lostAnswer(), in_doubt: false });
      expect(settlement.state.failure).toEqual({ ...lostAnswer(), in_doubt: false });
    },
  );

  it('a read-back that shows the change not made settles it: failed, nothing to reverse', async () => {
    const { settlement, stored, logged } = await settle(
      steps.guestCount(14),
      guestCount14('intent_recorded'),
      lostAnswer(),
      readsAs({ version: 1 }),
    );

    expect(stored.actions[0]?.step_state).toBe('failed');
    expect(stored.actions[0]?.result).toEqual({
      success: false,
      error_type: 'server_error',
      error_message: 'Step 1 got no answer.',
    });
    expect(settlement.failure.in_doubt).toBe(false);
    expect(logged?.failure?.in_doubt).toBe(false);
  });

  it.each([
    ['a timed-out attempt', { error_type: 'timeout' as const }],
    ['an attempt still in flight', { error_type: 'server_error' as const, in_flight: true }],
    ['a lost answer of unknown kind', { error_type: undefined }],
  ])('%s stays in doubt even when the booking reads unchanged (it may still land)', async (_, lost) => {
    const failure = lostAnswer(lost);
    const { settlement, stored, logged } = await settle(
      steps.guestCount(14),
      guestCount14('intent_recorded'),
      failure,
      readsAs({ version: 1 }),
    );

    expect(settlement.failure).toEqual(failure);
    expect(logged).toBeUndefined();
    expect(stored.actions[0]?.step_state).toBe('failed');
    expect(stored.actions[0]?.result).toEqual({
      success: false,
      ...(failure.error_type ? { error_type: failure.error_type } : {}),
      error_message: 'Step 1 got no answer.',
    });
  });

  it('an unreadable booking keeps the step in doubt and records it failed, once', async () => {
    const { settlement, stored } = await settle(
      steps.guestCount(14),
      guestCount14('intent_recorded'),
      lostAnswer(),
      readsAs('unreadable'),
    );

    expect(settlement.failure).toEqual(lostAnswer());
    expect(settlement.state.plan).toEqual(stored);
    expect(stored.actions[0]?.step_state).toBe('failed');
  });

  it('a step already recorded failed keeps its own record', async () => {
    // Prepare: the forward run recorded why it failed; the rollback's failure text differs.
    const step = (s: StoredStep): StoredStep => ({
      ...recorded(s, 'failed', { before: BK_1042_BEFORE }),
      result: { success: false, error_type: 'timeout', error_message: 'The forward text.' },
    });

    const { stored } = await settle(steps.guestCount(14), step, lostAnswer(), readsAs('unreadable'));

    expect(stored.actions[0]?.result?.error_message).toBe('The forward text.');
  });
});

describe('settleInDoubtStep: what is never read back or re-sent', () => {
  it('a failure not in doubt is returned as it is, with nothing read and nothing logged', async () => {
    const failure = lostAnswer({ in_doubt: false });
    const api = readsAs({ party_size: 14, version: 2 });

    const { settlement, stored, logged } = await settle(
      steps.guestCount(14),
      guestCount14('intent_recorded'),
      failure,
      api,
    );

    expect(settlement.failure).toBe(failure);
    expect(api.calls).toEqual([]);
    expect(logged).toBeUndefined();
    expect(stored.actions[0]?.step_state).toBe('intent_recorded');
  });

  it.each(['succeeded', 'pending', 'compensated'] as const)(
    'a %s step had its answer: settled without a read',
    async (state) => {
      const api = readsAs('unreadable');

      const { settlement, logged } = await settle(
        steps.guestCount(14),
        guestCount14(state),
        lostAnswer(),
        api,
      );

      expect(api.calls).toEqual([]);
      expect(settlement.failure).toEqual({ ...lostAnswer(), in_doubt: false });
      expect(logged?.failure).toEqual({ ...lostAnswer(), in_doubt: false });
    },
  );

  it('an irreversible write that can be read back is read back (and settled by what it shows)', async () => {
    // Prepare: a guest-count change that this registry declares irreversible (its pre-image read stays).
    const registry = registryWith({ updateGuestCount: { reversible: false } });
    const api = readsAs({ party_size: 14, version: 2 });

    const { settlement, stored } = await settle(
      steps.guestCount(14),
      guestCount14('intent_recorded'),
      lostAnswer(),
      api,
      registry,
    );

    expect(api.operations()).toEqual(['getBooking']);
    expect(stored.actions[0]?.step_state).toBe('succeeded');
    expect(settlement.failure.in_doubt).toBe(false);
  });

  it('a create that cannot be read back is re-sent once under its key: the replayed answer tells', async () => {
    const api = new ScriptedBookingApi(() => ok({ booking_id: 'bk_2001', booking_reference: 'BK-2001' }));
    const create = {
      action_id: 'createBooking',
      parameters: {
        product_id: 'prod_party_room',
        date: '2026-12-13',
        start_time: '10:00',
        party_size: 8,
        guest_name: 'Ann Lee',
      },
    };

    const { settlement, stored } = await settle(create, (s) => recorded(s, 'failed'), lostAnswer(), api);

    expect(api.calls.map((c) => [c.action.action_id, c.idempotencyKey])).toEqual([
      ['createBooking', `${stored.plan_id}:step-1`],
    ]);
    expect(stored.actions[0]?.step_state).toBe('succeeded');
    expect(settlement.failure.in_doubt).toBe(false);
  });

  // A read-only step that could be "read back" (a verify block), to show that read_only alone decides.
  const readableRead = registryWith({
    getBooking: {
      verify: {
        action_id: 'getBooking',
        parameters: { booking_id: '{{request.booking_id}}' },
        fields: { booking_id: '{{request.booking_id}}' },
      },
    },
  });
  it.each([
    [
      'an irreversible write that cannot be read back (a confirmation)',
      steps.confirmation('email'),
      {},
      undefined,
    ],
    [
      'a create whose sent arguments were never recorded',
      { action_id: 'createBooking', parameters: { product_id: 'prod_party_room' } },
      { resolved: null },
      undefined,
    ],
    [
      'a read-only step (it changed nothing)',
      { action_id: 'getBooking', parameters: { booking_id: 'bk_1042' } },
      {},
      readableRead,
    ],
    [
      'a step whose action the registry no longer offers',
      steps.guestCount(14),
      { before: BK_1042_BEFORE },
      registryWith({ updateGuestCount: undefined }),
    ],
  ] as const)(
    '%s is neither read back nor re-sent: failed, still in doubt',
    async (_, input, record, registry) => {
      const api = new ScriptedBookingApi(() => ok({ ...BK_1042_BEFORE, party_size: 14, version: 2 }));

      const { settlement, stored } = await settle(
        input,
        (s) => recorded(s, 'intent_recorded', record),
        lostAnswer(),
        api,
        registry,
      );

      expect(api.calls).toEqual([]);
      expect(settlement.failure).toEqual(lostAnswer());
      expect(stored.actions[0]?.step_state).toBe('failed');
    },
  );
});
