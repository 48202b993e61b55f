import { randomUUID } from 'node:crypto';
import { ServiceCallError, ServiceClient } from '../../devkit/chat/service-client.ts';
import type { SandboxAdmin } from '../../devkit/sandbox/sandbox-admin.ts';
import type { BookingRecord } from '../../devkit/sandbox/sandbox-state.ts';
import { CASE_USERS, caseFixture } from './case-fixture.ts';
import type { EvalCase } from './case-schema.ts';
import { checkDatabase, type DatabaseState } from './check-database.ts';
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
  /** For the service calls (default the global fetch). */
  fetch?: typeof fetch;
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
 * One trial (docs/eval.md "What a run does"): reset the sandbox with the case fixture, a fresh session, the
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
  const stage = { name: 'fixture' };
  try {
    target.admin.reset(caseFixture(evalCase));
    const before = target.admin.bookings();
    const user = CASE_USERS[evalCase.fixture.base];
    const client = new ServiceClient({
      baseUrl: target.baseUrl,
      userId: user.userId,
      token: user.token,
      ...(target.fetch ? { fetch: target.fetch } : {}),
    });
    const played = await playTurns(evalCase, client, transcript, stage);
    if (played.failures.length > 0) return done(played.failures);
    stage.name = 'confirm';
    const failures = await confirmAndWait(evalCase, client, played.planIds, target);
    stage.name = 'database';
    failures.push(...checkDatabase(evalCase.database, databaseState(target.admin, before)));
    return done(failures);
  } catch (error) {
    return done([`${stage.name}: ${describeError(error)}`]);
  } finally {
    target.admin.clearFaults();
  }
}

/** The scripted turns of a fresh session, each reply checked; stops at the first turn that fails. */
async function playTurns(
  evalCase: EvalCase,
  client: ServiceClient,
  transcript: TrialResult['transcript'],
  stage: { name: string },
): Promise<{ failures: string[]; planIds: Map<number, string> }> {
  const session = `eval-${evalCase.id}-${randomUUID().slice(0, 8)}`;
  const planIds = new Map<number, string>();
  for (const [i, turn] of evalCase.turns.entries()) {
    stage.name = `turn ${i + 1}`;
    const reply = await client.sendRequest(session, turn.user);
    transcript.push({
      user: turn.user,
      reply:
        reply.kind === 'plan'
          ? `plan: ${reply.presentation.steps.map((s) => s.line).join(' | ')}`
          : `clarification: ${reply.question}`,
    });
    const failures = checkReply(i + 1, turn.expect, reply);
    if (failures.length > 0) return { failures, planIds };
    if (reply.kind === 'plan') planIds.set(i + 1, reply.plan.plan_id);
  }
  return { failures: [], planIds };
}

/** Refused confirms, then faults, the confirm and the bounded wait; returns the outcome's failures. */
async function confirmAndWait(
  evalCase: EvalCase,
  client: ServiceClient,
  planIds: ReadonlyMap<number, string>,
  target: TrialTarget,
): Promise<string[]> {
  const failures: string[] = [];
  for (const rejected of evalCase.confirm_rejected) {
    failures.push(...(await expectRefusal(client, planIds.get(rejected.turn) ?? '', rejected)));
  }
  if (!evalCase.confirm || !evalCase.outcome) return failures;
  for (const fault of evalCase.faults) target.admin.injectFault(fault);
  const planId = planIds.get(evalCase.confirm.turn ?? Math.max(...planIds.keys())) ?? '';
  await client.confirm(planId);
  const waited = await waitForPlan(client, planId, {
    answers: evalCase.confirm.answers,
    timeoutMs: target.timeoutMs,
    pollMs: target.pollMs,
  });
  if (!waited.ok) failures.push(`outcome: ${waited.reason}`);
  else failures.push(...checkOutcome(evalCase.outcome, waited.plan, waited.prompts));
  return failures;
}

function databaseState(admin: SandboxAdmin, before: BookingRecord[]): DatabaseState {
  return {
    before,
    after: admin.bookings(),
    committed: admin
      .journal()
      .filter((e) => e.committed)
      .map((e) => e.operation),
    sideEffects: admin.sideEffects(),
  };
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
    if (error.status !== rejected.status)
      failures.push(`${at}: expected HTTP ${rejected.status}, got ${error.status}`);
    if (rejected.message && !matches(rejected.message, error.message)) {
      failures.push(`${at}: message ${show(error.message)} does not match /${rejected.message}/`);
    }
    return failures;
  }
}

function describeError(error: unknown): string {
  if (error instanceof ServiceCallError)
    return `service answered HTTP ${error.status} ${error.errorType}: ${error.message}`;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return `error: ${String(error)}`;
}
