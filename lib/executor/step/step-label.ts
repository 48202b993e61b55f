import type { StoredPlan, StoredStep } from '../../plans/stored-plan.ts';
import type { CompiledAction } from '../../registry/compiled-action.ts';
import type { StepLabel } from './error-messages.ts';

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 && !value.includes('{{') ? value : undefined;
}

/** booking_id → human reference, from everything the plan has recorded (pre-images and responses). */
export function bookingReferences(plan: StoredPlan): Map<string, string> {
  const refs = new Map<string, string>();
  for (const s of plan.actions) {
    for (const data of [s.before, s.result?.response_data]) {
      const id = text(data?.booking_id);
      const ref = text(data?.booking_reference);
      if (id && ref) refs.set(id, ref);
    }
  }
  return refs;
}

/** The booking a step acts on, by its human reference when known (BK-1042), else its id (bk_1042). */
export function bookingOf(
  step: StoredStep,
  refs: ReadonlyMap<string, string> = new Map(),
): string | undefined {
  const id = text(step.resolved_parameters?.booking_id) ?? text(step.parameters.booking_id);
  return (
    text(step.before?.booking_reference) ??
    text(step.result?.response_data?.booking_reference) ??
    (id ? (refs.get(id) ?? id) : undefined)
  );
}

export function labelOf(
  step: StoredStep,
  action: CompiledAction | undefined,
  refs?: ReadonlyMap<string, string>,
): StepLabel {
  const booking = bookingOf(step, refs);
  return {
    stepNumber: step.step_number,
    actionName: action?.name ?? step.action_id,
    ...(booking ? { booking } : {}),
  };
}
