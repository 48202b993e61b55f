/**
 * `npm run chaos:model -- --episodes 5000 [--seed n]`: the long run of the chaos model (issue 14 evidence a). Runs
 * the executor role's episodes over the real graph, DynamoDB (dynalite) and the sandbox over HTTP, and prints the
 * episode and violation counts with the first violations. Exit code 1 when any invariant was violated.
 */
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { startExecutorStack } from '../support/executor-harness.ts';
import { episodeArb, runExecutorEpisode } from './executor-chaos.ts';

const { values } = parseArgs({
  options: { episodes: { type: 'string', default: '5000' }, seed: { type: 'string' } },
});
const episodes = Number(values.episodes);
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
if (!Number.isInteger(episodes) || episodes < 1) throw new Error('--episodes must be a positive integer');
if (!Number.isInteger(seed)) throw new Error('--seed must be an integer');

const stack = await startExecutorStack();
const found: { episode: number; violations: string[] }[] = [];
let violations = 0;
const samples = fc.sample(episodeArb, { numRuns: episodes, seed });
for (const [i, episode] of samples.entries()) {
  const seen = await runExecutorEpisode(stack, episode);
  violations += seen.length;
  if (seen.length > 0 && found.length < 10) found.push({ episode: i, violations: seen });
  if ((i + 1) % 500 === 0) process.stderr.write(`${i + 1}/${episodes}\n`);
}
await stack.stop();
process.stdout.write(`role executor: seed ${seed}, ${episodes} episodes, ${violations} violations\n`);
for (const f of found) process.stdout.write(`  episode ${f.episode}: ${f.violations.join(' | ')}\n`);
process.stdout.write('role planner: not run (the planner chaos model is not built yet)\n');
process.exitCode = violations > 0 ? 1 : 0;
