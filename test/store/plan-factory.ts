import { randomUUID } from 'node:crypto';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import type { Session } from '../../lib/ports/session-store.ts';

/** A valid two-step pending plan; override any field. */
export function aStoredPlan(overrides: Partial<StoredPlan> = {}): StoredPlan {
  return {
    plan_id: randomUUID(),
    session_id: 'sess-1',
    user_id: 'user-1',
    intent_summary: "Reschedule John Smith's party to Saturday 15:00",
    status: 'pending_confirmation',
    actions: [
      {
        step_number: 1,
        action_id: 'getBooking',
        parameters: { booking_id: 'BK-1042' },
        safety_tier: 'normal',
        executed: false,
        step_state: 'pending',
      },
      {
        step_number: 2,
        action_id: 'rescheduleBooking',
        parameters: {
          booking_id: 'BK-1042',
          date: '2026-12-12',
          start_time: '15:00',
          version: '{{step_1.version}}',
        },
        safety_tier: 'high_risk',
        executed: false,
        step_state: 'pending',
        description: 'Reschedule BK-1042: Sat 12 Dec 15:00',
      },
    ],
    created_at: '2026-11-20T10:00:00.000Z',
    version: 1,
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** A valid session with one message of history; override any field. */
export function aSession(overrides: Partial<Session> = {}): Session {
  return {
    session_id: `sess-${randomUUID()}`,
    user_id: 'user-1',
    messages: [{ type: 'human', data: { content: 'move John to Saturday', additional_kwargs: {} } }],
    clarification_count: 0,
    version: 1,
    updated_at: '2026-11-20T10:00:00.000Z',
    expires_at: 1_800_000_000,
    ...overrides,
  };
}
