import { describe, expect, it } from 'vitest';
import { OPS_USAGE, type OpsBuilders, runOps } from '../../devkit/ops/run-ops.ts';
import { WatchdogConfigError } from '../../lib/composition/watchdog-service.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import { fixedClock } from '../../lib/ports/clock.ts';
import { aStoredPlan } from '../store/plan-factory.ts';

const NOW = '2026-11-27T12:00:00.000Z';
/** An environment that names a stack (so no state file is read) but sets no queue. */
const NO_QUEUES = { PLANS_TABLE: 'plans', DYNAMODB_ENDPOINT: 'http://127.0.0.1:1' };

/** Captures what the CLI prints. */
function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, sink: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) } };
}

/** Builders over in-memory plans; `watchdog` fails as buildWatchdogService does without queue URLs. */
function builders(plans: StoredPlan[]): OpsBuilders {
  return {
    stuck: () => ({
      plans: {
        async *scanAll() {
          yield* plans;
        },
      },
      clock: fixedClock(NOW),
      bounds: { runningMs: 15 * 60_000, questionMs: 24 * 3_600_000 },
    }),
    watchdog: () => {
      throw new WatchdogConfigError('PLAN_QUEUE_URL and PLAN_DLQ_URL must be set for the watchdog');
    },
  };
}

describe('runOps', () => {
  it('prints the usage on stdout and exits 0 for --help, -h and no command', async () => {
    for (const argv of [['--help'], ['-h'], []]) {
      const { out, err, sink } = io();
      expect(await runOps(argv, {}, sink, builders([]))).toBe(0);
      expect({ out, err }).toEqual({ out: [OPS_USAGE], err: [] });
    }
  });

  it('exits 2 with the usage for an unknown command or flag', async () => {
    for (const argv of [['stuk'], ['stuck', '--verbose'], ['stuck', 'extra']]) {
      const { out, err, sink } = io();
      expect(await runOps(argv, NO_QUEUES, sink, builders([]))).toBe(2);
      expect(out).toEqual([]);
      expect(err.join('\n')).toContain('Usage: npm run ops');
    }
  });

  it('lists stuck plans with no queue settings (stuck is read-only)', async () => {
    // Prepare: one plan executing untouched for an hour, one fresh.
    const stuck = aStoredPlan({ status: 'executing', updated_at: '2026-11-27T11:00:00.000Z' });
    const fresh = aStoredPlan({ status: 'executing', updated_at: '2026-11-27T11:59:00.000Z' });
    const { out, err, sink } = io();
    // Act
    const code = await runOps(['stuck'], NO_QUEUES, sink, builders([stuck, fresh]));
    // Assess
    expect({ code, err }).toEqual({ code: 0, err: [] });
    expect(out).toEqual([
      `${stuck.plan_id}  executing  since 2026-11-27T11:00:00.000Z  stopped_executing`,
      '1 stuck plan(s)',
    ]);
  });

  it('answers a command that needs the queues with one line naming them, exit 2, no stack trace', async () => {
    const { out, err, sink } = io();
    const code = await runOps(['sweep'], NO_QUEUES, sink, builders([]));
    expect({ code, out, err }).toEqual({
      code: 2,
      out: [],
      err: [
        'npm run ops -- sweep: WatchdogConfigError: PLAN_QUEUE_URL and PLAN_DLQ_URL must be set for the watchdog',
      ],
    });
  });

  it('answers a bad setting with the configuration error, exit 2', async () => {
    const { err, sink } = io();
    const code = await runOps(['stuck'], { ...NO_QUEUES, STUCK_PLAN_AFTER_MINUTES: '0' }, sink, builders([]));
    expect(code).toBe(2);
    expect(err).toEqual([
      expect.stringMatching(/^npm run ops: ConfigError: invalid configuration: STUCK_PLAN_AFTER_MINUTES: /),
    ]);
  });
});
