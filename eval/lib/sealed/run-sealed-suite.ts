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
  /**
   * With a model session: its judgement of the conversation (a cassette replay: same requests, same verdict).
   * Kept apart from the verdict, since a miss that replays differently is still a miss.
   */
  conversation?: { passed: boolean; failures: string[] };
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
      const seen = await options.conversations?.end(sealedCase.id, 1, {
        passed: run.verdict.verdict === 'right',
        failures: run.verdict.verdict === 'right' ? [] : [run.verdict.reason],
      });
      const result = {
        id: sealedCase.id,
        file: sealedCase.file,
        venue: sealedCase.venue,
        ...run,
        verdict: judged(seen, run.verdict),
        ...(seen ? { conversation: seen } : {}),
      };
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
function judged(
  seen: { passed: boolean; failures: string[] } | undefined,
  verdict: SealedVerdict,
): SealedVerdict {
  if (!seen || seen.passed || verdict.verdict !== 'right') return verdict;
  const reason = seen.failures.join('; ') || 'the conversation did not replay';
  return { verdict: 'miss', failureClass: 'replay differs', reason };
}
