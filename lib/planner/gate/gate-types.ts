/** A plan step after normalisation: typed values, resolved dates and times, placeholders kept as text. */
export interface PlanStepDraft {
  step_number: number;
  action_id: string;
  parameters: Record<string, unknown>;
}

/** One reason the validation gate refuses a plan; fed back to the model in the repair round. */
export interface GateError {
  step_number?: number;
  code:
    | 'empty_plan'
    | 'unknown_action'
    | 'blocked_action'
    | 'unknown_parameter'
    | 'duplicate_parameter'
    | 'missing_parameter'
    | 'invalid_value'
    | 'unresolvable_value'
    | 'malformed_placeholder'
    | 'forward_reference'
    | 'unknown_output_field'
    | 'dependency_cycle'
    | 'unknown_booking'
    | 'unknown_id'
    | 'ungrounded_value'
    | 'no_change'
    /** A mutating step the user's words do not ask for (issue 14): repaired once, then dropped with a question. */
    | 'unlicensed_step';
  message: string;
}

/** A reschedule whose target slot cannot take the party (issue 5: report it and offer the day's slots). */
export interface SlotUnavailable {
  step_number: number;
  booking_id: string;
  date: string;
  time: string;
  party_size: number;
  /** Start times of that day that can take the party. */
  alternatives: string[];
  /** The target date is before the venue's today: nothing on that day can be offered. */
  past?: boolean;
  /** Why it does not fit (slot-check.ts). */
  reason: 'past' | 'not_a_session' | 'over_capacity' | 'count' | 'plan_conflict' | 'full';
  /** over_capacity: what one session holds. */
  capacity?: number;
  /** count, over_capacity: how many guests the target session can still hold for this booking. */
  room?: number;
}

/** "step 2: …" for the model. */
export function formatGateError(error: GateError): string {
  return error.step_number === undefined ? error.message : `step ${error.step_number}: ${error.message}`;
}
