import { afterEach, describe, expect, it, vi } from 'vitest';
import { InMemoryPlanStore } from '../../devkit/adapters/memory/in-memory-plan-store.ts';
import { type AdmissionDeps, admitToExecution } from '../../lib/plans/admit-to-execution.ts';
import { PlanNotReadyError } from '../../lib/plans/errors.ts';
import type { OpsLog } from '../../lib/plans/ops-log.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import { fixedClock } from '../../lib/ports/clock.ts';
import { type PlanStore, StaleWriteError } from '../../lib/ports/plan-store.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { aPlanMessage } from '../support/events.ts';

const NOW = '2026-11-22T00:00:10.000Z';
const NOW_S = Date.parse(NOW) / 1000;

/** Admission deps recording the waits, the log lines and the appended correlation keys. */
function recordingDeps(plans: PlanStore, overrides: Partial<AdmissionDeps> = {}) {
  const waits: number[] = [];
  const lines: { message: string; attributes: Record<string, unknown> }[] = [];
  const keys: Record<string, unknown>[] = [];
  const log: OpsLog = {
    info: (message, attributes) => lines.push({ message, attributes }),
    warn: (message, attributes) => lines.push({ message, attributes }),
    appendKeys: (k) => keys.push(k),
  };
  const deps: AdmissionDeps = {
    plans,
    clock: fixedClock(NOW),
    log,
    wait: async (ms) => {
      waits.push(ms);
    },
    ...overrides,
  };
  return { deps, waits, lines, keys };
}

async function storeWith(overrides: Partial<StoredPlan>) {
  const store = new InMemoryPlanStore();
  const plan = aStoredPlan(overrides);
  await store.create(plan);
  return { store, plan };
}

/** A store whose conditional writes fail with StaleWriteError `times` times (another consumer won the race). */
function losingRaces(store: InMemoryPlanStore, times: number, onLose?: () => Promise<void>): PlanStore {
  let left = times;
  return {
    create: (p) => store.create(p),
    get: (id) => store.get(id),
    listBySession: (...args) => store.listBySession(...args),
    scanAll: () => store.scanAll(),
    async update(planId, version, patch, options) {
      if (left > 0) {
        left -= 1;
        await onLose?.();
        throw new StaleWriteError(planId, version);
      }
      return store.update(planId, version, patch, options);
    },
  };
}

describe('admitToExecution: the rules per stored status', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ignores a message for a plan that does not exist', async () => {
    // Prepare
    const { deps, keys } = recordingDeps(new InMemoryPlanStore());

    // Act
    const admission = await admitToExecution(deps, aPlanMessage({ plan_id: crypto.randomUUID() }));

    // Assess
    expect(admission).toEqual({ kind: 'ignore', reason: 'plan not found' });
    expect(keys).toEqual([]);
  });

  it("appends the plan's correlation keys to the log before deciding", async () => {
    // Prepare
    const { store, plan } = await storeWith({ status: 'completed', trace_id: 'trace-9' });
    const { deps, keys } = recordingDeps(store);

    // Act
    await admitToExecution(deps, aPlanMessage(plan));

    // Assess
    expect(keys).toEqual([{ plan_id: plan.plan_id, session_id: plan.session_id, trace_id: 'trace-9' }]);
  });

  it.each(['completed', 'failed', 'rolled_back', 'cancelled'] as const)(
    'acknowledges a message for a %s plan without running it',
    async (status) => {
      // Prepare
      const { store, plan } = await storeWith({ status });
      const { deps } = recordingDeps(store);

      // Act
      const admission = await admitToExecution(deps, aPlanMessage(plan));

      // Assess
      expect(admission).toEqual({ kind: 'ignore', reason: `plan already ${status}`, plan });
    },
  );

  it('continues an executing plan (a redelivery after a crash), unless it waits for an answer', async () => {
    // Prepare
    const running = await storeWith({ status: 'executing' });
    const waiting = await storeWith({ status: 'executing', blocking_prompt: 'How many guests?' });

    // Act
    const a = await admitToExecution(recordingDeps(running.store).deps, aPlanMessage(running.plan, 'resume'));
    const b = await admitToExecution(recordingDeps(waiting.store).deps, aPlanMessage(waiting.plan, 'resume'));

    // Assess
    expect(a).toEqual({ kind: 'run', plan: running.plan });
    expect(b).toEqual({
      kind: 'ignore',
      reason: 'plan is waiting for the user to answer',
      plan: waiting.plan,
    });
  });

  it('moves a confirmed plan to executing in one write and logs the transition with the message kind', async () => {
    // Prepare
    const { store, plan } = await storeWith({ status: 'confirmed' });
    const { deps, lines } = recordingDeps(store);

    // Act
    const admission = await admitToExecution(deps, aPlanMessage(plan, 'start'));

    // Assess
    const stored = await store.get(plan.plan_id);
    expect(stored?.status).toBe('executing');
    expect(admission).toEqual({ kind: 'run', plan: stored });
    expect(lines).toEqual([
      {
        message: `plan ${plan.plan_id} confirmed → executing`,
        attributes: expect.objectContaining({ from: 'confirmed', to: 'executing', message_kind: 'start' }),
      },
    ]);
  });

  it('re-reads once after losing the start race, and runs what the winner left executing', async () => {
    // Prepare: the winner moves the plan to executing while our write is in flight.
    const { store, plan } = await storeWith({ status: 'confirmed' });
    const plans = losingRaces(store, 1, async () => {
      await store.update(plan.plan_id, plan.version, { set: { status: 'executing' } });
    });

    // Act
    const admission = await admitToExecution(recordingDeps(plans).deps, aPlanMessage(plan));

    // Assess
    expect(admission.kind).toBe('run');
    expect(admission.plan?.status).toBe('executing');
  });

  it('throws when the re-read plan still loses the race (only one re-read)', async () => {
    // Prepare
    const { store, plan } = await storeWith({ status: 'confirmed' });

    // Act
    const admission = admitToExecution(recordingDeps(losingRaces(store, 2)).deps, aPlanMessage(plan));

    // Assess
    await expect(admission).rejects.toBeInstanceOf(StaleWriteError);
  });

  it('rethrows any other write failure at once, without a re-read', async () => {
    // Prepare
    const { store, plan } = await storeWith({ status: 'confirmed' });
    let reads = 0;
    const plans: PlanStore = {
      ...losingRaces(store, 0),
      get: (id) => {
        reads += 1;
        return store.get(id);
      },
      update: async () => {
        throw new Error('throttled');
      },
    };

    // Act
    const admission = admitToExecution(recordingDeps(plans).deps, aPlanMessage(plan));

    // Assess
    await expect(admission).rejects.toThrow('throttled');
    expect(reads).toBe(1);
  });

  describe('a start message that arrives before its plan reads confirmed', () => {
    it('re-reads after 20, 40, 80, 160 and 320 ms, then hands the message back to SQS (PlanNotReadyError)', async () => {
      // Prepare
      const { store, plan } = await storeWith({ status: 'pending_confirmation' });
      const { deps, waits } = recordingDeps(store);

      // Act
      const error = await admitToExecution(deps, aPlanMessage(plan, 'start')).catch((e: unknown) => e);

      // Assess
      expect(waits).toEqual([20, 40, 80, 160, 320]);
      expect(error).toBeInstanceOf(PlanNotReadyError);
      expect(error).toMatchObject({ planId: plan.plan_id, status: 'pending_confirmation' });
    });

    it('waits on a real timer when no wait is injected', async () => {
      // Prepare
      vi.useFakeTimers();
      const { store, plan } = await storeWith({ status: 'pending_confirmation' });
      const { deps } = recordingDeps(store, { wait: undefined });
      let settled = false;

      // Act
      const admission = admitToExecution(deps, aPlanMessage(plan, 'start')).finally(() => {
        settled = true;
      });
      admission.catch(() => undefined);
      await vi.advanceTimersByTimeAsync(19);
      const settledEarly = settled;
      await vi.runAllTimersAsync();

      // Assess
      expect(settledEarly).toBe(false);
      await expect(admission).rejects.toBeInstanceOf(PlanNotReadyError);
    });

    it('is not expired a second before expires_at, and is expired at it', async () => {
      // Prepare
      const live = await storeWith({ status: 'pending_confirmation', expires_at: NOW_S + 1 });
      const due = await storeWith({ status: 'pending_confirmation', expires_at: NOW_S });

      // Act
      const a = await admitToExecution(recordingDeps(live.store).deps, aPlanMessage(live.plan)).catch(
        (e: unknown) => e,
      );
      const b = await admitToExecution(recordingDeps(due.store).deps, aPlanMessage(due.plan));

      // Assess
      expect(a).toBeInstanceOf(PlanNotReadyError);
      expect(b).toEqual({ kind: 'ignore', reason: 'plan expired before it was confirmed', plan: due.plan });
    });
  });
});
