/**
 * `npm run cassettes:fixtures`: records the fixture cassettes of test/fixtures/cassettes/golden by driving the
 * relay exactly as a person would, with the automatic answerer (test/support/auto-answerer.ts) writing the answer
 * files. Cassettes are only ever recorded this way (or by a person, or by gemini --record), never written by hand.
 * Dev entry point: re-run it after a change that makes the fixture cassettes differ, and review the diff.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCases } from '../../eval/lib/load-cases.ts';
import { startModelSession } from '../../eval/lib/model-session.ts';
import { patientFetch } from '../../eval/lib/patient-fetch.ts';
import { runEval } from '../../eval/lib/run-eval.ts';
import { startAutoAnswerer } from './auto-answerer.ts';

/** Short conversations that cover the shapes: plan + execution, a question answered, an amendment, a rollback, a cancel, a decline. */
export const FIXTURE_CASES = [
  'reschedule-by-reference-saturday-3pm',
  'ambiguous-john-pick-by-reference',
  'amend-actually-make-it-4pm',
  'rollback-second-step-500',
  'change-of-mind-never-mind-after-plan',
  'out-of-domain-request-declined',
];

export const fixtureCassettesDir = fileURLToPath(new URL('../fixtures/cassettes/golden/', import.meta.url));

async function main(): Promise<void> {
  const relayDir = mkdtempSync(join(tmpdir(), 'relay-fixtures-'));
  const answerer = startAutoAnswerer(relayDir);
  const session = await startModelSession({
    provider: 'relay',
    suite: 'golden',
    cassettesDir: fixtureCassettesDir,
    record: true,
    relay: { RELAY_DIR: relayDir, RELAY_ANSWER_TIMEOUT_MS: 60_000, RELAY_PROGRESS_MS: 30_000 },
    model: 'gemini-2.5-flash',
    log: (line) => process.stderr.write(`${line}\n`),
  });
  if (!session) throw new Error('the relay provider always has a model session');
  try {
    const report = await runEval({
      provider: 'relay',
      cases: loadCases().filter((c) => FIXTURE_CASES.includes(c.id)),
      env: session.env,
      conversations: session.hooks,
      fetch: patientFetch,
      timeoutMs: 60_000,
      visibilityTimeoutSeconds: 120,
    });
    process.stdout.write(`${report.summary} (${answerer.answered()} requests answered)\n`);
  } finally {
    await answerer.stop();
    await session.close();
    rmSync(relayDir, { recursive: true, force: true });
  }
}

const USAGE = `Usage: npm run cassettes:fixtures
  re-records the fixture cassettes of test/fixtures/cassettes/golden (${FIXTURE_CASES.length} cases) through the relay
  and the automatic answerer, overwriting those committed files: review the diff afterwards`;

if (process.argv.length > 2) {
  const help = process.argv.includes('--help') || process.argv.includes('-h');
  (help ? process.stdout : process.stderr).write(`${USAGE}\n`);
  process.exit(help ? 0 : 2);
}
await main();
