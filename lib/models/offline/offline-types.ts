import type { MessageSlots } from './extract-slots.ts';

/** One tool call the offline planner makes. */
export interface OfflineCall {
  name: string;
  args: Record<string, unknown>;
}

/** What was bound for this turn: tool names, and the action ids a plan step may use. */
export interface OfflineTools {
  names: ReadonlySet<string>;
  planActions: ReadonlySet<string>;
}

/** The booking a plan targets, from a search, the session context or the pending plan. */
export interface TargetBooking {
  booking_id: string;
  reference?: string;
  guest_name?: string;
  date?: string;
  start_time?: string;
  party_size?: number;
  status?: string;
  product_name?: string;
}

export type Step = { action_id: string; parameters: { name: string; value: string }[] };

/**
 * The open request: the merged slots, whether a contact detail in it was masked at rest (j***@example.com, ***78),
 * and the latest message's words (a note to remove is picked by them).
 */
export type OpenRequest = MessageSlots & { forgotten?: boolean; noteWords?: string };

export function askCall(missing: string, question: string, candidates?: string[]): OfflineCall {
  return {
    name: 'ask_clarification',
    args: { question, missing, ...(candidates ? { candidate_booking_ids: candidates } : {}) },
  };
}

export function declineCall(message: string): OfflineCall {
  return { name: 'decline', args: { message } };
}

/** A read-only lookup the planner runs now and answers with its result. */
export function lookupCall(name: string, args: Record<string, unknown>): OfflineCall {
  return { name, args };
}
