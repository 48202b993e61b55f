import { HumanMessage } from '@langchain/core/messages';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InMemoryExecutionLog } from '../../devkit/adapters/memory/in-memory-execution-log.ts';
import {
  nextOpenStep,
  PROGRESS_FIELDS,
  saveCheckpoint,
  stateFromCheckpoint,
  stepOf,
  stepOutputs,
  withPlan,
} from '../../lib/executor/execution-state.ts';
import type { StepContext } from '../../lib/executor/run-context.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import { fixedClock } from '../../lib/ports/clock.ts';
import {
  type ExecutionFailure,
  type ExecutionRecord,
  StaleExecutionRecordError,
} from '../../lib/ports/execution-log.ts';
import { planInStates, STEP_STATES } from '../support/top-plans.ts';

const NOW = '2026-11-20T10:05:00.000Z';

function aRecord(plan: StoredPlan, overrides: Partial<ExecutionRecord> = {}): ExecutionRecord {
  return {
    plan_id: plan.plan_id,
    seq: 4,
    messages: [
      { type: 'human', content: 'go' },
      {
        type: 'ai',
        content: '',
        tool_calls: [{ id: 'c1', name: 'updateGuestCount', args: { party_size: 10 } }],
      },
    ],
    pending: [{ tool_call_id: 'c1', name: 'updateGuestCount', kind: 'step', step_number: 1 }],
    model_calls: 3,
    model_errors: 1,
    corrections: { '1': 2 },
    nudges: 1,
    after_answer: true,
    failure: { kind: 'step_failed', step_number: 1, message: 'Step 1 failed.' },
    compensation_failures: { '2': 'refused' },
    compensation_versions: { '1': 7 },
    updated_at: NOW,
    expires_at: 1_800_000_000,
    ...overrides,
  };
}

/** A step context over an in-memory execution log; saveCheckpoint reads only the clock and the log. */
function contextOver(log: InMemoryExecutionLog): StepContext {
  return {
    deps: { clock: fixedClock(NOW), executionLog: log } as unknown as StepContext['deps'],
    planId: 'p',
    token: 't',
    scope: { userId: 'u', sessionId: 's', planId: 'p' },
    span: { update() {}, event() {} },
  };
}

describe('execution state: the checkpoint a run starts from and writes', () => {
  it('starts from every stored field of the checkpoint, and from its seq only when it was stored', () => {
    // Prepare
    const plan = planInStates(['pending', 'pending']);
    const record = aRecord(plan);

    // Act
    const resumed = stateFromCheckpoint(plan, record, true);
    const fresh = stateFromCheckpoint(plan, record, false);

    // Assess
    expect(resumed).toMatchObject({
      plan,
      pending: record.pending,
      model_calls: 3,
      model_errors: 1,
      corrections: { '1': 2 },
      nudges: 1,
      after_answer: true,
      failure: record.failure,
      compensation_failures: { '2': 'refused' },
      compensation_versions: { '1': 7 },
      log: { seq: 4, expires_at: 1_800_000_000 },
    });
    expect(resumed.messages.map((m) => m.getType())).toEqual(['human', 'ai']);
    expect(fresh.log).toEqual({ seq: undefined, expires_at: 1_800_000_000 });
  });

  it('holds every progress field of the record, an undecided failure as undefined so a change can clear it', () => {
    // Prepare
    const plan = planInStates(['pending']);
    const { failure: _none, ...record } = aRecord(plan);

    // Act
    const state = stateFromCheckpoint(plan, record, true);

    // Assess
    expect(Object.keys(state)).toEqual(['messages', 'plan', ...PROGRESS_FIELDS, 'log']);
    expect(state).toHaveProperty('failure', undefined);
  });

  it('writes the first checkpoint as seq 1 (must not exist yet), then each next one conditional on the last', async () => {
    // Prepare
    const log = new InMemoryExecutionLog();
    const ctx = contextOver(log);
    const plan = planInStates(['pending']);
    const start = stateFromCheckpoint(plan, aRecord(plan, { failure: undefined }), false);

    // Act
    const first = await saveCheckpoint(ctx, start, { model_calls: 4 });
    const second = await saveCheckpoint(ctx, first, { nudges: 2, messages: [new HumanMessage('again')] });

    // Assess
    expect(first.log).toEqual({ seq: 1, expires_at: 1_800_000_000 });
    expect(second.log).toEqual({ seq: 2, expires_at: 1_800_000_000 });
    expect(second.model_calls).toBe(4);
    const stored = await log.get(plan.plan_id);
    expect(stored).toEqual<ExecutionRecord>({
      plan_id: plan.plan_id,
      seq: 2,
      messages: [{ type: 'human', content: 'again' }],
      pending: [{ tool_call_id: 'c1', name: 'updateGuestCount', kind: 'step', step_number: 1 }],
      model_calls: 4,
      model_errors: 1,
      corrections: { '1': 2 },
      nudges: 2,
      after_answer: true,
      compensation_failures: { '2': 'refused' },
      compensation_versions: { '1': 7 },
      updated_at: NOW,
      expires_at: 1_800_000_000,
    });
    expect(stored).not.toHaveProperty('failure');
    await expect(saveCheckpoint(ctx, first, {})).rejects.toBeInstanceOf(StaleExecutionRecordError);
  });

  it('logs a decided failure with the checkpoint (a crash mid-rollback resumes it)', async () => {
    // Prepare
    const log = new InMemoryExecutionLog();
    const plan = planInStates(['failed']);
    const failure: ExecutionFailure = { kind: 'model_stopped', step_number: 1, message: 'stopped' };
    const start = stateFromCheckpoint(plan, aRecord(plan, { failure: undefined }), false);

    // Act
    const saved = await saveCheckpoint(contextOver(log), start, { failure, after_answer: false });

    // Assess
    expect(saved.failure).toEqual(failure);
    expect(await log.get(plan.plan_id)).toMatchObject({ failure, after_answer: false, seq: 1 });
  });

  it('holds the plan as the write stored it', async () => {
    // Prepare
    const plan = planInStates(['pending']);
    const state = stateFromCheckpoint(plan, aRecord(plan), true);
    const written = { ...plan, version: plan.version + 1 };

    // Act
    const next = await withPlan(state, async (p) => (p === plan ? written : plan));

    // Assess
    expect(next.plan).toBe(written);
    expect(next.log).toEqual(state.log);
  });
});

describe('execution state: steps of the write-ahead log', () => {
  it('finds a step by number, and names the plan and step it lacks', () => {
    // Prepare
    const plan = planInStates(['pending', 'succeeded', 'pending']);

    // Act / Assess
    expect(stepOf(plan, 2)).toBe(plan.actions[1]);
    expect(stepOf(plan, 3).step_number).toBe(3);
    expect(() => stepOf(plan, 4)).toThrow(new RangeError(`plan ${plan.plan_id} has no step 4`));
  });

  it('the next open step is the first one not succeeded; none once all succeeded', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...STEP_STATES), { minLength: 1, maxLength: 6 }), (states) => {
        // Prepare
        const plan = planInStates(states);

        // Act
        const open = nextOpenStep(plan);

        // Assess
        const index = states.findIndex((s) => s !== 'succeeded');
        expect(open).toBe(index === -1 ? undefined : plan.actions[index]);
      }),
    );
  });

  it('offers the recorded output of succeeded steps only, by step number', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...STEP_STATES), fc.boolean()), { minLength: 1, maxLength: 6 }),
        (shape) => {
          // Prepare
          const base = planInStates(shape.map(([s]) => s));
          const plan: StoredPlan = {
            ...base,
            actions: base.actions.map((s, i) =>
              shape[i]?.[1]
                ? { ...s, result: { success: true, response_data: { n: s.step_number } } }
                : { ...s, result: { success: true } },
            ),
          };

          // Act
          const outputs = stepOutputs(plan);

          // Assess
          const expected = shape.flatMap(([state, hasData], i) =>
            state === 'succeeded' && hasData ? [[i + 1, { n: i + 1 }] as const] : [],
          );
          expect([...outputs.entries()]).toEqual(expected);
        },
      ),
    );
  });
});

describe('execution log errors', () => {
  it('a lost race names the plan and the seq it expected (none for a first write)', () => {
    // Act
    const later = new StaleExecutionRecordError('plan-1', 3, { cause: 'x' });
    const first = new StaleExecutionRecordError('plan-1', undefined);

    // Assess
    expect([later.name, later.message, later.cause]).toEqual([
      'StaleExecutionRecordError',
      'execution log of plan plan-1 changed since seq 3',
      'x',
    ]);
    expect(first.message).toBe('execution log of plan plan-1 changed since seq none');
  });
});
