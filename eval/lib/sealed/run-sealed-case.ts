import { randomUUID } from 'node:crypto';
import type { ChatReply, ServiceClient } from '../../../devkit/chat/service-client.ts';
import type { SandboxAdmin } from '../../../devkit/sandbox/sandbox-admin.ts';
import { scoreTurnOutcome } from '../score/turn-outcome.ts';
import { waitForPlan } from '../wait-for-plan.ts';
import {
  type Execution,
  type SealedVerdict,
  type StepTarget,
  scoreExecution,
  turnLabel,
} from './score-sealed-case.ts';
import type { SealedCase } from './sealed-case.ts';

/** What one case needs: the venue operator's client, the sandbox, the fixture, the bounded wait. */
export interface SealedCaseTarget {
  client: Pick<ServiceClient, 'sendRequest' | 'confirm' | 'get' | 'answer'>;
  admin: Pick<SandboxAdmin, 'reset' | 'bookings' | 'sideEffects'>;
  fixture: unknown;
  /** The venue's region (from its locale), for comparing phones. */
  region: string | undefined;
  timeoutMs: number;
  pollMs: number;
}

export interface SealedRun {
  verdict: SealedVerdict;
  transcript: Array<{ user: string; reply: string }>;
  /** How the confirmed plan ended, when one was confirmed. */
  execution?: { status: string; detail?: string };
}

function show(reply: ChatReply): string {
  if (reply.kind === 'plan') return `plan: ${reply.presentation.steps.map((s) => s.line).join(' | ')}`;
  return `${reply.reply_type ?? 'question'}${reply.asks_for ? `(${reply.asks_for})` : ''}: ${reply.question}`;
}

function targets(reply: Extract<ChatReply, { kind: 'plan' }>): StepTarget[] {
  return reply.plan.actions.map((a) => {
    const id = a.parameters.booking_id;
    return { action_id: a.action_id, ...(typeof id === 'string' ? { booking_id: id } : {}) };
  });
}

/**
 * One sealed case: a fresh sandbox and session; each turn sent with the case venue's operator token, each
 * labelled turn scored (the first that misses ends the case); the last plan confirmed, its execution awaited
 * answering nothing (a blocking prompt is a miss), and the sandbox compared with `expect.state`.
 */
export async function runSealedCase(sealedCase: SealedCase, target: SealedCaseTarget): Promise<SealedRun> {
  target.admin.reset(target.fixture);
  const before = target.admin.bookings();
  const session = `sealed-${sealedCase.id}-${randomUUID().slice(0, 8)}`;
  const transcript: SealedRun['transcript'] = [];
  const declined: StepTarget[] = [];
  let last: ChatReply | undefined;
  for (const [i, turn] of sealedCase.turns.entries()) {
    const user = typeof turn === 'string' ? turn : turn.user;
    last = await target.client.sendRequest(session, user);
    transcript.push({ user, reply: show(last) });
    if (last.kind === 'plan' && typeof turn === 'object' && turn.confirm === false)
      declined.push(...targets(last));
    const label = turnLabel(sealedCase, i);
    const miss = label ? scoreTurnOutcome(label, last) : undefined;
    if (miss)
      return { verdict: { ...miss, reason: `turn ${i + 1}: ${miss.reason}`, turn: i + 1 }, transcript };
  }
  if (last?.kind !== 'plan') return { verdict: { verdict: 'right' }, transcript };
  const planId = last.plan.plan_id;
  await target.client.confirm(planId);
  const waited = await waitForPlan(target.client, planId, {
    answers: [],
    timeoutMs: target.timeoutMs,
    pollMs: target.pollMs,
  });
  const status = waited.plan?.status ?? 'unknown';
  const run: Execution = {
    status,
    observed: { before, after: target.admin.bookings(), sideEffects: target.admin.sideEffects() },
    steps: targets(last),
    declined,
    ...(waited.plan?.failure_reason ? { failureReason: waited.plan.failure_reason } : {}),
    ...(waited.ok
      ? {}
      : {
          waitFailure: {
            failureClass: waited.prompts.length > 0 ? 'blocking prompt' : 'timeout',
            reason: waited.reason,
          },
        }),
  };
  const detail = waited.ok ? waited.plan.failure_reason : waited.reason;
  return {
    verdict: scoreExecution(sealedCase.expect.state, run, target.region),
    transcript,
    execution: { status, ...(detail ? { detail } : {}) },
  };
}
