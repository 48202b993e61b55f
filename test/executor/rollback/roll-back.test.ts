import { describe, expect, it } from 'vitest';
import type { CrashPoint } from '../../../lib/executor/executor-deps.ts';
import { rollBack } from '../../../lib/executor/rollback/roll-back.ts';
import { rollBackAndClose } from '../../../lib/executor/rollback/roll-back-and-close.ts';
import { IN_DOUBT_REASON } from '../../../lib/executor/rollback/rollback-report.ts';
import type { StoredPlan, StoredStep } from '../../../lib/plans/stored-plan.ts';
import type { ActionCall, ActionOutcome } from '../../../lib/ports/booking-api.ts';
import type { ExecutionFailure } from '../../../lib/ports/execution-log.ts';
import type { ActionRegistry } from '../../../lib/registry/action-registry.ts';
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
 * roll-back.ts and roll-back-and-close.ts (000 Rollback, deterministic): compensations in reverse order for the
 * completed reversible steps only, each under its compensation key with our latest version as If-Match, progress
 * recorded per step so a resumed rollback never compensates twice, and the reasons the user reads when a step
 * cannot be undone.
 */
const stack = useMemoryExecutorStack();

type Row = [StepInput, StoredStep['step_state'], Parameters<typeof recorded>[2]?];

const failedAt = (step_number: number, extra: Partial<ExecutionFailure> = {}): ExecutionFailure => ({
  kind: 'step_failed',
  step_number,
  error_type: 'conflict',
  message: `Step ${step_number} failed.`,
  ...extra,
});

/** Compensations succeed with the next version of the booking; reads fail (nothing here should need one). */
function compensationsSucceed(): ScriptedBookingApi {
  let version = 10;
  return new ScriptedBookingApi((call) => {
    if (call.action.read_only) return unavailable;
    version += 1;
    return ok({ booking_id: 'bk_1042', version });
  });
}

async function rolledBack(
  rows: Row[],
  failure: ExecutionFailure,
  options: {
    api?: ScriptedBookingApi;
    registry?: ActionRegistry;
    checkpoint?: Record<string, unknown>;
    crash?: (point: CrashPoint) => void;
  } = {},
) {
  const world = await freshWorld(stack);
  const plan: StoredPlan = aConfirmedPlan(rows.map(([input]) => input));
  plan.actions = plan.actions.map((s, i) => {
    const [, state, record] = rows[i] as Row;
    return recorded(s, state, record ?? {});
  });
  const api = options.api ?? compensationsSucceed();
  const rig = await rollbackRig(world, plan, {
    bookingApi: api,
    ...(options.registry ? { registry: options.registry } : {}),
    ...(options.checkpoint ? { checkpoint: options.checkpoint } : {}),
    ...(options.crash ? { crash: options.crash } : {}),
  });
  return { world, plan, rig, api, failure };
}

const guestCount = (n: number, version: number, state: StoredStep['step_state'] = 'succeeded'): Row => [
  steps.guestCount(n),
  state,
  { before: BK_1042_BEFORE, response: { booking_id: 'bk_1042', party_size: n, version } },
];

describe('rollBack: which steps are compensated, how', () => {
  it('undoes completed reversible writes last-first, under the compensation key, with our latest version', async () => {
    // Prepare: 1 and 4 reversible, 2 a read, 3 irreversible; 5 failed.
    const points: CrashPoint[] = [];
    const { rig, plan, api, world, failure } = await rolledBack(
      [
        guestCount(14, 2),
        [
          { action_id: 'getBooking', parameters: { booking_id: 'bk_1042' } },
          'succeeded',
          { response: { version: 2 } },
        ],
        [steps.confirmation('email'), 'succeeded', { response: { booking_id: 'bk_1042' } }],
        [
          steps.reschedule('2026-12-19', '10:00'),
          'succeeded',
          { before: { ...BK_1042_BEFORE, version: 2 }, response: { booking_id: 'bk_1042', version: 3 } },
        ],
        [steps.guestCount(9), 'failed'],
      ],
      failedAt(5),
      { crash: (point) => points.push(point) },
    );

    // Act
    const { report, state } = await rollBack(rig.ctx, rig.state, failure);

    // Assess
    expect(api.calls.map((c) => [c.action.action_id, c.idempotencyKey, c.ifMatch, c.args])).toEqual([
      [
        'rescheduleBooking',
        `${plan.plan_id}:step-4:compensate`,
        '3',
        { booking_id: 'bk_1042', date: '2026-12-12', start_time: '15:00' },
      ],
      [
        'updateGuestCount',
        `${plan.plan_id}:step-1:compensate`,
        '11',
        { booking_id: 'bk_1042', party_size: 12 },
      ],
    ]);
    expect(points).toEqual([
      'after_compensation_http_call',
      'after_compensation_record',
      'after_compensation_http_call',
      'after_compensation_record',
    ]);
    expect(report).toMatchObject({
      triggered_by_step: 5,
      actions_reversed: [4, 1],
      irreversible_actions_completed: [3],
    });
    expect(state.compensation_versions).toEqual({ '4': 11, '1': 12 });
    expect((await world.reload(plan)).actions.map((s) => s.step_state)).toEqual([
      'compensated',
      'succeeded',
      'succeeded',
      'compensated',
      'failed',
    ]);
  });

  it('resumed after a crash: steps already compensated or failed to compensate are not sent again', async () => {
    const { rig, api, failure } = await rolledBack(
      [
        guestCount(14, 2, 'compensated'),
        guestCount(15, 3, 'compensation_failed'),
        [steps.guestCount(9), 'failed'],
      ],
      failedAt(3),
      { checkpoint: { compensation_failures: { '2': 'the booking changed since' } } },
    );

    const { report } = await rollBack(rig.ctx, rig.state, failure);

    expect(api.calls).toEqual([]);
    expect(report).toMatchObject({
      actions_reversed: [1],
      actions_failed_to_reverse: [{ step_number: 2, reason: 'the booking changed since' }],
    });
  });

  it('a rollback that had only compensated steps left still reports them', async () => {
    const { rig, api, failure } = await rolledBack(
      [guestCount(14, 2, 'compensated'), [steps.guestCount(9), 'failed']],
      failedAt(2),
    );

    const { report } = await rollBack(rig.ctx, rig.state, failure);

    expect(api.calls).toEqual([]);
    expect(report).toEqual({ triggered_by_step: 2, actions_reversed: [1] });
  });

  it('a completed write that is the only one is compensated (a rollback is attempted)', async () => {
    const { rig, api, failure } = await rolledBack(
      [guestCount(14, 2), [steps.guestCount(9), 'failed']],
      failedAt(2),
    );

    const { report } = await rollBack(rig.ctx, rig.state, failure);

    expect(api.operations()).toEqual(['updateGuestCount']);
    expect(report).toEqual({ triggered_by_step: 2, actions_reversed: [1] });
  });

  it.each([
    ['unknown to the registry', { updateGuestCount: undefined }],
    ['declared irreversible (its compensation kept)', { updateGuestCount: { reversible: false } }],
    ['declared reversible without a compensation', { updateGuestCount: { compensation: undefined } }],
  ])('a completed write whose action is %s is left in place and reported irreversible', async (_, change) => {
    const { rig, api, failure } = await rolledBack(
      [guestCount(14, 2), [steps.reschedule('2026-12-19', '10:00'), 'failed']],
      failedAt(2),
      {
        registry: registryWith(change),
      },
    );

    const { report } = await rollBack(rig.ctx, rig.state, failure);

    expect(api.calls).toEqual([]);
    expect(report).toMatchObject({ actions_reversed: [], irreversible_actions_completed: [1] });
    expect(report?.actions_failed_to_reverse).toBeUndefined();
  });
});

describe('rollBack: why a step could not be undone (what the user reads)', () => {
  async function failedReversal(row: Row, registry?: ActionRegistry) {
    const { rig, api, world, plan, failure } = await rolledBack(
      [row, [steps.guestCount(9), 'failed']],
      failedAt(2),
      {
        ...(registry ? { registry } : {}),
      },
    );
    const { report, state } = await rollBack(rig.ctx, rig.state, failure);
    return {
      report,
      state,
      api,
      stored: await world.reload(plan),
      logged: await world.log.get(plan.plan_id),
    };
  }

  it('its compensation action is not available', async () => {
    const { report, api, stored, logged } = await failedReversal(
      [steps.note('Cake at 3'), 'succeeded', { response: { booking_id: 'bk_1042', note_id: 'n_1' } }],
      registryWith({ deleteBookingNote: undefined }),
    );

    expect(api.calls).toEqual([]);
    expect(report?.actions_failed_to_reverse).toEqual([
      { step_number: 1, reason: 'its compensation action is not available' },
    ]);
    expect(stored.actions[0]?.step_state).toBe('compensation_failed');
    expect(logged?.compensation_failures).toEqual({ '1': 'its compensation action is not available' });
  });

  it('the values needed to undo it were not recorded', async () => {
    const { report, api } = await failedReversal([
      steps.note('Cake at 3'),
      'succeeded',
      { response: { booking_id: 'bk_1042' } },
    ]);

    expect(api.calls).toEqual([]);
    expect(report?.actions_failed_to_reverse).toEqual([
      { step_number: 1, reason: 'the values needed to undo it were not recorded (note_id)' },
    ]);
  });

  it('the recorded values do not fit the compensation, naming the fields', async () => {
    const { report, api, stored } = await failedReversal([
      steps.guestCount(14),
      'succeeded',
      {
        before: { ...BK_1042_BEFORE, party_size: 'twelve' },
        response: { booking_id: 'bk_1042', version: 2 },
      },
    ]);

    expect(api.calls).toEqual([]);
    expect(report?.actions_failed_to_reverse).toEqual([
      { step_number: 1, reason: 'the recorded values do not fit updateGuestCount (party_size)' },
    ]);
    expect(stored.actions[0]?.step_state).toBe('compensation_failed');
  });
});

describe('rollBack: every field that does not fit is named', () => {
  it('names them all, comma-separated', async () => {
    const { rig, api, failure } = await rolledBack(
      [
        [
          steps.contact({ guest_name: 'Jon Smith', email: 'jon@example.org' }),
          'succeeded',
          { before: { ...BK_1042_BEFORE, guest_name: 42, email: 7 }, response: { booking_id: 'bk_1042' } },
        ],
        [steps.guestCount(9), 'failed'],
      ],
      failedAt(2),
    );

    const { report } = await rollBack(rig.ctx, rig.state, failure);

    expect(api.calls).toEqual([]);
    expect(report?.actions_failed_to_reverse).toEqual([
      { step_number: 1, reason: 'the recorded values do not fit updateContactDetails (guest_name, email)' },
    ]);
  });
});

describe('rollBackAndClose', () => {
  it('logs the decided failure before the first compensation (a crash mid-rollback resumes it)', async () => {
    const { rig, world, plan, failure } = await rolledBack(
      [guestCount(14, 2), [steps.guestCount(9), 'failed']],
      failedAt(2),
      {
        crash: (point) => {
          if (point === 'after_compensation_http_call') throw new Error('crash');
        },
      },
    );

    await expect(rollBackAndClose(rig.ctx, rig.state, failure)).rejects.toThrow('crash');

    const logged = await world.log.get(plan.plan_id);
    expect(logged?.failure).toEqual(failure);
    expect(logged?.pending).toEqual([]);
  });

  it('flags the plan in doubt when any reversal failure is a step left in doubt', async () => {
    // Prepare: step 1's compensation is refused (someone changed the booking); step 2 got no answer and cannot be
    // read back.
    const api = new ScriptedBookingApi(
      (call: ActionCall): ActionOutcome =>
        call.action.read_only
          ? unavailable
          : { ok: false, status: 412, error_type: 'conflict', message: 'the booking has changed' },
    );
    const { rig, failure } = await rolledBack(
      [guestCount(14, 2), [steps.guestCount(9), 'failed', { before: { ...BK_1042_BEFORE, version: 2 } }]],
      failedAt(2, { error_type: 'server_error', in_doubt: true }),
      { api },
    );

    const { plan } = await rollBackAndClose(rig.ctx, rig.state, failure);

    expect(plan.rollback_report?.actions_failed_to_reverse?.map((f) => f.reason)).toEqual([
      IN_DOUBT_REASON,
      expect.not.stringMatching(IN_DOUBT_REASON),
    ]);
    expect(plan.attention_reason).toBe('in_doubt');
  });
});
