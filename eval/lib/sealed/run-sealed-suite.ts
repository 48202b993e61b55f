import { ServiceCallError, ServiceClient } from '../../../devkit/chat/service-client.ts';
import { startLocalStack } from '../../../infra/local/local-stack.ts';
import { fixedClock } from '../../../lib/ports/clock.ts';
import type { EvalArgs } from '../cli-args.ts';
import type { ConversationHooks } from '../model-session.ts';
import { DEFAULT_TIMEOUT_MS } from '../run-eval.ts';
import { regionOf } from '../score/same-phone.ts';
import { runSealedCase, type SealedRun } from './run-sealed-case.ts';
import type { SealedVerdict } from './score-sealed-case.ts';
import type { SealedSuite } from './sealed-case.ts';

export interface SealedCaseResult extends SealedRun {
  id: string;
  file: string;
  venue: string;
}

export interface SealedReport {
  now: string;
  /** What the service was started with for the venue's clock: VENUE_TIMEZONE / VENUE_LOCALE are left unset. */
  serviceVenueConfig: string;
  results: SealedCaseResult[];
  skipped: Array<{ id: string; reason: string }>;
  right: number;
  wrong: number;
  miss: number;
  /** `N right, N wrong, N miss` */
  summary: string;
}

export interface SealedRunOptions {
  suite: SealedSuite;
  provider: EvalArgs['provider'];
  /** Whatever else the stack needs (GOOGLE_API_KEY, the model session's GEMINI_BASE_URL…). */
  env: Record<string, string | undefined>;
  conversations?: ConversationHooks;
  timeoutMs?: number;
  visibilityTimeoutSeconds?: number;
  fetch?: typeof fetch;
  skipped?: SealedReport['skipped'];
  onCase?: (result: SealedCaseResult) => void;
}

function describe(error: unknown): string {
  if (error instanceof ServiceCallError) return `HTTP ${error.status} ${error.errorType}: ${error.message}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Runs the sealed corpus on one local stack: the sandbox holds every venue of venues.json, and the service's
 * and the sandbox's clocks are pinned at meta.yaml's UTC `now`. The service is started without VENUE_TIMEZONE
 * and VENUE_LOCALE, so the run measures whether each request is read on its own venue's clock (anything the
 * service cannot learn from the venue falls back to lib/config's default). Each case talks with its venue's
 * operator token and user id.
 */
export async function runSealedSuite(options: SealedRunOptions): Promise<SealedReport> {
  const { suite } = options;
  const { VENUE_TIMEZONE: _tz, VENUE_LOCALE: _locale, ...env } = options.env;
  const stack = await startLocalStack({
    clock: fixedClock(suite.meta.now),
    env: { ...env, LLM_PROVIDER: env.LLM_PROVIDER ?? options.provider },
    sandboxFixture: suite.fixture,
    logLevel: 'SILENT',
    port: 0,
    ...(options.visibilityTimeoutSeconds
      ? { visibilityTimeoutSeconds: options.visibilityTimeoutSeconds }
      : {}),
  });
  const slow = options.provider === 'gemini' || options.provider === 'relay';
  const results: SealedCaseResult[] = [];
  try {
    for (const sealedCase of suite.cases) {
      const venue = suite.meta.venues[sealedCase.venue];
      if (!venue) continue; // loadSealedSuite already refuses a case whose venue meta.yaml lacks
      const client = new ServiceClient({
        baseUrl: stack.url,
        userId: venue.user_id,
        token: venue.token,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      options.conversations?.begin(sealedCase.id, 1);
      let run: SealedRun;
      try {
        run = await runSealedCase(sealedCase, {
          client,
          admin: stack.sandbox.admin,
          fixture: suite.fixture,
          region: regionOf(venue.locale),
          timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS[options.provider],
          pollMs: slow ? 250 : 25,
        });
      } catch (error) {
        run = {
          verdict: { verdict: 'miss', failureClass: 'error', reason: describe(error) },
          transcript: [],
        };
      }
      const verdict = await judged(options.conversations, sealedCase.id, run.verdict);
      const result = { id: sealedCase.id, file: sealedCase.file, venue: sealedCase.venue, ...run, verdict };
      results.push(result);
      options.onCase?.(result);
    }
  } finally {
    await stack.stop();
  }
  const count = (v: SealedVerdict['verdict']) => results.filter((r) => r.verdict.verdict === v).length;
  const [right, wrong, miss] = [count('right'), count('wrong'), count('miss')];
  return {
    now: suite.meta.now,
    serviceVenueConfig: 'VENUE_TIMEZONE and VENUE_LOCALE unset (lib/config defaults)',
    results,
    skipped: options.skipped ?? [],
    right,
    wrong,
    miss,
    summary: `${right} right, ${wrong} wrong, ${miss} miss`,
  };
}

/** A model session's judgement (a cassette replay that drifted) turns a right case into a miss. */
async function judged(
  hooks: ConversationHooks | undefined,
  id: string,
  verdict: SealedVerdict,
): Promise<SealedVerdict> {
  const passed = verdict.verdict === 'right';
  const seen = await hooks?.end(id, 1, { passed, failures: passed ? [] : [verdict.reason] });
  if (!seen || seen.passed || !passed) return verdict;
  const reason = seen.failures.join('; ') || 'the conversation did not replay';
  return { verdict: 'miss', failureClass: 'replay differs', reason };
}
