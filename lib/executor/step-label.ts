import type { StoredStep } from '../plans/stored-plan.ts';
import type { CompiledAction } from '../registry/compiled-action.ts';
import type { StepLabel } from './error-messages.ts';

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 && !value.includes('{{') ? value : undefined;
}

/** The booking a step acts on, by its human reference when known, else its id. */
export function bookingOf(step: StoredStep): string | undefined {
  return (
    text(step.before?.booking_reference) ??
    text(step.result?.response_data?.booking_reference) ??
    text(step.resolved_parameters?.booking_id) ??
    text(step.parameters.booking_id)
  );
}

export function labelOf(step: StoredStep, action: CompiledAction | undefined): StepLabel {
  const booking = bookingOf(step);
  return {
    stepNumber: step.step_number,
    actionName: action?.name ?? step.action_id,
    ...(booking ? { booking } : {}),
  };
}
