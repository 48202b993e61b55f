import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { InMemoryDeadLetterQueue } from '../../lib/adapters/memory/in-memory-dead-letter-queue.ts';
import { InMemoryPlanQueue } from '../../lib/adapters/memory/in-memory-plan-queue.ts';
import { InMemoryPlanStore } from '../../lib/adapters/memory/in-memory-plan-store.ts';
import { PlanStatus } from '../../lib/contracts/enums.ts';
import { silentLog } from '../../lib/plans/ops-log.ts';
import { isTerminal } from '../../lib/plans/status-machine.ts';
import type { StepState, StoredPlan } from '../../lib/plans/stored-plan.ts';
import { type SweepDeps, sweepStuckPlans } from '../../lib/plans/sweep-stuck-plans.ts';
import type { PlanMessage } from '../../lib/ports/plan-queue.ts';
import { aStoredPlan } from '../store/plan-factory.ts';

const NOW = '2026-11-22T08:00:00.000Z';
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
