import { basename, join, resolve } from 'node:path';
import { loadConfig } from '../lib/config/config.ts';
import { loadBlindSuite } from './lib/blind/blind-case.ts';
import { formatBlindReport, runBlindSuite } from './lib/blind/run-blind-suite.ts';
import { type EvalArgs, parseEvalArgs, USAGE, UsageError } from './lib/cli-args.ts';
import { runDatesSuite } from './lib/dates/run-dates-suite.ts';
import { formatReport } from './lib/format-report.ts';
import { casesDir, loadCases } from './lib/load-cases.ts';
import { type ModelSession, startModelSession } from './lib/model-session.ts';
import { patientFetch } from './lib/patient-fetch.ts';
import { pickCases } from './lib/pick-cases.ts';
import { runEval } from './lib/run-eval.ts';
import { formatSealedReport } from './lib/sealed/format-sealed-report.ts';
import { runSealedSuite } from './lib/sealed/run-sealed-suite.ts';
import { loadSealedSuite, sealedDir } from './lib/sealed/sealed-case.ts';

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

type Env = Record<string, string | undefined>;

/** What a relay run needs on top of the others: a fetch that waits for a human, and a long visibility timeout. */
function relayExtras(args: EvalArgs, answerTimeoutMs: number) {
  if (args.provider !== 'relay') return {};
  return {
    fetch: patientFetch,
    visibilityTimeoutSeconds: Math.min(MAX_VISIBILITY_SECONDS, 2 * Math.ceil(answerTimeoutMs / 1000)),
  };
}

async function runBlind(
  args: EvalArgs,
  env: Env,
  session: ModelSession | undefined,
  answerTimeoutMs: number,
) {
  const suite = loadBlindSuite();
  const wanted = pickCases(suite.cases, args.case);
  const missing = session?.missing(wanted.map((c) => c.id)) ?? [];
  const report = await runBlindSuite({
    suite: { ...suite, cases: wanted.filter((c) => !missing.some((m) => m.id === c.id)) },
    provider: args.provider,
    env: { ...env, ...session?.env },
    confirm: args.confirm,
    skipped: missing,
    ...(args.timeoutMs ? { timeoutMs: args.timeoutMs } : {}),
    ...(session ? { conversations: session.hooks } : {}),
    ...relayExtras(args, answerTimeoutMs),
    onCase: (r) => process.stderr.write(`${r.verdict.verdict === 'right' ? '✓' : '✗'} ${r.id}\n`),
  });
  process.stdout.write(args.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatBlindReport(report)}\n`);
  return report.failed > 0 ? 1 : 0;
}

async function runSealed(
  args: EvalArgs,
  env: Env,
  session: ModelSession | undefined,
  answerTimeoutMs: number,
) {
  const suite = loadSealedSuite(args.corpus ? resolve(args.corpus) : sealedDir);
  const wanted = pickCases(suite.cases, args.case);
  const missing = session?.missing(wanted.map((c) => c.id)) ?? [];
  const report = await runSealedSuite({
    suite: { ...suite, cases: wanted.filter((c) => !missing.some((m) => m.id === c.id)) },
    provider: args.provider,
    env: { ...env, ...session?.env },
    skipped: missing,
    ...(args.timeoutMs ? { timeoutMs: args.timeoutMs } : {}),
    ...(session ? { conversations: session.hooks } : {}),
    ...relayExtras(args, answerTimeoutMs),
    onCase: (r) => process.stderr.write(`${r.verdict.verdict === 'right' ? '✓' : '✗'} ${r.id}\n`),
  });
  process.stdout.write(
    args.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatSealedReport(report)}\n`,
  );
  return report.wrong + report.miss > 0 ? 1 : 0;
}

async function runGolden(
  args: EvalArgs,
  env: Env,
  session: ModelSession | undefined,
  answerTimeoutMs: number,
) {
  const suiteDir = args.suite === 'golden' ? casesDir : resolve(args.suite);
  const cases = pickCases(loadCases(suiteDir), args.case);
  const missing = session?.missing(cases.map((c) => c.id)) ?? [];
  const report = await runEval({
    provider: args.provider,
    cases: cases.filter((c) => !missing.some((m) => m.id === c.id)),
    trials: args.trials,
    includeOutOfScope: args.all,
    env: { ...env, ...session?.env },
    ...(args.timeoutMs ? { timeoutMs: args.timeoutMs } : {}),
    ...(session ? { conversations: session.hooks } : {}),
    ...relayExtras(args, answerTimeoutMs),
    onCase: (r) => process.stderr.write(`${r.passed ? '✓' : '✗'} ${r.id}\n`),
  });
  report.skipped.push(...missing);
  process.stdout.write(args.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report)}\n`);
  return report.failed > 0 ? 1 : 0;
}

/**
 * `npm run eval`: a suite against one local stack — the golden conversations (eval/cases/, or another directory
 * of cases), the blind request corpus (`--suite blind`) or the sealed multi-venue corpus (`--suite sealed`) — or the blind date corpus through the resolver
 * (`--suite dates`, no stack; exits 1 when a phrase is silently wrong). Relay, cassette and gemini --record runs
 * go through a model session (eval/lib/model-session.ts). Exits 1 when a case fails, 2 on a usage or case error.
 */
async function main(argv: readonly string[]): Promise<number> {
  const args = parseEvalArgs(argv);
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (args.suite === 'dates') {
    const dates = runDatesSuite(args.json);
    process.stdout.write(`${dates.output}\n`);
    return dates.failed ? 1 : 0;
  }
  const env: Env = Object.fromEntries(PASSED_THROUGH.map((k) => [k, process.env[k]]));
  if (args.provider === 'gemini' && !env.GOOGLE_API_KEY?.trim()) {
    process.stdout.write(
      'skipped: --provider gemini needs GOOGLE_API_KEY (a Gemini API key) in the environment; nothing was run.\n',
    );
    return 0;
  }
  const config = loadConfig(env);
  const suite = ['golden', 'blind', 'sealed'].includes(args.suite)
    ? args.suite
    : basename(resolve(args.suite));
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
  try {
    const run = { blind: runBlind, sealed: runSealed }[args.suite] ?? runGolden;
    return await run(args, env, session, config.RELAY_ANSWER_TIMEOUT_MS);
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
