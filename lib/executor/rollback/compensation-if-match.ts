import type { StoredPlan, StoredStep } from '../../plans/stored-plan.ts';
import type { ActionRegistry } from '../../registry/action-registry.ts';

/** States of a step whose forward call was applied (its write stands unless it was compensated). */
const APPLIED = new Set(['succeeded', 'compensated', 'compensation_failed']);

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 && !value.includes('{{') ? value : undefined;
}

/** The booking a step wrote to: the id it returned (a created booking) or the id it was sent. */
export function bookingIdOf(step: StoredStep): string | undefined {
  return text(step.result?.response_data?.booking_id) ?? text(step.resolved_parameters?.booking_id);
}

function asIfMatch(version: unknown): string | undefined {
  return typeof version === 'number' ? String(version) : undefined;
}

/**
 * The If-Match for compensating step N: the version of the booking's latest write that WE made (000 Decision
 * Records: conflicts are detected at execution time; a rollback must not overwrite someone else's later change).
 * Forward writes all precede the compensations, and compensations run in descending step order, so the latest
 * write is the compensation of the lowest-numbered already compensated step above N on that booking, else the
 * highest-numbered applied forward mutation on it. When that write returned no version (a note, a confirmation)
 * the version is unknown and no If-Match is sent. Keyed by step rather than booking so that a compensation
 * re-sent after a crash (its version recorded, its step not yet marked) sends the same If-Match as before.
 */
export function compensationIfMatch(
  plan: StoredPlan,
  stepNumber: number,
  compensationVersions: Readonly<Record<string, number>>,
  registry: Pick<ActionRegistry, 'get'>,
): string | undefined {
  const step = plan.actions.find((s) => s.step_number === stepNumber);
  const booking = step ? bookingIdOf(step) : undefined;
  if (!booking) return undefined;
  const writes = plan.actions.filter(
    (s) =>
      APPLIED.has(s.step_state) &&
      registry.get(s.action_id)?.read_only !== true &&
      bookingIdOf(s) === booking,
  );
  const undone = writes
    .filter((s) => s.step_state === 'compensated' && s.step_number > stepNumber)
    .sort((a, b) => a.step_number - b.step_number)[0];
  if (undone) return asIfMatch(compensationVersions[String(undone.step_number)]);
  const latest = writes.sort((a, b) => b.step_number - a.step_number)[0];
  return asIfMatch(latest?.result?.response_data?.version);
}
