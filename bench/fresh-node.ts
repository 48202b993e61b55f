import { spawnSync } from 'node:child_process';

/**
 * Runs an ES module script in a fresh Node process, in `cwd`, with the environment of a deployed handler without
 * Langfuse keys (tracing off must cost nothing at import); returns its stdout. Used by the Lambda bench and by
 * test/api/cold-start-bundle.test.ts.
 */
export function runFreshNode(script: string, cwd: string): string {
  const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: 'SILENT',
      PLAN_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/1/q.fifo',
    },
  });
  if (out.status !== 0) throw new Error(`fresh node failed (${out.status}): ${out.stderr}`);
  return out.stdout;
}
