import { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import { DEMO_TOKEN, DEMO_USER } from '../devkit/chat/demo-defaults.ts';
import { ServiceClient, type ViewedPlan } from '../devkit/chat/service-client.ts';
import { type LocalStack, startLocalStack } from '../infra/local/local-stack.ts';
import { NoopTracer } from '../lib/observability/noop-tracer.ts';
import { type BenchRow, percentile, round } from './stats.ts';

const USER = DEMO_USER;
const TOKEN = DEMO_TOKEN;
/** A one-step, in-scope request for the offline model: one search, one plan. */
const MESSAGE = 'Change BK-1045 to 18 guests';

/** Counts chat-model calls (bench 6: LLM calls per happy-path request). */
class CallCounter extends BaseCallbackHandler {
  name = 'bench-call-counter';
  calls = 0;
  override handleChatModelStart(): void {
    this.calls += 1;
  }
}

/** Tracing off, except that every model call the planner and executor make reports to the counter. */
class CountingTracer extends NoopTracer {
  constructor(private readonly counter: CallCounter) {
    super();
  }
  override langchainCallbacks(): BaseCallbackHandler[] {
    return [this.counter];
  }
}

async function until(
  client: ServiceClient,
  planId: string,
  done: (p: ViewedPlan) => boolean,
): Promise<ViewedPlan> {
  for (;;) {
    const plan = await client.get(planId);
    if (done(plan)) return plan;
    await new Promise((r) => setTimeout(r, 2));
  }
}

/**
 * Benches 1, 2 and 6 of issue 8 on the local stack with the offline model (its own time is sub-millisecond
 * string matching, so the figure is the service's overhead: HTTP, zod, DynamoDB, the graph, sandbox lookups).
 */
export async function benchService(requests = 200, confirms = 30): Promise<BenchRow[]> {
  const counter = new CallCounter();
  const stack: LocalStack = await startLocalStack({
    tracer: new CountingTracer(counter),
    logLevel: 'SILENT',
  });
  try {
    const client = new ServiceClient({ baseUrl: stack.url, userId: USER, token: TOKEN });
    await client.sendRequest('warm-up', MESSAGE);

    const planning: number[] = [];
    for (let i = 0; i < requests; i++) {
      const t = performance.now();
      await client.sendRequest(`bench-plan-${i}`, MESSAGE);
      planning.push(performance.now() - t);
    }

    const startLatency: number[] = [];
    let callsPerRequest = Number.NaN;
    for (let i = 0; i < confirms; i++) {
      stack.sandbox.admin.reset();
      counter.calls = 0;
      const reply = await client.sendRequest(`bench-confirm-${i}`, MESSAGE);
      if (reply.kind !== 'plan') throw new Error(`expected a plan, got: ${reply.question}`);
      const t = performance.now();
      await client.confirm(reply.plan.plan_id);
      await until(client, reply.plan.plan_id, (p) => p.status !== 'confirmed');
      startLatency.push(performance.now() - t);
      const final = await until(client, reply.plan.plan_id, (p) =>
        ['completed', 'failed', 'rolled_back'].includes(p.status),
      );
      if (final.status !== 'completed')
        throw new Error(`bench plan ended ${final.status}: ${final.failure_reason}`);
      callsPerRequest = counter.calls;
    }

    const p50 = percentile(planning, 50);
    const p95 = percentile(planning, 95);
    const s50 = percentile(startLatency, 50);
    return [
      {
        group: 'planning',
        metric: `overhead p50 (n=${requests})`,
        value: round(p50),
        unit: 'ms',
        goal: '≤ 30',
        ok: p50 <= 30,
      },
      {
        group: 'planning',
        metric: `overhead p95 (n=${requests})`,
        value: round(p95),
        unit: 'ms',
        goal: '≤ 80',
        ok: p95 <= 80,
      },
      {
        group: 'queue',
        metric: `confirm → executor start p50 (n=${confirms})`,
        value: round(s50),
        unit: 'ms',
        goal: '≤ 300',
        ok: s50 <= 300,
      },
      {
        group: 'queue',
        metric: `confirm → executor start p95 (n=${confirms})`,
        value: round(percentile(startLatency, 95)),
        unit: 'ms',
      },
      {
        group: 'llm',
        metric: 'LLM calls per one-step request (plan + execute)',
        value: callsPerRequest,
        unit: 'calls',
        goal: '≤ 3',
        ok: callsPerRequest <= 3,
      },
    ];
  } finally {
    await stack.stop();
  }
}
