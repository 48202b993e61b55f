import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { type ChatReply, ServiceCallError, ServiceClient } from '../../../devkit/chat/service-client.ts';
import { startLocalStack } from '../../../infra/local/local-stack.ts';
import { fixedClock } from '../../../lib/ports/clock.ts';
import { loadCompiledRegistry } from '../../../lib/registry/compiled-registry.ts';
import type { EvalArgs } from '../cli-args.ts';
import type { ConversationHooks } from '../model-session.ts';
import { DEFAULT_TIMEOUT_MS } from '../run-eval.ts';
import { waitForPlan } from '../wait-for-plan.ts';
import type { BlindSuite } from './blind-case.ts';
import { type BlindVerdict, scoreBlindReply } from './score-blind-reply.ts';

export interface BlindCaseResult {
  id: string;
  file: string;
  verdict: BlindVerdict;
  transcript: Array<{ user: string; reply: string }>;
  /** With `confirm`: how the confirmed plan's execution ended (status, or why the wait failed). */
  execution?: { status: string; detail?: string };
  /** With a model session: its judgement of the conversation (a cassette replay: same requests, same verdict). */
  conversation?: { passed: boolean; failures: string[] };
}

export interface BlindReport {
  results: BlindCaseResult[];
  /** Cases not run (e.g. no cassette recorded for them), with why. */
  skipped: Array<{ id: string; reason: string }>;
  passed: number;
  failed: number;
  wrongPlans: number;
  /** `N passed, N failed` (wrong plans are counted among the failed, and reported apart). */
  summary: string;
}

export interface BlindRunOptions {
  suite: BlindSuite;
  provider: EvalArgs['provider'];
  /** Whatever else the stack needs (GOOGLE_API_KEY, the model session's GEMINI_BASE_URL…). */
  env: Record<string, string | undefined>;
  /** The model session's hooks (relay, cassette, gemini --record): one conversation per case. */
  conversations?: ConversationHooks;
  /** Confirm each right plan and wait for its execution to end (recordings with executions). */
  confirm?: boolean;
  timeoutMs?: number;
  visibilityTimeoutSeconds?: number;
  /** A fetch that waits as long as a human-played model needs (relay). */
  fetch?: typeof fetch;
  skipped?: BlindReport['skipped'];
  onCase?: (result: BlindCaseResult) => void;
}

function show(reply: ChatReply): string {
  if (reply.kind === 'plan') return `plan: ${reply.presentation.steps.map((s) => s.line).join(' | ')}`;
  return `${reply.reply_type ?? 'question'}: ${reply.question}`;
}

/**
 * Runs the blind request corpus on one local stack whose sandbox holds the corpus venue and whose clock is
 * pinned at the corpus's `now` (venue-local), in the venue's timezone and locale. Every case starts from a
 * fresh fixture and a fresh session; nothing is confirmed.
 */
export async function runBlindSuite(options: BlindRunOptions): Promise<BlindReport> {
  const { suite } = options;
  const now = DateTime.fromISO(suite.meta.now, { zone: suite.timeZone });
  const stack = await startLocalStack({
    clock: fixedClock(now.toUTC().toISO() ?? ''),
    env: {
      ...options.env,
      LLM_PROVIDER: options.env.LLM_PROVIDER ?? options.provider,
      VENUE_TIMEZONE: suite.timeZone,
      ...(suite.locale ? { VENUE_LOCALE: suite.locale } : {}),
    },
    sandboxFixture: suite.fixture,
    logLevel: 'SILENT',
    port: 0,
    ...(options.visibilityTimeoutSeconds
      ? { visibilityTimeoutSeconds: options.visibilityTimeoutSeconds }
      : {}),
  });
  const registry = loadCompiledRegistry();
  const isReadOnly = (id: string) => registry.get(id)?.read_only === true;
  const client = new ServiceClient({
    baseUrl: stack.url,
    userId: suite.meta.user_id,
    token: suite.meta.token,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const slow = options.provider === 'gemini' || options.provider === 'relay';
  const wait = {
    answers: [],
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS[options.provider],
    pollMs: slow ? 250 : 25,
  };
  const results: BlindCaseResult[] = [];
  try {
    for (const blindCase of suite.cases) {
      stack.sandbox.admin.reset(suite.fixture);
      const session = `blind-${blindCase.id}-${randomUUID().slice(0, 8)}`;
      const replies: ChatReply[] = [];
      const transcript: BlindCaseResult['transcript'] = [];
      let verdict: BlindVerdict;
      let execution: BlindCaseResult['execution'];
      options.conversations?.begin(blindCase.id, 1);
      try {
        for (const turn of blindCase.turns) {
          const reply = await client.sendRequest(session, turn);
          replies.push(reply);
          transcript.push({ user: turn, reply: show(reply) });
        }
        verdict = scoreBlindReply(blindCase, replies, isReadOnly);
        const last = replies.at(-1);
        if (options.confirm && verdict.verdict === 'right' && last?.kind === 'plan') {
          await client.confirm(last.plan.plan_id);
          const waited = await waitForPlan(client, last.plan.plan_id, wait);
          execution = waited.ok
            ? {
                status: waited.plan.status,
                ...(waited.plan.failure_reason ? { detail: waited.plan.failure_reason } : {}),
              }
            : { status: waited.plan?.status ?? 'unknown', detail: waited.reason };
        }
      } catch (error) {
        const why =
          error instanceof ServiceCallError
            ? `HTTP ${error.status} ${error.errorType}: ${error.message}`
            : String(error);
        verdict = { verdict: 'failed', reason: `turn ${replies.length + 1}: ${why}` };
      }
      const judged = await options.conversations?.end(blindCase.id, 1, {
        passed: verdict.verdict === 'right',
        failures: verdict.verdict === 'right' ? [] : [verdict.reason],
      });
      if (judged && !judged.passed && verdict.verdict === 'right')
        verdict = {
          verdict: 'failed',
          reason: judged.failures.join('; ') || 'the conversation did not replay',
        };
      const result = {
        id: blindCase.id,
        file: blindCase.file,
        verdict,
        transcript,
        ...(execution ? { execution } : {}),
        ...(judged ? { conversation: judged } : {}),
      };
      results.push(result);
      options.onCase?.(result);
    }
  } finally {
    await stack.stop();
  }
  const passed = results.filter((r) => r.verdict.verdict === 'right').length;
  const wrongPlans = results.filter((r) => r.verdict.verdict === 'wrong_plan').length;
  const failed = results.length - passed;
  return {
    results,
    skipped: options.skipped ?? [],
    passed,
    failed,
    wrongPlans,
    summary: `${passed} passed, ${failed} failed`,
  };
}

/** The table: failures grouped by file, wrong plans first, then the summary lines. */
export function formatBlindReport(report: BlindReport): string {
  const lines: string[] = [];
  const bad = report.results.filter((r) => r.verdict.verdict !== 'right');
  const order = (r: BlindCaseResult) => (r.verdict.verdict === 'wrong_plan' ? 0 : 1);
  for (const r of [...bad].sort((a, b) => order(a) - order(b) || a.id.localeCompare(b.id))) {
    const v = r.verdict;
    if (v.verdict === 'right') continue;
    lines.push(`${v.verdict === 'wrong_plan' ? 'WRONG' : 'FAIL '} ${r.id.padEnd(10)} ${v.reason}`);
  }
  const byFile = new Map<string, { right: number; total: number }>();
  for (const r of report.results) {
    const f = byFile.get(r.file) ?? { right: 0, total: 0 };
    f.total += 1;
    if (r.verdict.verdict === 'right') f.right += 1;
    byFile.set(r.file, f);
  }
  lines.push('', 'by file:');
  for (const [file, f] of byFile) lines.push(`  ${file.padEnd(28)} ${f.right}/${f.total}`);
  const executed = report.results.filter((r) => r.execution);
  if (executed.length > 0) {
    lines.push('', 'executions:');
    for (const r of executed)
      lines.push(`  ${r.id.padEnd(10)} ${r.execution?.status} ${r.execution?.detail ?? ''}`.trimEnd());
  }
  if (report.skipped.length > 0)
    lines.push(
      '',
      `skipped: ${report.skipped.length}`,
      ...report.skipped.map((s) => `  ${s.id}: ${s.reason}`),
    );
  const pct = report.results.length ? ((100 * report.passed) / report.results.length).toFixed(1) : '0';
  lines.push('', `right: ${pct}%`, `wrong plans: ${report.wrongPlans}`, report.summary);
  return lines.join('\n');
}
