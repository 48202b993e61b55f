import { parseArgs } from 'node:util';
import { type Config, loadConfig } from '../../lib/config/config.ts';
import { hasErrorName } from '../../lib/errors/has-error-name.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import { type StuckBounds, stuckReason } from '../../lib/plans/stuck-plans.ts';
import type { SweepDeps } from '../../lib/plans/sweep-stuck-plans.ts';
import { sweepStuckPlans } from '../../lib/plans/sweep-stuck-plans.ts';
import type { Clock } from '../../lib/ports/clock.ts';
import { resolveStackSource } from './local-stack-state.ts';
import { redriveDeadLetters } from './redrive-dead-letters.ts';

export const OPS_USAGE = `Usage: npm run ops -- <command> [--state <file>]
  stuck    list plans stuck in confirmed or executing past their bound (STUCK_PLAN_AFTER_MINUTES, SESSION_TTL_HOURS);
           read-only, it needs only the plans table
  redrive  move every DLQ message back to the plan queue (after a fix)
  sweep    run the watchdog once: drain the DLQ, fail stuck plans with a report, expire pending plans
  --state  the state file of a running \`npm start\` (default: .local/stack/state.json, read when it exists and
           the environment names no stack)
Settings: none next to a running \`npm start\`. Otherwise PLANS_TABLE (stuck); PLAN_QUEUE_URL and PLAN_DLQ_URL too
(redrive, sweep); SESSIONS_TABLE, EXECUTIONS_TABLE and BOOKING_API_URL for sweep's rollback; DYNAMODB_ENDPOINT /
SQS_ENDPOINT for emulators. In AWS they are the stack outputs (docs/ops.md).`;

export interface OpsIo {
  out(text: string): void;
  err(text: string): void;
}

/** What the read-only `stuck` command needs: no queue, no booking API. */
export interface StuckDeps {
  plans: { scanAll(): AsyncIterable<StoredPlan> };
  clock: Clock;
  bounds: StuckBounds;
}

/** Builds each command's deps from the resolved configuration (devkit/ops/cli.ts passes the real adapters). */
export interface OpsBuilders {
  stuck(config: Config): StuckDeps;
  watchdog(config: Config): SweepDeps;
}

const COMMANDS = ['stuck', 'redrive', 'sweep'] as const;
type OpsCommand = (typeof COMMANDS)[number];
const isCommand = (name: string | undefined): name is OpsCommand => COMMANDS.some((c) => c === name);

/**
 * `npm run ops`: one command; returns the exit code (0 done, 1 the command failed, 2 bad usage or settings). The
 * stack comes from the environment or a running `npm start`'s state file (local-stack-state.ts). Failures are
 * one line naming the error, never a stack trace.
 */
export async function runOps(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  io: OpsIo,
  builders: OpsBuilders,
): Promise<number> {
  let command: OpsCommand;
  let stateFile: string | undefined;
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: { state: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
      allowPositionals: true,
    });
    if (values.help || positionals.length === 0) {
      io.out(OPS_USAGE);
      return 0;
    }
    const [name, ...extra] = positionals;
    if (!isCommand(name) || extra.length > 0) throw new Error(`unknown command: ${positionals.join(' ')}`);
    command = name;
    stateFile = values.state;
  } catch (error) {
    io.err(`${describe(error)}\n${OPS_USAGE}`);
    return 2;
  }
  let config: Config;
  try {
    const source = resolveStackSource({ env, stateFile });
    if (source.description) io.err(`using the ${source.description}`);
    config = loadConfig(source.env);
  } catch (error) {
    io.err(`npm run ops: ${describe(error)}`);
    return 2;
  }
  try {
    if (command === 'stuck') return await listStuck(builders.stuck(config), io);
    const deps = builders.watchdog(config);
    if (command === 'redrive') {
      const { moved, kept } = await redriveDeadLetters(deps.deadLetters, deps.queue, String(Date.now()));
      for (const id of moved) io.out(`redriven ${id}`);
      io.out(
        `${moved.length} message(s) moved back to the plan queue; ${kept} left in the DLQ (not plan messages)`,
      );
      return 0;
    }
    io.out(JSON.stringify(await sweepStuckPlans(deps), null, 2));
    return 0;
  } catch (error) {
    io.err(`npm run ops -- ${command}: ${describe(error)}`);
    return hasErrorName(error, 'WatchdogConfigError') ? 2 : 1;
  }
}

async function listStuck(deps: StuckDeps, io: OpsIo): Promise<number> {
  const now = deps.clock.now();
  let count = 0;
  for await (const plan of deps.plans.scanAll()) {
    const why = stuckReason(plan, now, deps.bounds);
    if (!why) continue;
    count += 1;
    io.out(`${plan.plan_id}  ${plan.status}  since ${plan.updated_at}  ${why}`);
  }
  io.out(`${count} stuck plan(s)`);
  return 0;
}

/** One line: the error's name and message (the SDK's and ours), never its stack. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.name && error.name !== 'Error' ? `${error.name}: ${error.message}` : error.message;
}
