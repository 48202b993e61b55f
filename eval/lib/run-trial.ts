import { randomUUID } from 'node:crypto';
import { ServiceCallError, ServiceClient } from '../../lib/chat/service-client.ts';
import type { SandboxAdmin } from '../../lib/sandbox/sandbox-admin.ts';
import { caseFixture, CASE_USERS } from './case-fixture.ts';
import type { EvalCase } from './case-schema.ts';
import { checkDatabase } from './check-database.ts';
import { checkOutcome } from './check-outcome.ts';
import { checkReply } from './check-reply.ts';
import { matches, show } from './match.ts';
import { waitForPlan } from './wait-for-plan.ts';

/** Where a trial runs: the local stack's gateway and the sandbox's admin API. */
export interface TrialTarget {
  baseUrl: string;
  admin: SandboxAdmin;
  /** Bounded wait for a confirmed plan to finish. */
  timeoutMs: number;
  pollMs: number;
}

/** One run of one case. `failures` is empty when it passed; the first entry is the reason shown in the table. */
export interface TrialResult {
  passed: boolean;
  failures: string[];
  /** Each user turn with the kind of reply it got, for --json and debugging. */
  transcript: Array<{ user: string; reply: string }>;
  durationMs: number;
}

/**
 * One trial (docs/eval.md "What a trial does"): reset the sandbox with the case fixture, a fresh session, the
 * scripted turns through the IQ API, refused confirms, faults, confirm, poll to a terminal status answering
 * blocking prompts, then score the plan and the database end state. Turns fail fast; the end-state checks all run.
 */
export async function runTrial(evalCase: EvalCase, target: TrialTarget): Promise<TrialResult> {
  const started = Date.now();
  const transcript: TrialResult['transcript'] = [];
  const done = (failures: string[]): TrialResult => ({
    passed: failures.length === 0,
    failures,
    transcript,
    durationMs: Date.now() - started,
  });
  let stage = 'fixture';
  try {
    target.admin.reset(caseFixture(evalCase));
    const before = target.admin.bookings();
    const user = CASE_USERS[evalCase.fixture.base];
    const client = new ServiceClient({ baseUrl: target.baseUrl, userId: user.userId, token: user.token });
    const session = `eval-${evalCase.id}-${randomUUID().slice(0, 8)}`;

    const planIds = new Map<number, string>();
    for (const [i, turn] of evalCase.turns.entries()) {
      stage = `turn ${i + 1}`;
      const reply = await client.sendRequest(session, turn.user);
      transcript.push({
        user: turn.user,
        reply:
          reply.kind === 'plan'
            ? `plan: ${reply.presentation.steps.map((s) => s.line).join(' | ')}`
            : `clarification: ${reply.question}`,
      });
      const failures = checkReply(i + 1, turn.expect, reply);
      if (failures.length > 0) return done(failures);
      if (reply.kind === 'plan') planIds.set(i + 1, reply.plan.plan_id);
    }

    stage = 'confirm';
    const failures: string[] = [];
    for (const rejected of evalCase.confirm_rejected) {
      failures.push(...(await expectRefusal(client, planIds.get(rejected.turn) ?? '', rejected)));
    }
    if (evalCase.confirm && evalCase.outcome) {
      for (const fault of evalCase.faults) target.admin.injectFault(fault);
      const turn = evalCase.confirm.turn ?? Math.max(...planIds.keys());
      const planId = planIds.get(turn) ?? '';
      await client.confirm(planId);
      const waited = await waitForPlan(client, planId, {
        answers: evalCase.confirm.answers,
        timeoutMs: target.timeoutMs,
        pollMs: target.pollMs,
      });
      if (!waited.ok) failures.push(`outcome: ${waited.reason}`);
      else failures.push(...checkOutcome(evalCase.outcome, waited.plan, waited.prompts));
    }
    stage = 'database';
    failures.push(
      ...checkDatabase(evalCase.database, {
        before,
        after: target.admin.bookings(),
        committed: target.admin
          .journal()
          .filter((e) => e.committed)
          .map((e) => e.operation),
        sideEffects: target.admin.sideEffects(),
      }),
    );
    return done(failures);
  } catch (error) {
    return done([`${stage}: ${describeError(error)}`]);
  } finally {
    target.admin.clearFaults();
  }
}

async function expectRefusal(
  client: ServiceClient,
  planId: string,
  rejected: EvalCase['confirm_rejected'][number],
): Promise<string[]> {
  const at = `confirm of turn ${rejected.turn}'s plan`;
  try {
    const plan = await client.confirm(planId);
    return [`${at}: expected HTTP ${rejected.status}, but it was accepted (status ${plan.status})`];
  } catch (error) {
    if (!(error instanceof ServiceCallError)) throw error;
    const failures: string[] = [];
    if (error.status !== rejected.status) failures.push(`${at}: expected HTTP ${rejected.status}, got ${error.status}`);
    if (rejected.message && !matches(rejected.message, error.message)) {
      failures.push(`${at}: message ${show(error.message)} does not match /${rejected.message}/`);
    }
    return failures;
  }
}

function describeError(error: unknown): string {
  if (error instanceof ServiceCallError) return `service answered HTTP ${error.status} ${error.errorType}: ${error.message}`;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return `error: ${String(error)}`;
}
