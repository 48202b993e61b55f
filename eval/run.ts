import { basename, join, resolve } from 'node:path';
import { loadConfig } from '../lib/config/config.ts';
import { parseEvalArgs, USAGE, UsageError } from './lib/cli-args.ts';
import { formatReport } from './lib/format-report.ts';
import { casesDir, loadCases } from './lib/load-cases.ts';
import { startModelSession } from './lib/model-session.ts';
import { patientFetch } from './lib/patient-fetch.ts';
import { runEval } from './lib/run-eval.ts';

/** Stack settings the CLI passes through from the environment (the only place eval reads process.env). */
const PASSED_THROUGH = [
  'GOOGLE_API_KEY',
  'GEMINI_MODEL',
  'GEMINI_TEMPERATURE',
  'GEMINI_TIMEOUT_MS',
  'GEMINI_BASE_URL',
  'RELAY_DIR',
  'RELAY_ANSWER_TIMEOUT_MS',
  'RELAY_PROGRESS_MS',
];

/** SQS allows a visibility timeout of 12 hours at most. */
const MAX_VISIBILITY_SECONDS = 43_200;

/**
 * `npm run eval`: the golden conversations (eval/cases/, or another suite) against one local stack. Prints a
 * per-case table and the summary line `N passed, N failed`; exits 1 when an in-scope case fails, 2 on a usage or
 * case-file error. Relay, cassette and gemini --record runs go through a model session (eval/lib/model-session.ts).
 */
async function main(argv: readonly string[]): Promise<number> {
  const args = parseEvalArgs(argv);
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const env = Object.fromEntries(PASSED_THROUGH.map((k) => [k, process.env[k]]));
  if (args.provider === 'gemini' && !env.GOOGLE_API_KEY?.trim()) {
    process.stdout.write(
      'skipped: --provider gemini needs GOOGLE_API_KEY (a Gemini API key) in the environment; nothing was run.\n',
    );
    return 0;
  }
  const suiteDir = args.suite === 'golden' ? casesDir : resolve(args.suite);
  const cases = loadCases(suiteDir).filter((c) => !args.case || c.id.includes(args.case));
  if (cases.length === 0) throw new UsageError(`no case id contains '${args.case}'`);
  const config = loadConfig(env);
  const suite = args.suite === 'golden' ? 'golden' : basename(suiteDir);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const session = await startModelSession({
    provider: args.provider,
    suite,
    cassettesDir: resolve(args.cassettes ?? join('eval', 'cassettes', suite)),
    record: args.record,
    relay: config,
    model: config.GEMINI_MODEL,
    log,
  });
  if (args.provider === 'relay') {
    log(`relay: you play the model. Each request appears under ${resolve(config.RELAY_DIR)}/<case>/`);
    log(
      'relay: `npm run relay -- next` shows the request to answer; `npm run relay -- status` the progress.',
    );
  }
  const missing = session?.missing(cases.map((c) => c.id)) ?? [];
  try {
    const report = await runEval({
      provider: args.provider,
      cases: cases.filter((c) => !missing.some((m) => m.id === c.id)),
      trials: args.trials,
      includeOutOfScope: args.all,
      env: { ...env, ...session?.env },
      ...(args.timeoutMs ? { timeoutMs: args.timeoutMs } : {}),
      ...(session ? { conversations: session.hooks } : {}),
      ...(args.provider === 'relay'
        ? {
            fetch: patientFetch,
            visibilityTimeoutSeconds: Math.min(
              MAX_VISIBILITY_SECONDS,
              2 * Math.ceil(config.RELAY_ANSWER_TIMEOUT_MS / 1000),
            ),
          }
        : {}),
      onCase: (r) => process.stderr.write(`${r.passed ? '✓' : '✗'} ${r.id}\n`),
    });
    report.skipped.push(...missing);
    process.stdout.write(args.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report)}\n`);
    return report.failed > 0 ? 1 : 0;
  } finally {
    await session?.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const usage = error instanceof UsageError;
    process.stderr.write(`eval: ${error instanceof Error ? error.message : String(error)}\n`);
    if (usage) process.stderr.write(`${USAGE}\n`);
    process.exitCode = 2;
  },
);
