import type { BaseMessage } from '@langchain/core/messages';
import { Annotation } from '@langchain/langgraph';
import type { BookingSummary } from '../../contracts/booking.ts';
import type { BookingRecord } from '../booking-record.ts';
import type { PlanStepDraft, SlotUnavailable } from '../gate/gate-types.ts';
import type { ProposedStep } from '../gate/normalize-proposal.ts';
import { mergeIds, type SeenIds } from '../lookup-ids.ts';
import type { PlanPresentation } from '../request-outcome.ts';
import type { AskClarificationArgs, CancelRequestArgs, DeclineArgs } from '../tools/terminal-tools.ts';

/** The model's last word in a turn: exactly one terminal tool call, parsed. */
export type TerminalCall =
  | { name: 'propose_plan'; id: string; args: { steps: ProposedStep[] } }
  | { name: 'ask_clarification'; id: string; args: AskClarificationArgs }
  | { name: 'decline'; id: string; args: DeclineArgs }
  | { name: 'cancel_request'; id: string; args: CancelRequestArgs };

/**
 * Why the model's turn ended without a usable decision (traced as a code, never the model's own text):
 * invalid output twice, no final tool call within MAX_MODEL_CALLS, a graph that did not converge or ended
 * without a result. The service answers with a rephrase request rendered by code (ADR 0014), not a 503.
 */
export type GaveUpReason = 'invalid_output' | 'no_final_call' | 'did_not_converge' | 'no_result';

/** One search the model ran this turn, with the ids it matched (for candidates and "no match"). */
export interface SearchRecord {
  search_text: string;
  booking_ids: string[];
}

/** What a planning turn produced, before anything is persisted. */
export type PlanningResult =
  | {
      kind: 'plan';
      steps: PlanStepDraft[];
      presentation: PlanPresentation;
      /** Current state of the bookings the plan names (the first becomes the session's referenced booking). */
      bookings: BookingRecord[];
    }
  | {
      kind: 'clarification';
      question: string;
      /** What was unclear (traced as the clarification event, 000 Observability). */
      unclear: string;
      candidates?: BookingSummary[];
      suggestions?: string[];
      /** Counts toward MAX_CLARIFICATIONS. */
      counts: boolean;
      /** The bound was reached: the session's clarification count starts again. */
      exhausted?: boolean;
    }
  | { kind: 'cancelled'; message: string };

const last = <T>(initial: () => T) => Annotation<T>({ reducer: (_old, next) => next, default: initial });

/** State of the agent loop (call_model ⇄ run_lookups). */
export const AgentLoopState = Annotation.Root({
  /** This turn's messages, oldest first (the history and system prompt are added per call, not stored here). */
  messages: Annotation<BaseMessage[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
  terminal: last<TerminalCall | undefined>(() => undefined),
  /** Invalid model outputs so far this request: one retry with the error, then the model has given up. */
  invalid_outputs: last(() => 0),
  model_calls: last(() => 0),
  /** Set when the model gave up this turn: the graph answers with a rephrase request (ADR 0014). */
  gave_up: last<GaveUpReason | undefined>(() => undefined),
  /** Bookings seen in lookups, by booking_id. */
  known: Annotation<Record<string, BookingRecord>>({
    reducer: (a, b) => ({ ...a, ...b }),
    default: () => ({}),
  }),
  searches: Annotation<SearchRecord[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
  /** Ids the lookups returned this turn, by field name (the gate checks id parameters against them). */
  seen_ids: Annotation<SeenIds>({ reducer: mergeIds, default: () => ({}) }),
});
export type AgentLoopValues = typeof AgentLoopState.State;

/** State of the planning graph: the agent loop's fields plus the gate's and the result. */
export const PlanningState = Annotation.Root({
  ...AgentLoopState.spec,
  repair_rounds: last(() => 0),
  gate_errors: last<string[]>(() => []),
  unavailable: last<SlotUnavailable | undefined>(() => undefined),
  result: last<PlanningResult | undefined>(() => undefined),
});
export type PlanningValues = typeof PlanningState.State;
export type PlanningUpdate = typeof PlanningState.Update;
