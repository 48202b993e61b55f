import { loadBlindSuite } from './lib/blind/blind-case.ts';
import { formatBlindReport, runBlindSuite } from './lib/blind/run-blind-suite.ts';
import { parseEvalArgs, USAGE, UsageError } from './lib/cli-args.ts';
import { runDatesSuite } from './lib/dates/run-dates-suite.ts';
import { formatReport } from './lib/format-report.ts';
import { loadCases } from './lib/load-cases.ts';
import { runEval } from './lib/run-eval.ts';

/** Stack settings the CLI passes through from the environment (the only place eval reads process.env). */
const PASSED_THROUGH = [
  'GOOGLE_API_KEY',
  'GEMINI_MODEL',
  'GEMINI_TEMPERATURE',
  'GEMINI_TIMEOUT_MS',
  'GEMINI_BASE_URL',
];

/**
 * `npm run eval`: the golden conversations (eval/cases/) against one local stack. Prints a per-case table and
 * the summary line `N passed, N failed`; exits 1 when an in-scope case fails, 2 on a usage or case-file error.
 * `--suite dates` scores the blind date corpus instead (no stack) and exits 1 when a phrase is silently wrong.
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
  const env = Object.fromEntries(PASSED_THROUGH.map((k) => [k, process.env[k]]));
  if (args.provider === 'gemini' && !env.GOOGLE_API_KEY?.trim()) {
    process.stdout.write(
      'skipped: --provider gemini needs GOOGLE_API_KEY (a Gemini API key) in the environment; nothing was run.\n',
    );
    return 0;
  }
  if (args.suite === 'blind') {
    const suite = loadBlindSuite();
    const selected = { ...suite, cases: suite.cases.filter((c) => !args.case || c.id.includes(args.case)) };
    const report = await runBlindSuite({
      suite: selected,
      env: { ...env, LLM_PROVIDER: args.provider },
      onCase: (r) => process.stderr.write(`${r.verdict.verdict === 'right' ? '✓' : '✗'} ${r.id}\n`),
    });
    process.stdout.write(
      args.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatBlindReport(report)}\n`,
    );
    return report.failed > 0 ? 1 : 0;
  }
  const cases = loadCases().filter((c) => !args.case || c.id.includes(args.case));
  if (cases.length === 0) throw new UsageError(`no case id contains '${args.case}'`);
  const report = await runEval({
    provider: args.provider,
    cases,
    trials: args.trials,
    includeOutOfScope: args.all,
    env,
    ...(args.timeoutMs ? { timeoutMs: args.timeoutMs } : {}),
    onCase: (r) => process.stderr.write(`${r.passed ? '✓' : '✗'} ${r.id}\n`),
  });
  process.stdout.write(args.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report)}\n`);
  return report.failed > 0 ? 1 : 0;
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
