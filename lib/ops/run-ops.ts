import type { Config } from '../config/config.ts';
import { redriveDeadLetters } from '../plans/redrive-dead-letters.ts';
import { stuckReason } from '../plans/stuck-plans.ts';
import type { SweepDeps } from '../plans/sweep-stuck-plans.ts';
import { sweepStuckPlans } from '../plans/sweep-stuck-plans.ts';

export const OPS_USAGE = `Usage: npm run ops -- <command>
  stuck    list plans stuck in confirmed or executing past their bound (STUCK_PLAN_AFTER_MINUTES, SESSION_TTL_HOURS)
  redrive  move every DLQ message back to the plan queue (after a fix)
  sweep    run the watchdog once: drain the DLQ, fail stuck plans with a report, expire pending plans
Environment: PLANS_TABLE, PLAN_QUEUE_URL, PLAN_DLQ_URL, DYNAMODB_ENDPOINT / SQS_ENDPOINT for local stacks.`;

export interface OpsIo {
  out(text: string): void;
  err(text: string): void;
}

/** `npm run ops`: one command over the watchdog's deps; returns the exit code. */
export async function runOps(
  argv: readonly string[],
  build: (config: Config) => SweepDeps,
  config: Config,
  io: OpsIo,
): Promise<number> {
  const [command] = argv;
  if (command !== 'stuck' && command !== 'redrive' && command !== 'sweep') {
    io.err(OPS_USAGE);
    return command === undefined || command === '--help' ? 0 : 2;
  }
  const deps = build(config);
  if (command === 'stuck') {
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
  if (command === 'redrive') {
    const { moved, kept } = await redriveDeadLetters(deps.deadLetters, deps.queue, String(now()));
    for (const id of moved) io.out(`redriven ${id}`);
    io.out(
      `${moved.length} message(s) moved back to the plan queue; ${kept} left in the DLQ (not plan messages)`,
    );
    return 0;
  }
  const summary = await sweepStuckPlans(deps);
  io.out(JSON.stringify(summary, null, 2));
  return 0;
}

function now(): number {
  return Date.now();
}
