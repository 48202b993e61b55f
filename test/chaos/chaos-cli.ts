/**
 * `npm run chaos:model -- --episodes 5000 [--role executor|planner] [--seed n]`: the long run of the chaos model
 * (issue 14 evidence a). Without --role both roles run. The executor role drives the real executor graph,
 * DynamoDB (dynalite) and the sandbox over HTTP; the planner role drives POST /v1/requests, the planning graph
 * and gate over the same. Prints, per role, the episode and violation counts with the first violations. Exit
 * code 1 when any invariant was violated.
 */
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { startExecutorStack } from '../support/executor-harness.ts';
import { episodeArb, runExecutorEpisode } from './executor-chaos.ts';
import { plannerEpisodeArb, runPlannerEpisode, startPlannerStack } from './planner-chaos.ts';

const ROLES = ['executor', 'planner'] as const;
type Role = (typeof ROLES)[number];

const USAGE = `Usage: npm run chaos:model -- [--episodes <n>] [--role executor|planner] [--seed <n>]
  --episodes  episodes per role (default 5000)
  --role      run one role only (default both)
  --seed      fast-check seed (default: from the clock, printed)
Exit code 1 when any invariant was violated, 2 on bad arguments.`;

/** Bad arguments: the message and the usage, exit 2, no stack trace. */
function refuse(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

let values: {
  episodes: string;
  seed?: string | undefined;
  role?: string | undefined;
  help?: boolean | undefined;
};
try {
  values = parseArgs({
    options: {
      episodes: { type: 'string', default: '5000' },
      seed: { type: 'string' },
      role: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;
} catch (error) {
  refuse(error instanceof Error ? error.message : String(error));
}
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const episodes = Number(values.episodes);
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
if (!Number.isInteger(episodes) || episodes < 1) refuse('--episodes must be a positive integer');
if (!Number.isInteger(seed)) refuse('--seed must be an integer');
const isRole = (r: string | undefined): r is Role => ROLES.some((role) => role === r);
if (values.role !== undefined && !isRole(values.role)) refuse(`--role must be one of ${ROLES.join(', ')}`);
const roles: readonly Role[] = isRole(values.role) ? [values.role] : ROLES;

/** What one role's run found. */
interface RoleRun {
  violations: number;
  found: { episode: number; violations: string[] }[];
  extra: string;
}

async function runRole(role: Role): Promise<RoleRun> {
  const found: RoleRun['found'] = [];
  let violations = 0;
  let gaveUp = 0;
  let plans = 0;
  const record = (i: number, seen: string[]) => {
    violations += seen.length;
    if (seen.length > 0 && found.length < 10) found.push({ episode: i, violations: seen });
    if ((i + 1) % 500 === 0) process.stderr.write(`${role}: ${i + 1}/${episodes}\n`);
  };
  if (role === 'executor') {
    const stack = await startExecutorStack();
    for (const [i, episode] of fc.sample(episodeArb, { numRuns: episodes, seed }).entries())
      record(i, await runExecutorEpisode(stack, episode));
    await stack.stop();
    return { violations, found, extra: '' };
  }
  const stack = await startPlannerStack();
  for (const [i, episode] of fc.sample(plannerEpisodeArb, { numRuns: episodes, seed }).entries()) {
    const report = await runPlannerEpisode(stack, episode);
    gaveUp += report.gaveUp;
    plans += report.plans;
    record(i, report.violations);
  }
  await stack.stop();
  return {
    violations,
    found,
    extra: ` (${plans} plans shown, ${gaveUp} requests answered with a rephrase request: model gave up)`,
  };
}

let total = 0;
for (const role of roles) {
  const run = await runRole(role);
  total += run.violations;
  process.stdout.write(
    `role ${role}: seed ${seed}, ${episodes} episodes, ${run.violations} violations${run.extra}\n`,
  );
  for (const f of run.found) process.stdout.write(`  episode ${f.episode}: ${f.violations.join(' | ')}\n`);
}
process.exitCode = total > 0 ? 1 : 0;
