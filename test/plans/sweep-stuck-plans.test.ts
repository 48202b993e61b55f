import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { InMemoryDeadLetterQueue } from '../../devkit/adapters/memory/in-memory-dead-letter-queue.ts';
import { InMemoryPlanQueue } from '../../devkit/adapters/memory/in-memory-plan-queue.ts';
import { InMemoryPlanStore } from '../../devkit/adapters/memory/in-memory-plan-store.ts';
import { PlanStatus } from '../../lib/contracts/enums.ts';
import type { PiiLookup } from '../../lib/plans/mask-plan.ts';
import { silentLog } from '../../lib/plans/ops-log.ts';
import { isTerminal } from '../../lib/plans/status-machine.ts';
import type { StepState, StoredPlan } from '../../lib/plans/stored-plan.ts';
import { type SweepDeps, sweepStuckPlans } from '../../lib/plans/sweep-stuck-plans.ts';
import type { PlanMessage } from '../../lib/ports/plan-queue.ts';
import { PlanNotFoundError, StaleWriteError } from '../../lib/ports/plan-store.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { NOW, recordingStore, refusingWrites, storedIn } from './plan-fixtures.ts';

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.parse(NOW) - minutes * MINUTE).toISOString();
const bounds = { runningMs: 15 * MINUTE, questionMs: 24 * 60 * MINUTE };

function world(abandon?: SweepDeps['abandon']) {
  let at = Date.parse(NOW);
  const clock = { now: () => new Date(at) };
  const plans = new InMemoryPlanStore({ clock });
  const queue = new InMemoryPlanQueue();
  const deadLetters = new InMemoryDeadLetterQueue();
  const deps = {
    plans,
    queue,
    deadLetters,
    clock,
    log: silentLog,
    isPii: () => false,
    isMutation: (id: string) => id !== 'getBooking',
    bounds,
    ...(abandon ? { abandon } : {}),
  };
  const advance = (ms: number) => {
    at += ms;
  };
  return { plans, queue, deadLetters, advance, sweep: () => sweepStuckPlans(deps) };
}

/** A plan in `status` whose steps (getBooking, rescheduleBooking) are in `states`, last written `minutes` ago. */
function aPlan(
  status: PlanStatus,
  states: [StepState, StepState],
  minutes: number,
  extra: Partial<StoredPlan> = {},
) {
  const plan = aStoredPlan({ status, updated_at: ago(minutes), ...extra });
  return { ...plan, actions: plan.actions.map((a, i) => ({ ...a, step_state: states[i] ?? 'pending' })) };
}

/** A sweep over a recording store whose n-th write is refused when `refuse(n)` says. */
function recordingWorld(
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

type RecordingWorld = ReturnType<typeof recordingWorld>;

const stuck = (
  w: RecordingWorld,
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

describe('sweepStuckPlans (watchdog, ADR 0009)', () => {
  it('redrives a dead-lettered plan once under a new deduplication id, then fails it with a report', async () => {
    // Prepare: step 2 (the reschedule) was applied before the message died.
    const w = world();
    const plan = aPlan('executing', ['succeeded', 'succeeded'], 1);
    await w.plans.create(plan);
    const letter = {
      plan_id: plan.plan_id,
      kind: 'start',
      version: plan.version,
      sealed_token: 'sealed-tok-1',
    };
    w.deadLetters.put(letter);

    // Act: the first sweep redrives it; its message dies again; the second sweep fails it.
    const first = await w.sweep();
    w.deadLetters.put(letter);
    const second = await w.sweep();

    // Assess
    expect(first.redriven).toEqual([plan.plan_id]);
    expect(w.queue.messages.map((m) => m.options.deduplicationId)).toEqual([`${plan.plan_id}:redrive-1`]);
    expect(w.queue.messages[0]?.message.sealed_token).toBe('sealed-tok-1');
    expect(second.failed).toEqual([plan.plan_id]);
    expect(w.deadLetters.size).toBe(0);
    const failed = await w.plans.get(plan.plan_id);
    expect(failed).toMatchObject({
      status: 'failed',
      attention_reason: 'manual_recovery',
      watchdog_redrives: 1,
    });
    expect(failed?.rollback_report).toEqual({
      triggered_by_step: 2,
      actions_reversed: [],
      actions_failed_to_reverse: [
        { step_number: 2, reason: 'the execution stopped and could not be resumed, so it was not undone' },
      ],
      manual_recovery_steps: [
        'Step 2 ("rescheduleBooking") on booking BK-1042 was applied and was not undone. Please check booking BK-1042 and undo it by hand if it should not stand.',
      ],
    });
    expect(failed?.failure_reason).toMatch(
      /^This request kept failing before it could finish, and it could not be resumed/,
    );
  });

  it('hands a message that died twice, token included, to the rollback and reports the plan as rolled back', async () => {
    // Prepare
    const handed: PlanMessage[] = [];
    let plans: InMemoryPlanStore | undefined;
    const w = world(async (message) => {
      handed.push(message);
      const current = await plans?.get(message.plan_id);
      return current ? { ...current, status: 'rolled_back' } : undefined;
    });
    plans = w.plans;
    const plan = aPlan('executing', ['succeeded', 'succeeded'], 1, { watchdog_redrives: 1 });
    await w.plans.create(plan);
    const letter = {
      plan_id: plan.plan_id,
      kind: 'start',
      version: plan.version,
      sealed_token: 'sealed-tok-1',
    };
    w.deadLetters.put(letter);

    // Act
    const summary = await w.sweep();

    // Assess
    expect(handed).toEqual([letter]);
    expect(summary).toMatchObject({ rolled_back: [plan.plan_id], failed: [], redriven: [] });
    expect(w.deadLetters.size).toBe(0);
  });

  it('fails a twice-dead plan with the manual-check report when its rollback throws', async () => {
    // Prepare
    const w = world(async () => {
      throw new Error('plans table unavailable');
    });
    const plan = aPlan('executing', ['succeeded', 'succeeded'], 1, { watchdog_redrives: 1 });
    await w.plans.create(plan);
    w.deadLetters.put({
      plan_id: plan.plan_id,
      kind: 'start',
      version: plan.version,
      sealed_token: 'sealed-tok-1',
    });

    // Act
    const summary = await w.sweep();

    // Assess
    expect(summary).toMatchObject({ rolled_back: [], failed: [plan.plan_id] });
    expect(await w.plans.get(plan.plan_id)).toMatchObject({
      status: 'failed',
      attention_reason: 'manual_recovery',
    });
  });

  it('fails a plan stuck executing past the bound, naming a write sent without an answer', async () => {
    const w = world();
    const plan = aPlan('executing', ['succeeded', 'intent_recorded'], 16);
    await w.plans.create(plan);

    const summary = await w.sweep();

    expect(summary.failed).toEqual([plan.plan_id]);
    const failed = await w.plans.get(plan.plan_id);
    expect(failed?.rollback_report?.actions_reversed).toEqual([]);
    expect(failed?.rollback_report?.manual_recovery_steps).toEqual([
      'Step 2 ("rescheduleBooking") on booking BK-1042 was sent without an answer, so it may or may not have been applied. Please check booking BK-1042.',
    ]);
  });

  it('fails a confirmed plan that never started, saying nothing was changed', async () => {
    const w = world();
    const plan = aPlan('confirmed', ['pending', 'pending'], 20);
    await w.plans.create(plan);

    await w.sweep();

    expect(await w.plans.get(plan.plan_id)).toMatchObject({
      status: 'failed',
      attention_reason: 'stuck',
      failure_reason: 'This request was confirmed but never started. Nothing was changed. You can ask again.',
    });
  });

  it('leaves plans within their bound alone, and closes a pending plan past its TTL as expired', async () => {
    const w = world();
    const running = aPlan('executing', ['succeeded', 'pending'], 14);
    const asking = aPlan('executing', ['succeeded', 'pending'], 60, { blocking_prompt: 'How many?' });
    const pending = aPlan('pending_confirmation', ['pending', 'pending'], 30, {
      expires_at: Date.parse(NOW) / 1000 - 1,
    });
    for (const p of [running, asking, pending]) await w.plans.create(p);

    const summary = await w.sweep();

    expect(summary).toMatchObject({ failed: [], expired: [pending.plan_id] });
    expect((await w.plans.get(running.plan_id))?.status).toBe('executing');
    expect((await w.plans.get(asking.plan_id))?.status).toBe('executing');
    expect(await w.plans.get(pending.plan_id)).toMatchObject({
      status: 'cancelled',
      closed_reason: 'expired',
    });
  });

  const states = fc.constantFrom<StepState>('pending', 'intent_recorded', 'succeeded', 'failed');
  const aStuckCandidate = fc.record({
    status: fc.constantFrom<PlanStatus>(...PlanStatus.options),
    steps: fc.tuple(states, states),
    minutes: fc.integer({ min: 0, max: 3 * 24 * 60 }),
    prompt: fc.boolean(),
    dead: fc.boolean(),
  });

  test.prop([fc.array(aStuckCandidate, { minLength: 1, maxLength: 8 })])(
    'no plan stays non-terminal: once past every bound, each sweep leaves only terminal plans',
    async (candidates) => {
      // Prepare: any mix of plans (crashed, dead-lettered, waiting), all older than every bound.
      const w = world();
      for (const c of candidates) {
        const plan = aPlan(c.status, c.steps, bounds.questionMs / MINUTE + 1 + c.minutes, {
          ...(c.prompt && c.status === 'executing' ? { blocking_prompt: 'Which?' } : {}),
          expires_at: Date.parse(NOW) / 1000 - 1,
        });
        await w.plans.create(plan);
        if (c.dead)
          w.deadLetters.put({ plan_id: plan.plan_id, kind: 'start', version: 1, sealed_token: 'sealed-t' });
      }

      // Act: a sweep, then (the redriven messages died or got lost) another once every bound has passed again.
      await w.sweep();
      w.advance(bounds.questionMs + 1);
      await w.sweep();

      // Assess
      for await (const plan of w.plans.scanAll()) expect(isTerminal(plan.status)).toBe(true);
      expect(w.deadLetters.size).toBe(0);
    },
  );
});

describe('sweepStuckPlans: the failing write', () => {
  it('fails a stuck plan in one write guarded by its status, masked, with its question removed', async () => {
    // Prepare: stuck on a question longer than the session; the booking id is PII for this registry.
    const w = recordingWorld({ isPii: (_action, param) => param === 'booking_id' });
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
    const lost = recordingWorld({ refuse: () => new StaleWriteError('p', 1) });
    const racing = await stuck(lost, 'executing', ['succeeded', 'pending']);
    const broken = recordingWorld({ refuse: () => new Error('table unavailable') });
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
    const w = recordingWorld();
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
    const w = recordingWorld({ maxRedrives: 3 });
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
    const w = recordingWorld({
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
    const w = recordingWorld({ abandon: async () => undefined });
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
    const w = recordingWorld({
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
    const w = recordingWorld({
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
    const w = recordingWorld({
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
    const w = recordingWorld();
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
    const w = recordingWorld({ refuse: () => new PlanNotFoundError('p') });
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
