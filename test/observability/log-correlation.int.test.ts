import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPERATOR, planOf, startTracedStack, type TracedStack } from './support/traced-stack.ts';

/**
 * Issue 7 Logs: Powertools JSON lines with correlation ids (plan_id, session_id, trace id) and the cold-start
 * flag, one ops line per status transition. The Lambdas run in-process on the local stack; their stdout is read.
 */
type LogLine = Record<string, unknown> & { message: string; function_name?: string };

let traced: TracedStack;
const written: string[] = [];

beforeAll(async () => {
  // What the Lambda runtime sets; Powertools reports cold starts only for on-demand environments.
  vi.stubEnv('AWS_LAMBDA_INITIALIZATION_TYPE', 'on-demand');
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  });
  traced = await startTracedStack({ logLevel: 'INFO' });
});
afterAll(async () => {
  await traced.stop();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

function logLines(): LogLine[] {
  return written
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

describe('structured logs of the Lambdas', () => {
  it('carry plan_id, session_id and the trace id where the plan is known, and the cold-start flag', async () => {
    // Prepare
    const session = 'logs-1';
    // Act: two requests to the planner Lambda (a cold start, then a warm one), confirm, execution
    await traced.request('logs-warmup', 'Reschedule BK-1051 to Friday at 3pm');
    const proposed = planOf(await traced.request(session, "Move Aisha Khan's booking to Sunday at 3pm"));
    await traced.client.confirm(proposed.plan_id, OPERATOR);
    const done = await traced.settled(proposed.plan_id);
    // Assess
    const lines = logLines();
    const correlated = { plan_id: done.plan_id, session_id: session, trace_id: done.trace_id };
    const proposal = lines.find((l) => l.message === 'plan proposed' && l.plan_id === done.plan_id);
    expect(proposal).toMatchObject({ ...correlated, function_name: 'handle-request', cold_start: false });
    const confirmed = lines.find(
      (l) => l.message === `plan ${done.plan_id} pending_confirmation → confirmed`,
    );
    expect(confirmed).toMatchObject({ ...correlated, function_name: 'confirm-plan', cold_start: true });
    const finished = lines.find((l) => l.message === `plan ${done.plan_id} executing → completed`);
    expect(finished).toMatchObject({ ...correlated, function_name: 'execute-plan' });
    const planner = lines.filter((l) => l.function_name === 'handle-request');
    expect(planner[0]?.cold_start).toBe(true);
    expect(planner.at(-1)?.cold_start).toBe(false);
  });
});
