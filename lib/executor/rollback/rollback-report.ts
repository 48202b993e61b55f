import type { ReversalFailure, RollbackReport } from '../../contracts/action-result.ts';
import { maskByKey } from '../../observability/redact.ts';
import type { StoredPlan, StoredStep } from '../../plans/stored-plan.ts';
import type { ExecutionFailure } from '../../ports/execution-log.ts';
import type { CompiledAction } from '../../registry/compiled-action.ts';
import { isPiiParameter } from '../../registry/pii-parameter.ts';
import { bookingOf, bookingReferences } from '../step/step-label.ts';
import { compensationArgs } from './compensation-args.ts';
import { COMPENSATION_IN_DOUBT_REASON } from './resolve-compensation.ts';

/** The reversal-failure reason of a step left in doubt (its write got no answer and could not be read back). */
export const IN_DOUBT_REASON = 'no response was received, so it is unknown whether the change was applied';

/** Arguments that address a booking rather than describe a value to restore. */
const IDENTIFIERS = /(^|_)(id|reference)$/;

function humanise(name: string): string {
  return name.replaceAll('_', ' ');
}

function shown(action: CompiledAction | undefined, name: string, value: unknown): string {
  const pii = isPiiParameter(action, name);
  return String(pii ? maskByKey(name, value) : value);
}

/** "date back to 2026-12-12 and start time back to 15:00", from the compensation's values. */
function valuesToRestore(
  step: StoredStep,
  action: CompiledAction,
  actionOf: (id: string) => CompiledAction | undefined,
): string | undefined {
  const target = action.compensation ? actionOf(action.compensation.action_id) : undefined;
  if (!target) return undefined;
  const planned = compensationArgs(step, action, target);
  if (!planned.ok) return undefined;
  const parts = Object.entries(planned.args)
    .filter(([name]) => !IDENTIFIERS.test(name))
    .map(([name, value]) => `${humanise(name)} back to ${shown(target, name, value)}`);
  return parts.length > 0 ? parts.join(' and ') : undefined;
}

type Refs = ReadonlyMap<string, string>;

function bookingName(step: StoredStep, refs: Refs): string {
  const booking = bookingOf(step, refs);
  return booking ? `booking ${booking}` : 'the booking';
}

function failedToReverseGuidance(
  step: StoredStep,
  action: CompiledAction,
  restore: string | undefined,
  reason: string,
  refs: Refs,
): string {
  const booking = bookingName(step, refs);
  const what = `Step ${step.step_number} ("${action.name}") on ${booking} could not be undone automatically: ${reason}.`;
  return restore
    ? `${what} Please open ${booking} and set the ${restore}.`
    : `${what} Please undo "${action.name}" by hand on ${booking}.`;
}

/** A compensation sent whose answer was lost and the booking unreadable: a check, not "could not be undone". */
function undoInDoubtGuidance(
  step: StoredStep,
  action: CompiledAction,
  restore: string | undefined,
  refs: Refs,
) {
  const booking = bookingName(step, refs);
  const what = `Step ${step.step_number} ("${action.name}") on ${booking} may or may not have been undone: the reversal was sent, but ${COMPENSATION_IN_DOUBT_REASON}.`;
  return restore
    ? `${what} Please check ${booking}; if it still shows the change, set the ${restore}.`
    : `${what} Please check ${booking} and undo "${action.name}" by hand if the change still shows.`;
}

function inDoubtGuidance(
  step: StoredStep,
  action: CompiledAction,
  restore: string | undefined,
  refs: Refs,
): string {
  const booking = bookingName(step, refs);
  const what = `Step ${step.step_number} ("${action.name}") on ${booking} got no answer from the booking system, so it may or may not have been applied.`;
  return restore
    ? `${what} Please check ${booking}; if the change shows, set the ${restore}.`
    : `${what} Please check ${booking} and undo "${action.name}" by hand if it was applied.`;
}

function irreversibleGuidance(step: StoredStep, action: CompiledAction | undefined, refs: Refs): string {
  const name = action?.name ?? step.action_id;
  return `Step ${step.step_number} ("${name}") on ${bookingName(step, refs)} was completed and cannot be reversed automatically. If it should not stand, please handle it by hand (for example, let the guest know).`;
}

/**
 * The RollbackReport of 001, computed only from recorded step states (so it is the same after a crash):
 * reversed steps in the order they were undone, reversal failures with reasons (including a step left in doubt
 * by a missing response), irreversible steps that remain in effect, and plain-language manual recovery steps
 * naming the booking and the value to restore (PII values masked: 000 Privacy).
 */
export function buildRollbackReport(
  plan: StoredPlan,
  failure: ExecutionFailure,
  compensationFailures: Record<string, string>,
  actionOf: (actionId: string) => CompiledAction | undefined,
): RollbackReport {
  const descending = [...plan.actions].sort((a, b) => b.step_number - a.step_number);
  const reversed = descending.filter((s) => s.step_state === 'compensated').map((s) => s.step_number);
  const failed: ReversalFailure[] = [];
  const irreversible: number[] = [];
  const manual: string[] = [];
  const refs = bookingReferences(plan);
  for (const step of descending) {
    const action = actionOf(step.action_id);
    if (step.step_state === 'compensation_failed' && action) {
      const reason = compensationFailures[String(step.step_number)] ?? 'the reversal failed';
      failed.push({ step_number: step.step_number, reason });
      const restore = valuesToRestore(step, action, actionOf);
      manual.push(
        reason === COMPENSATION_IN_DOUBT_REASON
          ? undoInDoubtGuidance(step, action, restore, refs)
          : failedToReverseGuidance(step, action, restore, reason, refs),
      );
    } else if (step.step_state === 'succeeded' && action?.read_only !== true) {
      irreversible.push(step.step_number);
      manual.push(irreversibleGuidance(step, action, refs));
    } else if (failure.in_doubt && step.step_number === failure.step_number && action && !action.read_only) {
      const restore = action.reversible ? valuesToRestore(step, action, actionOf) : undefined;
      if (action.reversible) {
        failed.push({
          step_number: step.step_number,
          reason: IN_DOUBT_REASON,
        });
      }
      manual.push(inDoubtGuidance(step, action, restore, refs));
    }
  }
  return {
    triggered_by_step: failure.step_number,
    actions_reversed: reversed,
    ...(failed.length > 0 ? { actions_failed_to_reverse: failed } : {}),
    ...(irreversible.length > 0
      ? { irreversible_actions_completed: irreversible.sort((a, b) => a - b) }
      : {}),
    ...(manual.length > 0 ? { manual_recovery_steps: manual } : {}),
  };
}
