import type { BookingRecord } from '../booking-record.ts';
import type { GateError, PlanStepDraft } from '../gate/gate-types.ts';
import type { PlanningResult } from '../graph/planning-state.ts';
import type { PlannerRegistry } from '../planner-deps.ts';

/** The clarification code of the question (reply-type.ts: asks for an action). */
export const UNLICENSED_STEP = 'unlicensed_step';

/** True when the only thing wrong with a plan is steps the user did not ask for. */
export function onlyUnlicensed(errors: readonly GateError[]): boolean {
  return errors.length > 0 && errors.every((e) => e.code === 'unlicensed_step');
}

/**
 * Issue 14: a step still unlicensed after the repair round is dropped, and the user is asked whether they want
 * it, in words rendered here from the action's name and the booking's reference (never from model text or a
 * booking's free-text fields). Its "Yes, also …" suggestion holds the action's name, which licenses the step on
 * the next turn (step-licence.ts cuesOf); nothing is planned until then.
 */
export function alsoQuestion(
  steps: readonly PlanStepDraft[],
  errors: readonly GateError[],
  registry: PlannerRegistry,
  bookings: ReadonlyMap<string, BookingRecord>,
): Extract<PlanningResult, { kind: 'clarification' }> {
  const numbers = new Set(errors.map((e) => e.step_number));
  const dropped = steps.filter((s) => numbers.has(s.step_number));
  const names = [...new Set(dropped.map((s) => actionName(s, registry)))];
  const asks = dropped.map((s) => `${actionName(s, registry)}${bookingWords(s, bookings)}`);
  return {
    kind: 'clarification',
    question: `Did you also want me to ${[...new Set(asks)].join(' and ')}? You didn't ask for that, so I haven't planned it.`,
    unclear: UNLICENSED_STEP,
    suggestions: [`Yes, also ${names.join(' and ')}`, 'No, only what I asked for'],
    counts: true,
  };
}

function actionName(step: PlanStepDraft, registry: PlannerRegistry): string {
  const name = registry.get(step.action_id)?.name ?? step.action_id;
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** " for BK-4821": the reference only, a short code; a guest name is booking data and stays out of questions. */
function bookingWords(step: PlanStepDraft, bookings: ReadonlyMap<string, BookingRecord>): string {
  const id = step.parameters.booking_id;
  const reference = typeof id === 'string' ? bookings.get(id)?.booking_reference : undefined;
  return typeof reference === 'string' && /^[\w-]{1,40}$/.test(reference) ? ` for ${reference}` : '';
}
