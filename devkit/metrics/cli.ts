import { runMetrics } from './run-metrics.ts';

/** Entry point of `npm run metrics` (the only place here that touches process.env, argv and exit codes). */
async function main(): Promise<void> {
  process.exitCode = await runMetrics(process.argv.slice(2), process.env, {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  });
}

await main();
