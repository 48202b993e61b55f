import { writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { readCassettes } from '../devkit/models/cassette/cassette-files.ts';
import { loadConfig } from '../lib/config/config.ts';
import { loadBlindSuite } from './lib/blind/blind-case.ts';
import { formatBlindReport, runBlindSuite } from './lib/blind/run-blind-suite.ts';
import { type EvalArgs, parseEvalArgs, USAGE, UsageError } from './lib/cli-args.ts';
import { formatDatesReport } from './lib/dates/format-dates-report.ts';
import { runDatesSuite } from './lib/dates/run-dates-suite.ts';
import { formatReport } from './lib/format-report.ts';
import { casesDir, loadCases } from './lib/load-cases.ts';
import { type ModelSession, startModelSession } from './lib/model-session.ts';
import { patientFetch } from './lib/patient-fetch.ts';
import { pickCases } from './lib/pick-cases.ts';
import { claimRelayDir } from './lib/relay-dir-lock.ts';
import { runEval } from './lib/run-eval.ts';
import { formatSealedReport } from './lib/sealed/format-sealed-report.ts';
import { runSealedSuite } from './lib/sealed/run-sealed-suite.ts';
import { loadSealedSuite, sealedDir } from './lib/sealed/sealed-case.ts';
import { selectCases } from './lib/select-cases.ts';

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
  // Issue 32: `PLANNER_PREFETCH=false npm run eval …` runs the design before prefetching, for a before/after.
  'PLANNER_PREFETCH',
];

/** SQS allows a visibility timeout of 12 hours at most. */
const MAX_VISIBILITY_SECONDS = 43_200;

type Env = Record<string, string | undefined>;

/** What every suite's runner gets from main. */
interface Run {
  args: EvalArgs;
  env: Env;
  session: ModelSession | undefined;
  answerTimeoutMs: number;
  /** Where cassettes are written or read (--rerecord selects the cases that have one here). */
  cassettesDir: string;
}

/**
 * The cases of this run: --case, then --rerecord, --sample and --shard (eval/lib/select-cases.ts). The ids go to
 * stderr, so a player sees the share without reading a case.
 */
function select<C extends { id: string }>(run: Run, cases: readonly C[]): C[] {
  const { args } = run;
  const recorded = args.rerecord
    ? new Set([...readCassettes(run.cassettesDir).values()].map((c) => c.case))
    : undefined;
  const chosen = selectCases(pickCases(cases, args.case), {
    ...(recorded ? { recorded } : {}),
    ...(args.sample !== undefined && args.seed !== undefined
      ? { sample: { size: args.sample, seed: args.seed } }
      : {}),
    ...(args.shard ? { shard: args.shard } : {}),
  });
  if (args.shard || args.sample !== undefined || args.rerecord) {
    const share = args.shard ? `share ${args.shard.k}/${args.shard.n}: ` : '';
    process.stderr.write(`eval: ${share}${chosen.length} cases: ${chosen.map((c) => c.id).join(' ')}\n`);
  }
  return chosen;
}

/**
 * The report: with `--json <file>` as JSON in the file (nothing else in it) and the table on stdout; with
 * `--json` as JSON on stdout; else the table.
 */
function emit(args: EvalArgs, report: unknown, table: () => string): void {
  const json = `${JSON.stringify(report, null, 2)}\n`;
  if (args.jsonFile) {
    writeFileSync(resolve(args.jsonFile), json);
    process.stderr.write(`eval: JSON report written to ${resolve(args.jsonFile)}\n`);
  }
  process.stdout.write(args.json ? json : `${table()}\n`);
}

/** What a relay run needs on top of the others: a fetch that waits for a human, and a long visibility timeout. */
function relayExtras(args: EvalArgs, answerTimeoutMs: number) {
  if (args.provider !== 'relay') return {};
  return {
    fetch: patientFetch,
    visibilityTimeoutSeconds: Math.min(MAX_VISIBILITY_SECONDS, 2 * Math.ceil(answerTimeoutMs / 1000)),
  };
}

async function runBlind(run: Run) {
  const { args, env, session, answerTimeoutMs } = run;
  const suite = loadBlindSuite();
  const wanted = select(run, suite.cases);
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
  emit(args, report, () => formatBlindReport(report));
  return report.failed > 0 ? 1 : 0;
}

async function runSealed(run: Run) {
  const { args, env, session, answerTimeoutMs } = run;
  const suite = loadSealedSuite(args.corpus ? resolve(args.corpus) : sealedDir);
  const wanted = select(run, suite.cases);
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
  emit(args, report, () => formatSealedReport(report));
  return report.wrong + report.miss > 0 ? 1 : 0;
}

async function runGolden(run: Run) {
  const { args, env, session, answerTimeoutMs } = run;
  const suiteDir = args.suite === 'golden' ? casesDir : resolve(args.suite);
  const cases = select(run, loadCases(suiteDir));
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
  emit(args, report, () => formatReport(report));
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
    const dates = runDatesSuite();
    emit(args, dates.files, () => formatDatesReport(dates.files));
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
  // A sealed corpus read from another directory names its own cassette folder (eval/cassettes/sealed2 for
  // eval/sealed2), so recording one corpus never overwrites another's cassettes.
  const suite =
    args.suite === 'sealed' && args.corpus !== undefined
      ? basename(resolve(args.corpus))
      : ['golden', 'blind', 'sealed'].includes(args.suite)
        ? args.suite
        : basename(resolve(args.suite));
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const cassettesDir = resolve(args.cassettes ?? join('eval', 'cassettes', suite));
  // Several players at once (docs/eval.md "Shares of a relay round"): one RELAY_DIR per run, refused if taken.
  const lock = args.provider === 'relay' ? claimRelayDir(config.RELAY_DIR) : undefined;
  let session: ModelSession | undefined;
  try {
    session = await startModelSession({
      provider: args.provider,
      suite,
      cassettesDir,
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
      log(`relay: cassettes are written to ${cassettesDir}`);
    }
    const runner = { blind: runBlind, sealed: runSealed }[args.suite] ?? runGolden;
    return await runner({
      args,
      env,
      session,
      answerTimeoutMs: config.RELAY_ANSWER_TIMEOUT_MS,
      cassettesDir,
    });
  } finally {
    await session?.close();
    lock?.release();
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
