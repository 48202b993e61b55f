import { type LocalStack, startLocalStack } from '../../infra/local/local-stack.ts';
import { fixedClock } from '../../lib/ports/clock.ts';
import type { EvalCase } from './case-schema.ts';
import type { EvalArgs } from './cli-args.ts';
import type { ConversationHooks } from './model-session.ts';
import { runTrial, type TrialResult } from './run-trial.ts';

/** Every case shares one pinned "now": Monday 2026-11-23 10:00 Australia/Sydney, so "Saturday" is 2026-11-28. */
export const EVAL_NOW = '2026-11-22T23:00:00Z';

export type EvalProvider = EvalArgs['provider'];

/** Bounded wait for one confirmed plan, by provider (a human-played relay model is slow). */
export const DEFAULT_TIMEOUT_MS: Record<EvalProvider, number> = {
  offline: 30_000,
  cassette: 30_000,
  gemini: 180_000,
  relay: 3_600_000,
};

/** Options of runEval; the CLI (eval/run.ts) maps its flags onto these. */
export interface EvalOptions {
  provider: EvalProvider;
  cases: readonly EvalCase[];
  /** pass^k: a case passes only if it passes all k trials. Default 1. */
  trials?: number;
  /** Extra stack configuration (GOOGLE_API_KEY, GEMINI_MODEL…); LLM_PROVIDER is set from `provider`. */
  env?: Record<string, string | undefined>;
  /** Bounded wait for one confirmed plan. Default 30 s offline, 180 s with Gemini. */
  timeoutMs?: number;
  /** Called after each case, e.g. to print progress. */
  onCase?: (result: CaseResult) => void;
  /** Also run the cases out of scope for the provider, counted like the others (checks the scoping is honest). */
  includeOutOfScope?: boolean;
  /** The model session's hooks (relay, cassette, gemini --record): one conversation per case and trial. */
  conversations?: ConversationHooks;
  /** Plan queue visibility timeout; the relay needs minutes (a person answers while the executor waits). */
  visibilityTimeoutSeconds?: number;
  /** For the calls to the service; the relay passes one without Node's 300 s header timeout. */
  fetch?: typeof fetch;
}

/** The result of one in-scope case over k trials. */
export interface CaseResult {
  id: string;
  title: string;
  tags: string[];
  trials: TrialResult[];
  /** Trials that passed. */
  passedTrials: number;
  passed: boolean;
  /** The first failure of the first failing trial. */
  firstFailure?: string;
}

export interface EvalReport {
  provider: EvalProvider;
  trials: number;
  results: CaseResult[];
  /** Cases not in scope for the provider (offline only), with why. */
  skipped: Array<{ id: string; reason: string }>;
  passed: number;
  failed: number;
  /** Exactly `N passed, N failed`, over in-scope cases only. */
  summary: string;
}

/** Whether a provider is expected to pass a case: the offline model only runs cases marked in scope for it. */
export function inScope(evalCase: EvalCase, provider: EvalProvider): boolean {
  return provider !== 'offline' || evalCase.offline_in_scope;
}

/**
 * Runs the golden conversations against one local stack (dynalite, fauxqs, sandbox, gateway, SQS poller and
 * executor; clock pinned at EVAL_NOW), case after case, trial after trial. Stops the stack before returning.
 */
export async function runEval(options: EvalOptions): Promise<EvalReport> {
  const trials = options.trials ?? 1;
  const runs = (c: EvalCase) => options.includeOutOfScope === true || inScope(c, options.provider);
  const selected = options.cases.filter(runs);
  const skipped = options.cases
    .filter((c) => !runs(c))
    .map((c) => ({ id: c.id, reason: c.out_of_scope_reason ?? '' }));
  const stack: LocalStack = await startLocalStack({
    clock: fixedClock(EVAL_NOW),
    env: { ...options.env, LLM_PROVIDER: options.provider },
    logLevel: 'SILENT',
    port: 0,
    ...(options.visibilityTimeoutSeconds
      ? { visibilityTimeoutSeconds: options.visibilityTimeoutSeconds }
      : {}),
  });
  const slow = options.provider === 'gemini' || options.provider === 'relay';
  const target = {
    baseUrl: stack.url,
    admin: stack.sandbox.admin,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS[options.provider],
    pollMs: slow ? 250 : 25,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  const results: CaseResult[] = [];
  try {
    for (const evalCase of selected) {
      const runs: TrialResult[] = [];
      for (let t = 1; t <= trials; t += 1) {
        options.conversations?.begin(evalCase.id, t);
        const run = await runTrial(evalCase, target);
        const judged = await options.conversations?.end(evalCase.id, t, run);
        runs.push(judged ? { ...run, ...judged } : run);
      }
      const result = caseResult(evalCase, runs);
      results.push(result);
      options.onCase?.(result);
    }
  } finally {
    await stack.stop();
  }
  const passed = results.filter((r) => r.passed).length;
  const failed = results.length - passed;
  return {
    provider: options.provider,
    trials,
    results,
    skipped,
    passed,
    failed,
    summary: `${passed} passed, ${failed} failed`,
  };
}

function caseResult(evalCase: EvalCase, runs: TrialResult[]): CaseResult {
  const passedTrials = runs.filter((r) => r.passed).length;
  const firstFailure = runs.find((r) => !r.passed)?.failures[0];
  return {
    id: evalCase.id,
    title: evalCase.title,
    tags: evalCase.tags,
    trials: runs,
    passedTrials,
    passed: passedTrials === runs.length,
    ...(firstFailure ? { firstFailure } : {}),
  };
}
