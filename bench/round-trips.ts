import * as z from 'zod';
import { loadCases } from '../eval/lib/load-cases.ts';
import type { CaseVerdict } from '../eval/lib/model-session.ts';
import { runEval } from '../eval/lib/run-eval.ts';
import { startGeminiStub } from '../test/support/gemini-stub.ts';
import { benchRecordedCassettes } from './round-trips-cassettes.ts';
import { type AnsweredCall, offlineResponder } from './round-trips-model.ts';
import { type BenchRow, median, percentile, round } from './stats.ts';

/** Options of benchRoundTrips. */
export interface RoundTripsOptions {
  /** Simulated model latency per call, waited inside the model server. Default 1000 ms (issue 32). */
  modelLatencyMs?: number;
  /** Only these golden cases (default: every case the offline models play, `offline_in_scope`). */
  caseIds?: readonly string[];
}

/** What one design did over the golden conversations. */
interface DesignRun {
  /** Model calls of each POST /v1/requests, with the reply's kind and its plan's step count. */
  planning: Array<{ calls: number; ms: number; steps: number | undefined }>;
  /** Per conversation: planner and executor calls, tokens, and steps executed. */
  conversations: Array<{ id: string; calls: AnsweredCall[]; executedSteps: number }>;
  passed: number;
  failed: number;
  violations: number;
}

/** Today's design, and issue 32's new one: the planner's prefetch and the executor's direct steps (its own switch). */
const DESIGNS = [
  { name: 'current', env: { PLANNER_PREFETCH: 'false', EXECUTOR_DIRECT_STEPS: 'false' } },
  { name: 'new', env: { PLANNER_PREFETCH: 'true', EXECUTOR_DIRECT_STEPS: 'true' } },
] as const;

/**
 * Issue 32 "measure first": the golden conversations under both planner designs, one after the other in one run,
 * on the local stack with the real ChatGoogleGenerativeAI against the strict Gemini stub, the offline models
 * deciding every answer (bench/round-trips-model.ts) after `modelLatencyMs`. Model calls are counted per planning
 * request (POST /v1/requests) and per executed step; tokens per conversation come from the stub's usageMetadata;
 * planning latency is the POST's wall time. The recorded cassettes are read as recorded (round-trips-cassettes.ts).
 */
export async function benchRoundTrips(options: RoundTripsOptions = {}): Promise<BenchRow[]> {
  const latency = options.modelLatencyMs ?? 1000;
  const cases = loadCases().filter(
    (c) => c.offline_in_scope && (!options.caseIds || options.caseIds.includes(c.id)),
  );
  const runs: Record<string, DesignRun> = {};
  for (const design of DESIGNS) runs[design.name] = await runDesign(design.env, cases, latency);
  const [before, after] = [runs.current as DesignRun, runs.new as DesignRun];
  return [...compare(before, after, latency, cases.length), ...benchRecordedCassettes()];
}

async function runDesign(
  env: Record<string, string>,
  cases: ReturnType<typeof loadCases>,
  latencyMs: number,
): Promise<DesignRun> {
  const calls: AnsweredCall[] = [];
  const stub = await startGeminiStub({ respond: offlineResponder(latencyMs, calls) });
  const run: DesignRun = { planning: [], conversations: [], passed: 0, failed: 0, violations: 0 };
  const executed = new Map<string, number>();
  let from = 0;
  const counting: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const planning = (init?.method ?? 'GET') === 'POST' && url.pathname === '/v1/requests';
    const first = calls.length;
    const started = performance.now();
    const response = await fetch(input, init);
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => undefined);
    if (planning) {
      const mine = calls.slice(first).filter((c) => c.role === 'planner').length;
      run.planning.push({ calls: mine, ms: performance.now() - started, steps: planSteps(body) });
    }
    const plan = PlanSteps.safeParse(body);
    if (plan.success)
      executed.set(plan.data.plan.plan_id, plan.data.plan.actions.filter((a) => a.executed).length);
    return response;
  };
  const hooks = {
    begin() {
      from = calls.length;
      executed.clear();
    },
    async end(caseId: string, _trial: number, verdict: CaseVerdict) {
      const executedSteps = [...executed.values()].reduce((a, b) => a + b, 0);
      run.conversations.push({ id: caseId, calls: calls.slice(from), executedSteps });
      return verdict;
    },
  };
  try {
    const report = await runEval({
      provider: 'gemini',
      cases,
      env: { GOOGLE_API_KEY: 'bench', GEMINI_BASE_URL: stub.url, GEMINI_TIMEOUT_MS: '60000', ...env },
      conversations: hooks,
      fetch: counting,
    });
    for (const r of report.results)
      if (!r.passed) process.stderr.write(`  ✗ ${r.id}: ${r.firstFailure ?? ''}\n`);
    run.passed = report.passed;
    run.failed = report.failed;
    run.violations = stub.violations.length;
    return run;
  } finally {
    await stub.close();
  }
}

/** A service answer that carries a plan (POST /v1/requests, GET /v1/plans/{id}, confirm, answer). */
const PlanSteps = z.object({
  kind: z.string().optional(),
  plan: z.object({ plan_id: z.string(), actions: z.array(z.object({ executed: z.boolean().optional() })) }),
});

function planSteps(body: unknown): number | undefined {
  const reply = PlanSteps.safeParse(body);
  return reply.success && reply.data.kind === 'plan' ? reply.data.plan.actions.length : undefined;
}

const mean = (xs: readonly number[]) =>
  xs.length === 0 ? Number.NaN : xs.reduce((a, b) => a + b, 0) / xs.length;

/** The figures of one design, named as the table shows them. */
function figures(run: DesignRun) {
  const oneStep = run.planning.filter((p) => p.steps === 1);
  const tokens = (c: DesignRun['conversations'][number], kind: 'promptTokens' | 'outputTokens') =>
    c.calls.reduce((sum, call) => sum + call[kind], 0);
  const executorCalls = run.conversations.map((c) => c.calls.filter((x) => x.role === 'executor').length);
  const steps = run.conversations.map((c) => c.executedSteps);
  const singleStep = run.conversations
    .map((c, i) => ({ c, calls: executorCalls[i] as number }))
    .filter(({ c }) => c.executedSteps === 1)
    .map(({ calls }) => calls);
  return {
    'planner calls per planning request, median': median(run.planning.map((p) => p.calls)),
    'planner calls per planning request, mean': mean(run.planning.map((p) => p.calls)),
    'planner calls per one-step plan request, median': median(oneStep.map((p) => p.calls)),
    'planner calls per one-step plan request, mean': mean(oneStep.map((p) => p.calls)),
    'executor calls per executed step': sum(executorCalls) / Math.max(1, sum(steps)),
    'executor calls per single-step plan, median': median(singleStep),
    'prompt tokens per conversation, mean': mean(run.conversations.map((c) => tokens(c, 'promptTokens'))),
    'output tokens per conversation, mean': mean(run.conversations.map((c) => tokens(c, 'outputTokens'))),
    'planning latency p50': percentile(
      run.planning.map((p) => p.ms),
      50,
    ),
    'planning latency p95': percentile(
      run.planning.map((p) => p.ms),
      95,
    ),
  };
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

const UNITS: Record<string, string> = { tokens: '~tokens', latency: 'ms' };
const GOALS: Record<string, { goal: string; ok: (after: number, before: number) => boolean }> = {
  'planner calls per one-step plan request, median': { goal: '≤ 2', ok: (a) => a <= 2 },
  'executor calls per single-step plan, median': { goal: '≤ 1', ok: (a) => a <= 1 },
  'prompt tokens per conversation, mean': { goal: '−30%', ok: (a, b) => a <= 0.7 * b },
};

function compare(before: DesignRun, after: DesignRun, latencyMs: number, cases: number): BenchRow[] {
  const b = figures(before);
  const a = figures(after);
  const rows: BenchRow[] = [];
  for (const key of Object.keys(b) as Array<keyof typeof b>) {
    const unit = UNITS[Object.keys(UNITS).find((u) => key.includes(u)) ?? ''] ?? 'calls';
    const goal = GOALS[key];
    rows.push({ group: 'round trips', metric: `${key} (current)`, value: round(b[key], 2), unit });
    rows.push({
      group: 'round trips',
      metric: `${key} (new)`,
      value: round(a[key], 2),
      unit,
      ratio: `${round(a[key] / b[key], 2)}× of current`,
      ...(goal ? { goal: goal.goal, ok: goal.ok(a[key], b[key]) } : {}),
    });
  }
  const context = (run: DesignRun, name: string): BenchRow => ({
    group: 'round trips',
    metric: `golden cases passed, ${name} (of ${cases}; model latency ${latencyMs} ms; ${run.planning.length} planning requests; ${run.violations} Gemini rule violations)`,
    value: run.passed,
    unit: 'cases',
  });
  rows.push(context(before, 'current'), context(after, 'new'));
  return rows;
}
