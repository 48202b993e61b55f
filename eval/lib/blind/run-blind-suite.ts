import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { startLocalStack } from '../../../infra/local/local-stack.ts';
import { type ChatReply, ServiceCallError, ServiceClient } from '../../../lib/chat/service-client.ts';
import { fixedClock } from '../../../lib/ports/clock.ts';
import { loadCompiledRegistry } from '../../../lib/registry/compiled-registry.ts';
import type { BlindSuite } from './blind-case.ts';
import { type BlindVerdict, scoreBlindReply } from './score-blind-reply.ts';

export interface BlindCaseResult {
  id: string;
  file: string;
  verdict: BlindVerdict;
  transcript: Array<{ user: string; reply: string }>;
}

export interface BlindReport {
  results: BlindCaseResult[];
  passed: number;
  failed: number;
  wrongPlans: number;
  /** `N passed, N failed` (wrong plans are counted among the failed, and reported apart). */
  summary: string;
}

export interface BlindRunOptions {
  suite: BlindSuite;
  /** LLM_PROVIDER and whatever else the stack needs (GOOGLE_API_KEY…). */
  env: Record<string, string | undefined>;
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
      VENUE_TIMEZONE: suite.timeZone,
      ...(suite.locale ? { VENUE_LOCALE: suite.locale } : {}),
    },
    sandboxFixture: suite.fixture,
    logLevel: 'SILENT',
    port: 0,
  });
  const registry = loadCompiledRegistry();
  const isReadOnly = (id: string) => registry.get(id)?.read_only === true;
  const client = new ServiceClient({
    baseUrl: stack.url,
    userId: suite.meta.user_id,
    token: suite.meta.token,
  });
  const results: BlindCaseResult[] = [];
  try {
    for (const blindCase of suite.cases) {
      stack.sandbox.admin.reset(suite.fixture);
      const session = `blind-${blindCase.id}-${randomUUID().slice(0, 8)}`;
      const replies: ChatReply[] = [];
      const transcript: BlindCaseResult['transcript'] = [];
      let verdict: BlindVerdict;
      try {
        for (const turn of blindCase.turns) {
          const reply = await client.sendRequest(session, turn);
          replies.push(reply);
          transcript.push({ user: turn, reply: show(reply) });
        }
        verdict = scoreBlindReply(blindCase, replies, isReadOnly);
      } catch (error) {
        const why =
          error instanceof ServiceCallError
            ? `HTTP ${error.status} ${error.errorType}: ${error.message}`
            : String(error);
        verdict = { verdict: 'failed', reason: `turn ${replies.length + 1}: ${why}` };
      }
      const result = { id: blindCase.id, file: blindCase.file, verdict, transcript };
      results.push(result);
      options.onCase?.(result);
    }
  } finally {
    await stack.stop();
  }
  const passed = results.filter((r) => r.verdict.verdict === 'right').length;
  const wrongPlans = results.filter((r) => r.verdict.verdict === 'wrong_plan').length;
  const failed = results.length - passed;
  return { results, passed, failed, wrongPlans, summary: `${passed} passed, ${failed} failed` };
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
  const pct = report.results.length ? ((100 * report.passed) / report.results.length).toFixed(1) : '0';
  lines.push('', `right: ${pct}%`, `wrong plans: ${report.wrongPlans}`, report.summary);
  return lines.join('\n');
}
