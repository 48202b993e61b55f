import { parseArgs } from 'node:util';
import * as z from 'zod';
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

const { values } = parseArgs({
  options: {
    plans: { type: 'string' },
    seed: { type: 'string' },
    concurrency: { type: 'string' },
    'timeout-ms': { type: 'string' },
    verbose: { type: 'boolean' },
  },
});
const parsed = Args.safeParse(values);
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`--${issue.path.join('.')}: ${issue.message}`);
  process.exit(2);
}
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
