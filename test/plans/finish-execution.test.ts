import { describe, expect, it } from 'vitest';
import type { RollbackReport } from '../../lib/contracts/action-result.ts';
import { finishExecution, statusAfterFailure } from '../../lib/plans/finish-execution.ts';
import { piiLookupFromRegistry } from '../../lib/plans/mask-plan.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { NOW, recordingStore } from './plan-fixtures.ts';

const registry = loadCompiledRegistry();
const isPii = piiLookupFromRegistry((id) => registry.get(id));
const EMAIL = 'priya.nair@example.com';
const NAME = 'Priya Nair';

/** An executing contact update of BK-1042 whose email and name went everywhere the executor writes them. */
function executingContactUpdate(state: 'succeeded' | 'compensation_failed'): StoredPlan {
  return aStoredPlan({
    status: 'executing',
    intent_summary: `Update ${NAME}'s email to ${EMAIL}`,
    blocking_prompt: 'unused',
    blocking_answer: 'unused',
    actions: [
      {
        step_number: 1,
        action_id: 'updateContactDetails',
        parameters: { booking_id: 'bk_1042', email: EMAIL, guest_name: NAME },
        resolved_parameters: { booking_id: 'bk_1042', email: EMAIL, guest_name: NAME },
        before: { booking_id: 'bk_1042', booking_reference: 'BK-1042', email: 'old@example.com' },
        safety_tier: 'normal',
        executed: true,
        step_state: state,
        result: { success: true, response_data: { booking_id: 'bk_1042', email: EMAIL } },
      },
    ],
  });
}

function deps(store: ReturnType<typeof recordingStore>) {
  return { plans: store.plans, clock: store.clock, log: store.log, isPii };
}

describe('finishExecution', () => {
  it('completes with each step’s before → after line, the blocking fields cleared and PII masked', async () => {
    // Prepare
    const store = recordingStore();
    const plan = executingContactUpdate('succeeded');
    await store.plans.create(plan);

    // Act
    const done = await finishExecution(
      deps(store),
      plan,
      { status: 'completed' },
      new Map([[1, `email → ${EMAIL}`]]),
    );

    // Assess
    expect(done).toMatchObject({ status: 'completed', completed_at: NOW, pii_masked: true });
    expect(done.blocking_prompt).toBeUndefined();
    expect(done.blocking_answer).toBeUndefined();
    expect(done.actions[0]?.result?.response_data?.change_summary).toBe('email → p***@example.com');
    expect(JSON.stringify(done)).not.toContain(EMAIL);
    expect(JSON.stringify(done)).not.toContain(NAME);
    expect(store.lines.map((l) => l.message)).toEqual([`plan ${plan.plan_id} executing → completed`]);
  });

  it('masks the guest’s details in failure_reason and in every text of the rollback report', async () => {
    // Prepare
    const store = recordingStore();
    const plan = executingContactUpdate('compensation_failed');
    await store.plans.create(plan);
    const report: RollbackReport = {
      triggered_by_step: 1,
      actions_reversed: [],
      actions_failed_to_reverse: [{ step_number: 1, reason: `could not restore ${EMAIL}` }],
      manual_recovery_steps: [`Please set ${NAME}'s email back on BK-1042 (was ${EMAIL}).`],
    };

    // Act
    const failed = await finishExecution(deps(store), plan, {
      status: 'failed',
      failure_reason: `Step 1 for ${NAME} (${EMAIL}) failed.`,
      rollback_report: report,
    });

    // Assess
    expect(failed.status).toBe('failed');
    expect(failed.failure_reason).toBe('Step 1 for P*** N*** (p***@example.com) failed.');
    expect(failed.rollback_report?.actions_failed_to_reverse?.[0]?.reason).toBe(
      'could not restore p***@example.com',
    );
    expect(failed.rollback_report?.manual_recovery_steps?.[0]).toBe(
      "Please set P*** N***'s email back on BK-1042 (was p***@example.com).",
    );
    expect(store.lines[0]?.attributes).toMatchObject({
      from: 'executing',
      to: 'failed',
      rollback: true,
      triggered_by_step: 1,
      // The rollback-failures alarm counts these lines (infra/cdk/constructs/ops-monitoring.ts).
      not_reversed: 1,
    });
  });

  it('refuses to finish a plan that is not executing', async () => {
    // Prepare
    const store = recordingStore();
    const plan = aStoredPlan({ status: 'confirmed' });
    await store.plans.create(plan);

    // Act
    const finished = finishExecution(deps(store), plan, { status: 'completed' });

    // Assess
    await expect(finished).rejects.toMatchObject({
      name: 'IllegalTransitionError',
      from: 'confirmed',
      to: 'completed',
    });
  });
});

describe('statusAfterFailure', () => {
  it.each([
    ['no rollback attempted', undefined, 'failed'],
    ['nothing reversed', { triggered_by_step: 1, actions_reversed: [] }, 'failed'],
    ['all reversed', { triggered_by_step: 2, actions_reversed: [1] }, 'rolled_back'],
    [
      'one reversal failed',
      {
        triggered_by_step: 3,
        actions_reversed: [1],
        actions_failed_to_reverse: [{ step_number: 2, reason: 'x' }],
      },
      'failed',
    ],
  ] as const)('%s → %s', (_, report, status) => {
    // Act
    const decided = statusAfterFailure(report as RollbackReport | undefined);

    // Assess
    expect(decided).toBe(status);
  });
});

describe('finishExecution: attention marker and log line', () => {
  const reportWith = (manual?: string[]): RollbackReport => ({
    triggered_by_step: 1,
    actions_reversed: [],
    actions_failed_to_reverse: [{ step_number: 1, reason: 'refused' }],
    ...(manual ? { manual_recovery_steps: manual } : {}),
  });

  it.each([
    ['manual recovery steps', reportWith(['Check BK-1042.']), 'manual_recovery'],
    ['an empty list of manual steps', reportWith([]), undefined],
    ['no list of manual steps', reportWith(), undefined],
  ])('marks a failed plan with %s as %s', async (_label, report, attention) => {
    // Prepare
    const store = recordingStore();
    const plan = executingContactUpdate('compensation_failed');
    await store.plans.create(plan);

    // Act
    const failed = await finishExecution(deps(store), plan, { status: 'failed', rollback_report: report });

    // Assess
    expect(failed.attention_reason).toBe(attention);
  });

  it('logs the move with the rollback trigger and how many steps were not reversed', async () => {
    // Prepare
    const store = recordingStore();
    const plan = executingContactUpdate('compensation_failed');
    await store.plans.create(plan);

    // Act
    await finishExecution(deps(store), plan, { status: 'failed', rollback_report: reportWith() });

    // Assess
    expect(store.lines.at(-1)?.attributes).toMatchObject({
      from: 'executing',
      to: 'failed',
      rollback: true,
      triggered_by_step: 1,
      not_reversed: 1,
    });
  });

  it('logs a completed plan as no rollback, without a trigger', async () => {
    // Prepare
    const store = recordingStore();
    const plan = executingContactUpdate('succeeded');
    await store.plans.create(plan);

    // Act
    await finishExecution(deps(store), plan, { status: 'completed' });

    // Assess
    expect(store.lines.at(-1)?.attributes).toMatchObject({ to: 'completed', rollback: false });
    expect(store.lines.at(-1)?.attributes).not.toHaveProperty('triggered_by_step');
  });

  it('counts no unreversed steps when the report lists none', async () => {
    // Prepare
    const store = recordingStore();
    const plan = executingContactUpdate('succeeded');
    await store.plans.create(plan);

    // Act
    await finishExecution(deps(store), plan, {
      status: 'rolled_back',
      rollback_report: { triggered_by_step: 2, actions_reversed: [1] },
    });

    // Assess
    expect(store.lines.at(-1)?.attributes).toMatchObject({ rollback: true, not_reversed: 0 });
  });

  it('ignores a summary line for a step that has no result', async () => {
    // Prepare
    const store = recordingStore();
    const base = executingContactUpdate('succeeded');
    const plan = { ...base, actions: base.actions.map((s) => ({ ...s, result: undefined })) };
    await store.plans.create(plan);

    // Act
    const done = await finishExecution(deps(store), plan, { status: 'completed' }, new Map([[1, 'a → b']]));

    // Assess
    expect(done.actions[0]?.result).toBeUndefined();
  });

  it('writes only while the stored plan is executing: a finished plan is a lost race', async () => {
    // Prepare
    const store = recordingStore();
    const plan = executingContactUpdate('succeeded');
    await store.plans.create({ ...plan, status: 'failed' });

    // Act
    const attempt = finishExecution(deps(store), plan, { status: 'completed' });

    // Assess
    await expect(attempt).rejects.toMatchObject({ name: 'StaleWriteError' });
  });
});
