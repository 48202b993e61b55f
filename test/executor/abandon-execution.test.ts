import { describe, expect, it } from 'vitest';
import { createAbandonExecution } from '../../lib/executor/abandon-execution.ts';
import type { CrashPoint } from '../../lib/executor/executor-deps.ts';
import { OfflineExecutorModel } from '../../lib/models/offline-executor-model.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import { TOKEN } from '../support/executor-fixture.ts';
import { committedCalls, type ExecutorWorld, freshWorld } from '../support/executor-harness.ts';
import { aConfirmedPlan, steps } from '../support/executor-plans.ts';
import { testTokenSealer } from '../support/token-sealer.ts';
import { useMemoryExecutorStack } from '../support/use-memory-executor-stack.ts';

const DEAD = 'This request kept failing before it could finish, so it was stopped';

/** A crash hook that throws (the consumer dies) the nth time `point` is reached. */
function crashAt(point: CrashPoint, nth = 1): (p: CrashPoint) => void {
  let seen = 0;
  return (p) => {
    if (p === point && ++seen === nth) throw new Error(`crashed at ${p} #${nth}`);
  };
}

/** One delivery that dies at the crash point, leaving the plan executing (its message would go to the DLQ). */
async function deliverAndCrash(world: ExecutorWorld, plan: StoredPlan, point: CrashPoint, nth = 1) {
  await expect(
    world.deliver(plan, new OfflineExecutorModel(), { deps: { crash: crashAt(point, nth) } }),
  ).rejects.toThrow(`crashed at ${point}`);
}

describe('abandon with rollback (ADR 0009): the watchdog ends a plan whose message died twice', () => {
  const stack = useMemoryExecutorStack();

  async function abandon(world: ExecutorWorld, planId: string) {
    const { model: _model, ...deps } = world.deps(new OfflineExecutorModel());
    const sealed_token = await testTokenSealer.seal(TOKEN, planId);
    return createAbandonExecution(deps)({ plan_id: planId, kind: 'start', version: 1, sealed_token });
  }

  it('leaves a plan that is not executing (or unknown) alone', async () => {
    // Prepare
    const world = await freshWorld(stack);
    const plan = await world.seed(aConfirmedPlan([steps.guestCount(14)]));

    // Act
    const confirmed = await abandon(world, plan.plan_id);
    const unknown = await abandon(world, 'no-such-plan');

    // Assess
    expect([confirmed, unknown]).toEqual([undefined, undefined]);
    expect((await world.reload(plan)).status).toBe('confirmed');
    expect(world.tracer.spans).toEqual([]);
  });

  it('undoes the steps done, from the first step not done, and says why it stopped', async () => {
    // Prepare: step 1 done, the consumer died before step 2.
    const world = await freshWorld(stack);
    const plan = await world.seed(
      aConfirmedPlan([steps.guestCount(14), steps.note('late'), steps.note('later')]),
    );
    await deliverAndCrash(world, plan, 'after_record');

    // Act
    const ended = await abandon(world, plan.plan_id);

    // Assess
    expect(ended?.status).toBe('rolled_back');
    expect(ended?.failure_reason).toBe(`${DEAD} and the changes it had made were undone. You can ask again.`);
    expect(ended?.rollback_report).toEqual({ triggered_by_step: 2, actions_reversed: [1] });
    expect(stack.sandbox.admin.booking('bk_1042')?.partySize).toBe(12);
    const [span] = world.tracer.named('abandoned_execution');
    expect(span?.input).toEqual({ plan_id: plan.plan_id, steps: 3 });
    expect(span?.scope).toEqual({ userId: plan.user_id, sessionId: plan.session_id, planId: plan.plan_id });
    expect(span?.updates).toEqual([{ output: { status: 'rolled_back' } }]);
  });

  it('with every step done but the plan not closed, reports the last step as the trigger', async () => {
    // Prepare: the consumer died right after recording the last of three steps.
    const world = await freshWorld(stack);
    const plan = await world.seed(
      aConfirmedPlan([steps.guestCount(14), steps.reschedule('2026-12-12', '10:00'), steps.guestCount(16)]),
    );
    await deliverAndCrash(world, plan, 'after_record', 3);

    // Act
    const ended = await abandon(world, plan.plan_id);

    // Assess
    expect(ended?.status).toBe('rolled_back');
    expect(ended?.rollback_report?.triggered_by_step).toBe(3);
    expect(ended?.rollback_report?.actions_reversed).toEqual([3, 2, 1]);
  });

  it('a write sent without a recorded answer is in doubt: read back first, and undone when it landed', async () => {
    // Prepare: the consumer died after step 1's HTTP call committed, before its record.
    const world = await freshWorld(stack);
    const plan = await world.seed(aConfirmedPlan([steps.guestCount(14), steps.note('late')]));
    await deliverAndCrash(world, plan, 'after_http_call');
    expect((await world.reload(plan)).actions[0]?.step_state).toBe('intent_recorded');

    // Act
    const ended = await abandon(world, plan.plan_id);

    // Assess
    expect(stack.sandbox.admin.booking('bk_1042')?.partySize).toBe(12);
    expect(ended?.rollback_report?.triggered_by_step).toBe(1);
    // Not a timeout: the attempt belonged to an invocation that died minutes ago, so nothing is still in flight.
    expect(world.tracer.named('rollback')[0]?.input).toEqual({
      triggered_by_step: 1,
      error_type: 'server_error',
    });
    expect(committedCalls(stack.sandbox)).toEqual([
      `updateGuestCount ${plan.plan_id}:step-1`,
      `updateGuestCount ${plan.plan_id}:step-1:compensate`,
    ]);
  });

  it('a failure decided before the message died keeps its own text', async () => {
    // Prepare: step 2 failed, the consumer died during the rollback of step 1.
    const world = await freshWorld(stack);
    const plan = await world.seed(aConfirmedPlan([steps.guestCount(14), steps.note('late')]));
    stack.sandbox.admin.injectFault({ operation: 'addBookingNote', kind: 'status', status: 500 });
    await deliverAndCrash(world, plan, 'after_compensation_http_call');
    const decided = (await world.log.get(plan.plan_id))?.failure;

    // Act
    const ended = await abandon(world, plan.plan_id);

    // Assess
    expect(decided?.kind).toBe('step_failed');
    expect(ended?.failure_reason).toBe(decided?.message);
    expect(ended?.status).toBe('rolled_back');
    expect(ended?.rollback_report).toEqual({ triggered_by_step: 2, actions_reversed: [1] });
  });
});
