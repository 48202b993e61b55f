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

const { values } = parseArgs({
  options: {
    episodes: { type: 'string', default: '5000' },
    seed: { type: 'string' },
    role: { type: 'string' },
  },
});
const episodes = Number(values.episodes);
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
if (!Number.isInteger(episodes) || episodes < 1) throw new Error('--episodes must be a positive integer');
if (!Number.isInteger(seed)) throw new Error('--seed must be an integer');
if (values.role !== undefined && !ROLES.includes(values.role as Role))
  throw new Error(`--role must be one of ${ROLES.join(', ')}`);
const roles: readonly Role[] = values.role === undefined ? ROLES : [values.role as Role];

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
