import type { RollbackReport } from '../contracts/action-result.ts';
import type { StoredPlan, StoredStep } from './stored-plan.ts';

/** The bounds past which a non-terminal plan is stuck (config: STUCK_PLAN_AFTER_MINUTES, SESSION_TTL_HOURS). */
export interface StuckBounds {
  /** confirmed, or executing without a question, and untouched this long. */
  runningMs: number;
  /** executing with a question nobody answered this long (the session TTL). */
  questionMs: number;
}

/** Why the watchdog calls a plan stuck, if it does. */
export type StuckReason = 'not_started' | 'stopped_executing' | 'question_unanswered';

/** Why a plan ends without calling the booking API: stuck, dead-lettered, or its sealed token unreadable (issue 28). */
export type UnresumableReason = StuckReason | 'dead_letter' | 'unreadable_token';

/** Pure: the plan's stuck reason at `now`, or undefined while it is terminal, pending or within its bound. */
export function stuckReason(plan: StoredPlan, now: Date, bounds: StuckBounds): StuckReason | undefined {
  const idle = now.getTime() - Date.parse(plan.updated_at);
  if (plan.status === 'confirmed') return idle > bounds.runningMs ? 'not_started' : undefined;
  if (plan.status !== 'executing') return undefined;
  if (plan.blocking_prompt !== undefined) return idle > bounds.questionMs ? 'question_unanswered' : undefined;
  return idle > bounds.runningMs ? 'stopped_executing' : undefined;
}

const WHY: Record<UnresumableReason, string> = {
  not_started: 'This request was confirmed but never started',
  stopped_executing: 'This request stopped before it finished',
  question_unanswered: 'This request waited for your answer longer than the session lasts',
  dead_letter: 'This request kept failing before it could finish',
  unreadable_token: 'The sign-in sent with this request could not be read',
};

function bookingOf(step: StoredStep): string {
  const ref = step.before?.booking_reference ?? step.result?.response_data?.booking_reference;
  const id = step.resolved_parameters?.booking_id ?? step.parameters.booking_id;
  const name = typeof ref === 'string' ? ref : typeof id === 'string' ? id : undefined;
  return name ? `booking ${name}` : 'the booking';
}

/**
 * The failure a stuck plan ends with when the watchdog cannot call the booking API (no user token): nothing is
 * undone automatically, and the report says so — every change that was applied, or may have been (a write sent
 * without a recorded answer), is listed for a manual check. Never claims a rollback that did not happen.
 */
export function stuckFailure(
  plan: StoredPlan,
  why: UnresumableReason,
  isMutation: (actionId: string) => boolean,
): { failure_reason: string; rollback_report?: RollbackReport } {
  const applied = plan.actions.filter((s) => s.step_state === 'succeeded' && isMutation(s.action_id));
  const unsure = plan.actions.filter((s) => s.step_state === 'intent_recorded' && isMutation(s.action_id));
  const touched = [...applied, ...unsure].sort((a, b) => a.step_number - b.step_number);
  if (touched.length === 0) {
    return { failure_reason: `${WHY[why]}. Nothing was changed. You can ask again.` };
  }
  const manual = touched.map((s) =>
    s.step_state === 'succeeded'
      ? `Step ${s.step_number} ("${s.action_id}") on ${bookingOf(s)} was applied and was not undone. Please check ${bookingOf(s)} and undo it by hand if it should not stand.`
      : `Step ${s.step_number} ("${s.action_id}") on ${bookingOf(s)} was sent without an answer, so it may or may not have been applied. Please check ${bookingOf(s)}.`,
  );
  const pending = plan.actions.find((s) => s.step_state !== 'succeeded');
  return {
    failure_reason: `${WHY[why]}, and it could not be resumed, so nothing was undone automatically. Please check: ${manual.join(' ')}`,
    rollback_report: {
      // Stryker disable next-line OptionalChaining: touched is non-empty here (returned above when empty); `?.` only satisfies noUncheckedIndexedAccess
      triggered_by_step: pending?.step_number ?? touched[touched.length - 1]?.step_number ?? 1,
      actions_reversed: [],
      actions_failed_to_reverse: touched.map((s) => ({
        step_number: s.step_number,
        reason: 'the execution stopped and could not be resumed, so it was not undone',
      })),
      manual_recovery_steps: manual,
    },
  };
}

/**
 * The failure text of a plan the watchdog rolled back with its token (a message that died twice, ADR 0009), from
 * how the rollback ended: everything undone, nothing had changed, or what must be checked by hand (the report's
 * manual steps, which name the booking and the values).
 */
export function abandonedReason(
  status: 'completed' | 'failed' | 'rolled_back',
  report: RollbackReport | undefined,
): string {
  const why = `${WHY.dead_letter}, so it was stopped`;
  if (status === 'rolled_back') return `${why} and the changes it had made were undone. You can ask again.`;
  const manual = report?.manual_recovery_steps ?? [];
  if (manual.length === 0) return `${why}. Nothing was changed. You can ask again.`;
  return `${why}, and not everything it had changed could be undone automatically. Please check: ${manual.join(' ')}`;
}
