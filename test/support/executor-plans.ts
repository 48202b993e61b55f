import { randomUUID } from 'node:crypto';
import type { StoredPlan, StoredStep } from '../../lib/plans/stored-plan.ts';

/** A plan step as a test writes it: action id and parameters; the rest defaults to a fresh pending step. */
export interface StepInput {
  action_id: string;
  parameters: Record<string, unknown>;
  safety_tier?: 'normal' | 'high_risk';
  description?: string;
}

/** A confirmed plan (the executor's input) over the given steps; override any field. */
export function aConfirmedPlan(steps: StepInput[], overrides: Partial<StoredPlan> = {}): StoredPlan {
  const actions: StoredStep[] = steps.map((s, i) => ({
    step_number: i + 1,
    action_id: s.action_id,
    parameters: s.parameters,
    safety_tier: s.safety_tier ?? 'normal',
    executed: false,
    step_state: 'pending',
    ...(s.description ? { description: s.description } : {}),
  }));
  return {
    plan_id: randomUUID(),
    session_id: `sess-${randomUUID().slice(0, 8)}`,
    user_id: 'user_ops_harbour',
    intent_summary: 'Change booking BK-1042',
    status: 'confirmed',
    actions,
    created_at: '2026-11-20T10:00:00.000Z',
    confirmed_at: '2026-11-20T10:01:00.000Z',
    version: 2,
    updated_at: '2026-11-20T10:01:00.000Z',
    trace_id: 'trace-1',
    trace_root_span_id: 'root-span-1',
    ...overrides,
  };
}

/** Step inputs for the demo booking BK-1042 (bk_1042 in the executor fixture). */
export const steps = {
  reschedule: (date: string, start_time: string, booking_id = 'bk_1042'): StepInput => ({
    action_id: 'rescheduleBooking',
    parameters: { booking_id, date, start_time },
    description: `Reschedule ${booking_id} to ${date} ${start_time}`,
  }),
  guestCount: (party_size: unknown, booking_id = 'bk_1042'): StepInput => ({
    action_id: 'updateGuestCount',
    parameters: { booking_id, party_size },
  }),
  contact: (fields: Record<string, unknown>, booking_id = 'bk_1042'): StepInput => ({
    action_id: 'updateContactDetails',
    parameters: { booking_id, ...fields },
  }),
  note: (text: string, booking_id = 'bk_1042'): StepInput => ({
    action_id: 'addBookingNote',
    parameters: { booking_id, text },
  }),
  confirmation: (channel: unknown = 'email', booking_id = 'bk_1042'): StepInput => ({
    action_id: 'sendBookingConfirmation',
    parameters: { booking_id, channel },
  }),
};
