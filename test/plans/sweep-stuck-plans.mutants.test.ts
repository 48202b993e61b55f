import { describe, expect, it } from 'vitest';
import { InMemoryDeadLetterQueue } from '../../lib/adapters/memory/in-memory-dead-letter-queue.ts';
import { InMemoryPlanQueue } from '../../lib/adapters/memory/in-memory-plan-queue.ts';
import type { PiiLookup } from '../../lib/plans/mask-plan.ts';
import type { StepState, StoredPlan } from '../../lib/plans/stored-plan.ts';
import { type SweepDeps, sweepStuckPlans } from '../../lib/plans/sweep-stuck-plans.ts';
import { PlanNotFoundError, StaleWriteError } from '../../lib/ports/plan-store.ts';
import { NOW, recordingStore, refusingWrites, storedIn } from './plan-fixtures.ts';

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.parse(NOW) - minutes * MINUTE).toISOString();
const bounds = { runningMs: 15 * MINUTE, questionMs: 24 * 60 * MINUTE };

/** A sweep over a recording store whose n-th write is refused when `refuse(n)` says. */
function world(
  options: {
    abandon?: SweepDeps['abandon'];
    refuse?: (attempt: number) => Error | undefined;
    isPii?: PiiLookup;
    maxRedrives?: number;
  } = {},
) {
  const rec = recordingStore();
  const { plans, writes } = refusingWrites(rec.plans, options.refuse ?? (() => undefined));
  const queue = new InMemoryPlanQueue();
  const deadLetters = new InMemoryDeadLetterQueue();
  const deps: SweepDeps = {
    plans,
    queue,
    deadLetters,
    clock: rec.clock,
    log: rec.log,
    isPii: options.isPii ?? (() => false),
    isMutation: (id: string) => id !== 'getBooking',
    bounds,
    ...(options.abandon ? { abandon: options.abandon } : {}),
    ...(options.maxRedrives === undefined ? {} : { maxRedrives: options.maxRedrives }),
  };
  return { ...rec, plans, writes, queue, deadLetters, sweep: () => sweepStuckPlans(deps) };
}

type World = ReturnType<typeof world>;

const stuck = (
  w: World,
  status: StoredPlan['status'],
  states: StepState[],
  extra: Partial<StoredPlan> = {},
) => storedIn(w.plans, status, states, { updated_at: ago(16), ...extra });

const letterFor = (plan: StoredPlan) => ({
  plan_id: plan.plan_id,
  kind: 'start',
  version: plan.version,
  sealed_token: 'sealed-tok-1',
});

describe('sweepStuckPlans: the failing write', () => {
  it('fails a stuck plan in one write guarded by its status, masked, with its question removed', async () => {
    // Prepare: stuck on a question longer than the session; the booking id is PII for this registry.
    const w = world({ isPii: (_action, param) => param === 'booking_id' });
    const plan = await stuck(w, 'executing', ['succeeded', 'succeeded'], {
      updated_at: ago(bounds.questionMs / MINUTE + 1),
      blocking_prompt: 'Which room?',
    });

    // Act
    const summary = await w.sweep();

    // Assess
    expect(summary.failed).toEqual([plan.plan_id]);
    expect(w.writes).toEqual([{ expectStatus: ['executing'] }]);
    expect(w.patches[0]?.remove).toEqual(['blocking_prompt', 'blocking_answer']);
    expect(w.patches[0]?.set).toMatchObject({ status: 'failed', pii_masked: true });
    const failed = await w.plans.get(plan.plan_id);
    expect(failed?.blocking_prompt).toBeUndefined();
    expect(failed?.failure_reason).toMatch(
      /^This request waited for your answer longer than the session lasts/,
    );
    expect(failed?.failure_reason).not.toContain('BK-1042');
    expect(w.lines).toContainEqual({
      message: `plan ${plan.plan_id} executing → failed`,
      attributes: expect.objectContaining({
        plan_id: plan.plan_id,
        from: 'executing',
        to: 'failed',
        watchdog: 'question_unanswered',
      }),
    });
  });

  it('leaves a plan whose failing write lost a race to the next sweep, and throws any other store fault', async () => {
    // Prepare
    const lost = world({ refuse: () => new StaleWriteError('p', 1) });
    const racing = await stuck(lost, 'executing', ['succeeded', 'pending']);
    const broken = world({ refuse: () => new Error('table unavailable') });
    await stuck(broken, 'executing', ['succeeded', 'pending']);

    // Act
    const summary = await lost.sweep();

    // Assess
    expect(summary.failed).toEqual([]);
    expect((await lost.plans.get(racing.plan_id))?.status).toBe('executing');
    await expect(broken.sweep()).rejects.toThrow('table unavailable');
  });
});

describe('sweepStuckPlans: the dead-letter queue', () => {
  it('discards letters that are not plan messages, whose plan is gone or terminal, or repeat a plan', async () => {
    // Prepare
    const w = world();
    const done = await storedIn(w.plans, 'completed');
    const live = await storedIn(w.plans, 'executing', ['succeeded', 'pending'], { updated_at: ago(1) });
    w.deadLetters.put({ hello: 'world' });
    w.deadLetters.put({ ...letterFor(live), plan_id: '00000000-0000-4000-8000-000000000000' });
    w.deadLetters.put(letterFor(done));
    w.deadLetters.put(letterFor(live));
    w.deadLetters.put(letterFor(live));

    // Act
    const summary = await w.sweep();

    // Assess: only the first letter of the live plan is redriven, once.
    expect(summary).toEqual({
      redriven: [live.plan_id],
      failed: [],
      rolled_back: [],
      expired: [],
      discarded: 4,
    });
    expect(w.queue.messages).toHaveLength(1);
    expect(w.deadLetters.size).toBe(0);
    expect((await w.plans.get(done.plan_id))?.status).toBe('completed');
  });

  it('records the redrive on the plan under a write guarded by its status and logs the count', async () => {
    // Prepare: redriven once already; up to three are allowed.
    const w = world({ maxRedrives: 3 });
    const plan = await stuck(w, 'executing', ['succeeded', 'pending'], { watchdog_redrives: 1 });
    w.deadLetters.put(letterFor(plan));

    // Act: the plan is also past its bound, but a redriven plan is left to its new message.
    const summary = await w.sweep();

    // Assess
    expect(summary).toMatchObject({ redriven: [plan.plan_id], failed: [] });
    expect(w.writes).toEqual([{ expectStatus: ['executing'] }]);
    expect(await w.plans.get(plan.plan_id)).toMatchObject({ status: 'executing', watchdog_redrives: 2 });
    expect(w.queue.messages[0]?.options.deduplicationId).toBe(`${plan.plan_id}:redrive-2`);
    expect(w.lines).toContainEqual({
      message: `plan ${plan.plan_id} redriven from the DLQ`,
      attributes: { plan_id: plan.plan_id, redrive: 2 },
    });
  });

  it('fails a twice-dead plan that is not executing without handing it to the rollback', async () => {
    // Prepare
    const handed: unknown[] = [];
    const w = world({
      abandon: async (message) => {
        handed.push(message);
        return undefined;
      },
    });
    const plan = await storedIn(w.plans, 'confirmed', ['pending', 'pending'], { watchdog_redrives: 1 });
    w.deadLetters.put(letterFor(plan));

    // Act
    const summary = await w.sweep();

    // Assess
    expect(handed).toEqual([]);
    expect(summary).toMatchObject({ failed: [plan.plan_id], rolled_back: [] });
    expect(await w.plans.get(plan.plan_id)).toMatchObject({
      status: 'failed',
      attention_reason: 'stuck',
      failure_reason:
        'This request kept failing before it could finish. Nothing was changed. You can ask again.',
    });
  });

  it('fails a twice-dead executing plan when the rollback finds nothing to end', async () => {
    // Prepare
    const w = world({ abandon: async () => undefined });
    const plan = await stuck(w, 'executing', ['succeeded', 'succeeded'], { watchdog_redrives: 1 });
    w.deadLetters.put(letterFor(plan));

    // Act
    const summary = await w.sweep();

    // Assess
    expect(summary).toMatchObject({ failed: [plan.plan_id], rolled_back: [] });
    expect((await w.plans.get(plan.plan_id))?.status).toBe('failed');
  });

  it('logs the rolled-back plan with the status the rollback ended it in', async () => {
    // Prepare
    const w = world({
      abandon: async (message) => {
        const current = await w.plans.get(message.plan_id);
        return current && { ...current, status: 'rolled_back' };
      },
    });
    const plan = await stuck(w, 'executing', ['succeeded', 'succeeded'], { watchdog_redrives: 1 });
    w.deadLetters.put(letterFor(plan));

    // Act
    await w.sweep();

    // Assess
    expect(w.lines).toEqual([
      {
        message: `plan ${plan.plan_id} rolled back after its message died twice`,
        attributes: { plan_id: plan.plan_id, status: 'rolled_back' },
      },
    ]);
  });

  it('warns with the error name when the rollback throws, then fails the plan for a manual check', async () => {
    // Prepare: one rollback throws an Error, the other a bare string.
    const thrown: unknown[] = [new TypeError('socket hang up'), 'boom'];
    const w = world({
      abandon: async () => {
        throw thrown.shift();
      },
    });
    const first = await stuck(w, 'executing', ['succeeded', 'succeeded'], { watchdog_redrives: 1 });
    const second = await stuck(w, 'executing', ['succeeded', 'succeeded'], { watchdog_redrives: 1 });
    w.deadLetters.put(letterFor(first));
    w.deadLetters.put(letterFor(second));

    // Act
    const summary = await w.sweep();

    // Assess
    expect(summary.failed).toEqual([first.plan_id, second.plan_id]);
    expect(w.lines).toContainEqual({
      message: `rollback of dead-lettered plan ${first.plan_id} did not finish; failing it for a manual check`,
      attributes: { plan_id: first.plan_id, error_name: 'TypeError' },
    });
    expect(w.lines).toContainEqual({
      message: `rollback of dead-lettered plan ${second.plan_id} did not finish; failing it for a manual check`,
      attributes: { plan_id: second.plan_id, error_name: 'unknown' },
    });
  });

  it('does not fail again a plan the throwing rollback had already ended', async () => {
    // Prepare: the rollback records rolled_back, then its last write fails.
    const w = world({
      abandon: async (message) => {
        const current = await w.plans.get(message.plan_id);
        if (current)
          await w.plans.update(current.plan_id, current.version, { set: { status: 'rolled_back' } });
        throw new Error('lost the report write');
      },
    });
    const plan = await stuck(w, 'executing', ['succeeded', 'succeeded'], { watchdog_redrives: 1 });
    w.deadLetters.put(letterFor(plan));

    // Act
    const summary = await w.sweep();

    // Assess
    expect(summary).toMatchObject({ failed: [], rolled_back: [] });
    expect((await w.plans.get(plan.plan_id))?.status).toBe('rolled_back');
  });
});

describe('sweepStuckPlans: pending plans', () => {
  it('leaves a pending plan within its TTL pending', async () => {
    // Prepare
    const w = world();
    const plan = await storedIn(w.plans, 'pending_confirmation', ['pending', 'pending'], {
      updated_at: ago(60 * 24),
      expires_at: Date.parse(NOW) / 1000 + 60,
    });

    // Act
    const summary = await w.sweep();

    // Assess
    expect(summary.expired).toEqual([]);
    expect(w.writes).toEqual([]);
    expect((await w.plans.get(plan.plan_id))?.status).toBe('pending_confirmation');
  });

  it('does not count as expired a pending plan that was gone before the expiry was written', async () => {
    // Prepare
    const w = world({ refuse: () => new PlanNotFoundError('p') });
    await storedIn(w.plans, 'pending_confirmation', ['pending', 'pending'], {
      expires_at: Date.parse(NOW) / 1000 - 1,
    });

    // Act
    const summary = await w.sweep();

    // Assess
    expect(w.writes).toHaveLength(1);
    expect(summary.expired).toEqual([]);
  });
});
