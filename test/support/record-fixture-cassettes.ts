/**
 * `npm run cassettes:fixtures`: records the fixture cassettes of test/fixtures/cassettes/golden by driving the
 * relay exactly as a person would: with the automatic answerer (test/support/auto-answerer.ts) writing the answer
 * files, or, with `--manual`, a person (or an assistant playing the model) answering them under RELAY_DIR
 * (docs/models.md "Relay"). Cassettes are only ever recorded this way (or by gemini --record), never written by
 * hand. Dev entry point: re-run it after a change that makes the fixture cassettes differ, and review the diff.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { RelayConfig } from '../../devkit/models/relay/start-relay.ts';
import { loadCases } from '../../eval/lib/load-cases.ts';
import { startModelSession } from '../../eval/lib/model-session.ts';
import { patientFetch } from '../../eval/lib/patient-fetch.ts';
import { claimRelayDir } from '../../eval/lib/relay-dir-lock.ts';
import { runEval } from '../../eval/lib/run-eval.ts';
import { shardCases } from '../../eval/lib/select-cases.ts';
import { loadConfig } from '../../lib/config/config.ts';
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

/** SQS allows a visibility timeout of 12 hours at most. */
const MAX_VISIBILITY_SECONDS = 43_200;

/** How a recording is answered: by the automatic answerer in a temporary folder, or by a person. */
interface Answering {
  relay: RelayConfig;
  /** The bounded wait for one confirmed plan to finish. */
  timeoutMs: number;
  visibilityTimeoutSeconds: number;
  stop(): Promise<string>;
}

function automatic(): Answering {
  const relayDir = mkdtempSync(join(tmpdir(), 'relay-fixtures-'));
  const answerer = startAutoAnswerer(relayDir);
  return {
    relay: { RELAY_DIR: relayDir, RELAY_ANSWER_TIMEOUT_MS: 60_000, RELAY_PROGRESS_MS: 30_000 },
    timeoutMs: 60_000,
    visibilityTimeoutSeconds: 120,
    async stop() {
      await answerer.stop();
      rmSync(relayDir, { recursive: true, force: true });
      return `${answerer.answered()} requests answered automatically`;
    },
  };
}

/** --manual: RELAY_DIR and its timeouts from the environment (lib/config); the folder is kept for the person. */
function manual(): Answering {
  const relay = loadConfig(process.env);
  const lock = claimRelayDir(relay.RELAY_DIR);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  log(`relay: you play the model. Each request appears under ${resolve(relay.RELAY_DIR)}/<case>/`);
  log('relay: `npm run relay -- next` shows the request to answer; `npm run relay -- status` the progress.');
  return {
    relay,
    timeoutMs: 3_600_000,
    visibilityTimeoutSeconds: Math.min(
      MAX_VISIBILITY_SECONDS,
      2 * Math.ceil(relay.RELAY_ANSWER_TIMEOUT_MS / 1000),
    ),
    async stop() {
      lock.release();
      return `answered by hand under ${resolve(relay.RELAY_DIR)}`;
    },
  };
}

async function main(options: { manual: boolean; shard?: { k: number; n: number } }): Promise<void> {
  const answering = options.manual ? manual() : automatic();
  const fixtures = loadCases().filter((c) => FIXTURE_CASES.includes(c.id));
  const cases = options.shard ? shardCases(fixtures, options.shard) : fixtures;
  process.stderr.write(`cassettes:fixtures: ${cases.length} cases: ${cases.map((c) => c.id).join(' ')}\n`);
  try {
    const session = await startModelSession({
      provider: 'relay',
      suite: 'golden',
      cassettesDir: fixtureCassettesDir,
      record: true,
      relay: answering.relay,
      model: 'gemini-2.5-flash',
      log: (line) => process.stderr.write(`${line}\n`),
    });
    if (!session) throw new Error('the relay provider always has a model session');
    try {
      const report = await runEval({
        provider: 'relay',
        cases,
        env: session.env,
        conversations: session.hooks,
        fetch: patientFetch,
        timeoutMs: answering.timeoutMs,
        visibilityTimeoutSeconds: answering.visibilityTimeoutSeconds,
        onCase: (r) => process.stderr.write(`${r.passed ? '✓' : '✗'} ${r.id}\n`),
      });
      for (const r of report.results.filter((x) => !x.passed))
        process.stdout.write(`FAIL ${r.id}: ${r.firstFailure ?? ''}\n`);
      process.stdout.write(`${report.summary} (${await answering.stop()})\n`);
    } finally {
      await session.close();
    }
  } catch (error) {
    await answering.stop();
    throw error;
  }
}

const USAGE = `Usage: npm run cassettes:fixtures [-- --manual] [-- --shard k/n]
  re-records the fixture cassettes of test/fixtures/cassettes/golden (${FIXTURE_CASES.length} cases) through the relay,
  overwriting those committed files: review the diff afterwards
  (default)    the automatic answerer (the offline models) answers every request
  --manual     a person answers: the requests wait under RELAY_DIR (default .local/relay), answered as
               docs/models.md "Relay" says (npm run relay -- next)
  --shard k/n  only the k-th of n shares of the ${FIXTURE_CASES.length} cases (ids sorted, dealt round-robin)`;

function parseCommandLine(argv: string[]): Parameters<typeof main>[0] | number {
  let values: { manual?: boolean; shard?: string; help?: boolean };
  try {
    values = parseArgs({
      args: argv,
      options: {
        manual: { type: 'boolean' },
        shard: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const shard = values.shard === undefined ? undefined : /^(\d+)\/(\d+)$/.exec(values.shard);
  const [k, n] = [Number(shard?.[1]), Number(shard?.[2])];
  if (values.shard !== undefined && !(shard && k >= 1 && k <= n)) {
    process.stderr.write(`--shard: must be k/n with 1 ≤ k ≤ n (got '${values.shard}')\n${USAGE}\n`);
    return 2;
  }
  return { manual: values.manual === true, ...(shard ? { shard: { k, n } } : {}) };
}

const parsed = parseCommandLine(process.argv.slice(2));
if (typeof parsed === 'number') process.exit(parsed);
await main(parsed);
