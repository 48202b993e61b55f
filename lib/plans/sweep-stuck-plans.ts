import { hasErrorName } from '../errors/has-error-name.ts';
import type { Clock } from '../ports/clock.ts';
import type { DeadLetterQueue } from '../ports/dead-letter-queue.ts';
import { PlanMessage, type PlanQueue } from '../ports/plan-queue.ts';
import type { PlanStore } from '../ports/plan-store.ts';
import { closedReason } from './confirmability.ts';
import { invalidatePendingPlan } from './invalidate-pending-plan.ts';
import { maskPlanPii, type PiiLookup } from './mask-plan.ts';
import { logTransition, type OpsLog } from './ops-log.ts';
import { isTerminal } from './status-machine.ts';
import type { StoredPlan } from './stored-plan.ts';
import { type StuckBounds, type StuckReason, stuckFailure, stuckReason } from './stuck-plans.ts';
import { applyTransition } from './transition.ts';

/** What the watchdog needs; built by functions/watchdog.ts and the local stack's timer. */
export interface SweepDeps {
  plans: PlanStore;
  queue: PlanQueue;
  deadLetters: DeadLetterQueue;
  clock: Clock;
  log: OpsLog;
  isPii: PiiLookup;
  /** True for an action that changes something (the registry's read_only, negated). */
  isMutation: (actionId: string) => boolean;
  bounds: StuckBounds;
  /** Redrives of a dead-lettered plan before it is failed (default 1: "resume where safe", once). */
  maxRedrives?: number;
  /**
   * Rolls back an executing plan with its message's token and ends it with the report (the executor's
   * createAbandonExecution); undefined when the plan is not executing. Absent: the plan is failed with a
   * manual-check report instead (stuck-plans.ts).
   */
  abandon?: (message: PlanMessage) => Promise<StoredPlan | undefined>;
}

export interface SweepSummary {
  redriven: string[];
  /** Plans ended failed without a rollback (no token, not started, or the rollback could not run). */
  failed: string[];
  /** Dead-lettered plans the watchdog rolled back with their token (ended rolled_back or failed). */
  rolled_back: string[];
  expired: string[];
  /** DLQ messages deleted without action (plan gone or already terminal, or not a plan message). */
  discarded: number;
}

/** Fails a stuck plan with its report (stuck-plans.ts), PII masked; a lost race is left to the next sweep. */
async function failStuck(
  deps: SweepDeps,
  plan: StoredPlan,
  why: StuckReason | 'dead_letter',
): Promise<boolean> {
  const end = stuckFailure(plan, why, deps.isMutation);
  const masked = maskPlanPii({ ...plan, ...end }, deps.isPii);
  try {
    const failed = await applyTransition(
      deps.plans,
      plan,
      {
        status: 'failed',
        set: {
          completed_at: deps.clock.now().toISOString(),
          intent_summary: masked.intent_summary,
          failure_reason: masked.failure_reason ?? end.failure_reason,
          ...(masked.rollback_report ? { rollback_report: masked.rollback_report } : {}),
          attention_reason: end.rollback_report ? 'manual_recovery' : 'stuck',
          pii_masked: true,
        },
        remove: ['blocking_prompt', 'blocking_answer'],
      },
      { expectStatus: [plan.status] },
    );
    logTransition(deps.log, failed, plan.status, 'failed', { watchdog: why });
    return true;
  } catch (error) {
    if (hasErrorName(error, 'StaleWriteError')) return false;
    throw error;
  }
}

/**
 * A message that died a second time: its plan is rolled back with the message's token where it can be
 * (executing, and `abandon` wired), else failed with the manual-check report. A rollback that throws (a store
 * fault, a lost race) leaves what it recorded on the plan, which is read again before the fallback report.
 */
async function endDeadLettered(
  deps: SweepDeps,
  plan: StoredPlan,
  message: PlanMessage,
  summary: SweepSummary,
): Promise<void> {
  if (deps.abandon && plan.status === 'executing') {
    try {
      const ended = await deps.abandon(message);
      if (ended) {
        summary.rolled_back.push(plan.plan_id);
        deps.log.info(`plan ${plan.plan_id} rolled back after its message died twice`, {
          plan_id: plan.plan_id,
          status: ended.status,
        });
        return;
      }
    } catch (error) {
      deps.log.warn(
        `rollback of dead-lettered plan ${plan.plan_id} did not finish; failing it for a manual check`,
        {
          plan_id: plan.plan_id,
          error_name: error instanceof Error ? error.name : 'unknown',
        },
      );
    }
  }
  const current = await deps.plans.get(plan.plan_id);
  if (current && !isTerminal(current.status) && (await failStuck(deps, current, 'dead_letter'))) {
    summary.failed.push(plan.plan_id);
  }
}

/**
 * Drains the DLQ: a message whose plan is gone or terminal is deleted; one whose plan is still running is
 * re-enqueued on the main queue under a new deduplication id, once ("resume where safe": the executor resumes
 * from its write-ahead log and the same Idempotency-Keys); a plan whose message comes back again is failed with
 * rolled back with its token (endDeadLettered). The redrive count is recorded on the plan before the message is sent.
 */
async function drainDeadLetters(deps: SweepDeps, summary: SweepSummary, seen: Set<string>): Promise<void> {
  const max = deps.maxRedrives ?? 1;
  for (
    let batch = await deps.deadLetters.receive(10);
    batch.length > 0;
    batch = await deps.deadLetters.receive(10)
  ) {
    for (const letter of batch) {
      const parsed = PlanMessage.safeParse(letter.body);
      const plan = parsed.success ? await deps.plans.get(parsed.data.plan_id) : undefined;
      if (!parsed.success || !plan || isTerminal(plan.status) || seen.has(plan.plan_id)) {
        summary.discarded += 1;
        await deps.deadLetters.remove(letter.receipt);
        continue;
      }
      seen.add(plan.plan_id);
      const redrives = plan.watchdog_redrives ?? 0;
      if (redrives < max) {
        const noted = await applyTransition(
          deps.plans,
          plan,
          { set: { watchdog_redrives: redrives + 1 } },
          { expectStatus: [plan.status] },
        );
        await deps.queue.enqueue(
          { ...parsed.data, version: noted.version },
          { groupId: plan.plan_id, deduplicationId: `${plan.plan_id}:redrive-${redrives + 1}` },
        );
        summary.redriven.push(plan.plan_id);
        deps.log.info(`plan ${plan.plan_id} redriven from the DLQ`, {
          plan_id: plan.plan_id,
          redrive: redrives + 1,
        });
      } else {
        await endDeadLettered(deps, plan, parsed.data, summary);
      }
      await deps.deadLetters.remove(letter.receipt);
    }
  }
}

/**
 * Use case "sweep stuck plans" (issue 13 watchdog; ADR 0009): drains the DLQ, then fails every plan stuck past
 * its bound (confirmed or executing and untouched for `bounds.runningMs`, or waiting on a question longer than
 * the session) with a report of what must be checked by hand, and writes expiry on pending plans past their TTL.
 * No plan stays non-terminal forever.
 */
export async function sweepStuckPlans(deps: SweepDeps): Promise<SweepSummary> {
  const summary: SweepSummary = { redriven: [], failed: [], rolled_back: [], expired: [], discarded: 0 };
  const seen = new Set<string>();
  await drainDeadLetters(deps, summary, seen);
  const now = deps.clock.now();
  for await (const plan of deps.plans.scanAll()) {
    if (seen.has(plan.plan_id)) continue;
    if (plan.status === 'pending_confirmation') {
      if (!plan.invalidated_reason && closedReason(plan, now) === 'expired') {
        const outcome = await invalidatePendingPlan(deps.plans, plan, 'expired', now, deps.isPii);
        if (outcome === 'invalidated') summary.expired.push(plan.plan_id);
      }
      continue;
    }
    const why = stuckReason(plan, now, deps.bounds);
    if (why && (await failStuck(deps, plan, why))) summary.failed.push(plan.plan_id);
  }
  return summary;
}
