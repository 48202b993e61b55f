import * as z from 'zod';
import { exitWithUsage, parseCliOrExit } from '../devkit/cli/parse-cli.ts';
import { runChaos } from '../test/support/chaos.ts';
import { startExecutorStack } from '../test/support/executor-harness.ts';

// `npm run chaos:faults -- --plans 500 [--seed n] [--concurrency 8] [--timeout-ms 300]`: the long run of the
// chaos test (issue 13). Prints plans, faults hit, untruthful outcomes and duplicates; exits 1 unless both are 0.
const Args = z.object({
  plans: z.coerce.number().int().min(1).max(5_000).default(500),
  seed: z.coerce.number().int().min(0).default(1),
  concurrency: z.coerce.number().int().min(1).max(64).default(8),
  'timeout-ms': z.coerce.number().int().min(50).max(10_000).default(300),
  verbose: z.boolean().default(false),
});

const USAGE = `Usage: npm run chaos:faults -- [--plans <n>] [--seed <n>] [--concurrency <n>] [--timeout-ms <n>] [--verbose]
  --plans        plans to run (default 500, at most 5000)
  --seed         seed of the fault mix (default 1)
  --concurrency  plans at a time (default 8)
  --timeout-ms   the booking API client's timeout (default 300)
  --verbose      print each untruthful plan's trail
Exit code 1 unless untruthful outcomes and duplicates are both 0; 2 on bad arguments.`;

const { values } = parseCliOrExit(USAGE, {
  plans: { type: 'string' },
  seed: { type: 'string' },
  concurrency: { type: 'string' },
  'timeout-ms': { type: 'string' },
  verbose: { type: 'boolean' },
});
const { help: _help, ...given } = values;
const parsed = Args.safeParse(given);
if (!parsed.success)
  exitWithUsage(USAGE, parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'));
const args = parsed.data;

/** Polls until every held request has landed (bounded: a minute). */
async function settled(landed: () => boolean): Promise<void> {
  const until = Date.now() + 60_000;
  while (!landed()) {
    if (Date.now() > until) throw new Error('held requests did not land within a minute');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const stack = await startExecutorStack();
const started = performance.now();
try {
  const report = await runChaos(
    stack,
    { plans: args.plans, seed: args.seed, concurrency: args.concurrency, timeoutMs: args['timeout-ms'] },
    settled,
  );
  const hit = Object.values(report.faultsHit).reduce((a, b) => a + b, 0);
  console.log(`plans:        ${report.plans} (seed ${report.seed}, ${args.concurrency} at a time)`);
  console.log(`outcomes:     ${JSON.stringify(report.outcomes)}`);
  console.log(
    `faults:       ${report.faultsInjected} injected, ${hit} hit ${JSON.stringify(report.faultsHit)}`,
  );
  const onUndo = Object.values(report.compensationFaultsHit).reduce((a, b) => a + b, 0);
  console.log(`on undo:      ${onUndo} hit a compensation ${JSON.stringify(report.compensationFaultsHit)}`);
  console.log(`untruthful:   ${report.untruthful.length}`);
  for (const u of report.untruthful.slice(0, 20)) {
    console.log(`  ${u.plan_id} ${u.status}: ${u.problems.join('; ')}`);
    if (args.verbose) for (const line of u.trail) console.log(`      ${line}`);
  }
  console.log(`duplicates:   ${report.duplicates.length}`);
  for (const key of report.duplicates.slice(0, 20)) console.log(`  ${key}`);
  console.log(`took:         ${Math.round((performance.now() - started) / 1000)} s`);
  process.exitCode = report.untruthful.length === 0 && report.duplicates.length === 0 ? 0 : 1;
} finally {
  await stack.stop();
}
