import type { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import type { AIMessageChunk, BaseMessage } from '@langchain/core/messages';
import type { Runnable } from '@langchain/core/runnables';
import type { VenueClock } from '../../dates/when-outcome.ts';
import type { RetiredStep } from '../../ports/session-store.ts';
import type { SpanHandle, Tracer, TraceScope } from '../../ports/tracer.ts';
import type { BookingLookups } from '../booking-lookups.ts';
import type { LookupRoles, PlannerLogger, PlannerRegistry } from '../planner-deps.ts';
import type { StepValues } from '../session/retired-steps.ts';
import type { BoundToolset } from '../tools/bound-toolset.ts';

/**
 * Everything one request's graph run needs, captured by the node closures rather than carried in graph state
 * or `configurable` (which LangChain copies into callback metadata): the token only lives inside `lookups`.
 */
export interface TurnContext {
  registry: PlannerRegistry;
  roles: LookupRoles;
  lookups: BookingLookups;
  venue: VenueClock;
  tracer: Tracer;
  scope: TraceScope;
  /** The request's root span (user_request), for the clarification event. */
  root: SpanHandle;
  logger: PlannerLogger;
  /** The chat model with this turn's tools bound. */
  model: Runnable<BaseLanguageModelInput, AIMessageChunk>;
  /** Tracer callbacks for model calls (000: all LLM calls traced). */
  callbacks: BaseCallbackHandler[];
  toolset: BoundToolset;
  systemPrompt: string;
  /** Earlier turns of the session, oldest first. */
  history: BaseMessage[];
  /** Everything the user wrote in the session, this message included (grounding checks). */
  userText: string;
  /** Values of the pending plan under amendment. */
  carriedValues: unknown[];
  /** This turn's message alone (whether it amends the pending plan or is a new request). */
  message: string;
  /** The steps of the plan pending when this message came (none when no plan is pending). */
  pendingSteps: readonly StepValues[];
  /** Issue 30: steps of plans the user did not take (declined, superseded, changed their mind). */
  retired: readonly RetiredStep[];
  /** The user's words sent after session version `v`, this message included: what can restate a retired step. */
  laterText: (atVersion: number) => string;
  clarificationCount: number;
  maxClarifications: number;
  /** Issue 32 (PLANNER_PREFETCH): code runs the lookups the message clearly needs before the first model call. */
  prefetch: boolean;
  /** Quick-action shortcuts offered when the request stays unclear (000 Planning Rules 5). */
  quickActions: string[];
}

/** Upper bound on model calls in one request (lookups, one invalid-output retry, one repair round). */
export const MAX_MODEL_CALLS = 8;
