import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage, HumanMessage } from '@langchain/core/messages';
import type { BookingSummary } from '../contracts/booking.ts';
import { hasErrorName } from '../errors/has-error-name.ts';
import type { SpanHandle, TraceScope } from '../ports/tracer.ts';
import { BookingLookups } from './booking-lookups.ts';
import { type BookingRecord, fromBookingSummary } from './booking-record.ts';
import { PlannerError, PlannerUnavailableError } from './errors.ts';
import { SERVICE_FEEDBACK_KWARG } from './graph/agent-loop.ts';
import { boundClarification } from './graph/nodes/bound-clarifications.ts';
import { modelGaveUp, REPHRASE_ASKED_KWARG } from './graph/nodes/model-gave-up.ts';
import { buildPlanningGraph } from './graph/planning-graph.ts';
import type { PlanningResult, PlanningValues, SearchRecord, TerminalCall } from './graph/planning-state.ts';
import type { TurnContext } from './graph/turn-context.ts';
import { sessionVersionOf, userMessage } from './pick/pick-message.ts';
import type { PlanVenue } from './plan-venue.ts';
import type { LookupRoles, PlannerDeps } from './planner-deps.ts';
import { buildSystemPrompt, type PendingPlanView } from './prompt/system-prompt.ts';
import { quickActions } from './quick-actions.ts';
import type { HandleRequestInput } from './request-outcome.ts';
import type { SessionSnapshot } from './session/session-snapshot.ts';
import { buildToolset } from './tools/bound-toolset.ts';

export interface TurnInput {
  deps: PlannerDeps;
  roles: LookupRoles;
  input: HandleRequestInput;
  snapshot: SessionSnapshot;
  scope: TraceScope;
  root: SpanHandle;
  now: Date;
  /** The request's venue (issue 27): the timezone and locale its dates, times and numbers are read in. */
  venue: PlanVenue;
  /** The candidate this message picked (lib/planner/pick); it is also the snapshot's referenced booking. */
  picked?: BookingSummary | undefined;
}

/** What a turn produced; nothing is persisted yet. */
export interface TurnOutput {
  result: PlanningResult;
  /** This turn's messages, the user's first. */
  messages: BaseMessage[];
  terminal?: TerminalCall;
  known: Record<string, BookingRecord>;
  searches: SearchRecord[];
}

/** Binds the turn's tools, builds the prompt and runs the planning graph once. */
export async function planTurn(t: TurnInput): Promise<TurnOutput> {
  const { deps, snapshot, input } = t;
  const venue = { now: t.now, timeZone: t.venue.timeZone, locale: t.venue.locale };
  const pending = snapshot.pendingPlan;
  const toolset = guard(() =>
    buildToolset({
      registry: deps.registry,
      roles: t.roles,
      query: `${previousUserText(snapshot.history)} ${input.message}`,
      k: deps.config.TOOL_RETRIEVAL_K,
      chosen: pending?.actions.map((a) => a.action_id) ?? [],
    }),
  );
  const model = guard(() => resolveModel(deps.model));
  if (typeof model.bindTools !== 'function') {
    throw new PlannerUnavailableError(undefined, { cause: new Error('the chat model cannot call tools') });
  }
  const pendingView: PendingPlanView | undefined = pending && {
    plan_id: pending.plan_id,
    intent_summary: pending.intent_summary,
    steps: pending.actions.map((a) => ({
      step_number: a.step_number,
      action_id: a.action_id,
      parameters: a.parameters,
    })),
  };
  const ctx: TurnContext = {
    registry: deps.registry,
    roles: t.roles,
    lookups: new BookingLookups(deps.bookingApi, deps.registry, t.roles, input.token),
    venue,
    tracer: deps.tracer,
    scope: t.scope,
    root: t.root,
    logger: deps.logger,
    model: guard(() => model.bindTools?.(toolset.tools) as TurnContext['model']),
    callbacks: deps.tracer.langchainCallbacks(t.scope),
    toolset,
    systemPrompt: buildSystemPrompt({
      venue,
      actions: toolset.actions,
      roles: t.roles,
      ...(snapshot.referenced ? { referenced: snapshot.referenced } : {}),
      ...(pendingView ? { pending: pendingView } : {}),
      ...(t.picked ? { picked: t.picked } : {}),
    }),
    history: snapshot.history,
    userText: [...userTexts(snapshot.history), input.message].join('\n'),
    carriedValues: pending?.actions.flatMap((a) => Object.values(a.parameters)) ?? [],
    message: input.message,
    pendingSteps: pending?.actions.map((a) => ({ action_id: a.action_id, parameters: a.parameters })) ?? [],
    retired: snapshot.retired,
    laterText: (atVersion) => [...userTexts(snapshot.history, atVersion), input.message].join('\n'),
    clarificationCount: snapshot.clarificationCount,
    maxClarifications: deps.config.MAX_CLARIFICATIONS,
    prefetch: deps.config.PLANNER_PREFETCH ?? true,
    quickActions: quickActions(toolset.actions, [...userTexts(snapshot.history), input.message].join(' ')),
  };
  const known = snapshot.referenced
    ? { [snapshot.referenced.booking_id]: fromBookingSummary(snapshot.referenced) }
    : {};
  const human = userMessage(input.message, t.picked, (snapshot.stored?.version ?? 0) + 1);
  const out = await runGraph(ctx, human, known);
  if (out?.result && !out.gave_up) {
    return {
      result: out.result,
      messages: out.messages,
      ...(out.terminal ? { terminal: out.terminal } : {}),
      known: out.known,
      searches: out.searches,
    };
  }
  return gaveUpTurn(ctx, human, out, known);
}

/**
 * ADR 0014: the model gave up (or the graph did not converge). The history keeps the user's message and the
 * service's reply only: none of the model's invalid turns, so the next turn's request is valid for Gemini (no
 * function call without its response, no empty parts) and carries nothing the model made up.
 */
function gaveUpTurn(
  ctx: TurnContext,
  human: HumanMessage,
  out: PlanningValues | undefined,
  known: Record<string, BookingRecord>,
): TurnOutput {
  const result =
    out?.result?.kind === 'clarification'
      ? out.result
      : boundClarification(
          ctx,
          modelGaveUp(ctx, out ? 'no_result' : 'did_not_converge', {
            model_calls: out?.model_calls ?? 0,
            invalid_outputs: out?.invalid_outputs ?? 0,
          }),
        );
  // The user was asked to rephrase: the next message restates the request, so this one no longer licenses or
  // grounds anything (userTexts); the model still reads it as context.
  const restated = new HumanMessage({
    content: human.content,
    additional_kwargs: { ...human.additional_kwargs, [REPHRASE_ASKED_KWARG]: true },
  });
  return {
    result,
    messages: [restated, new AIMessage(result.question)],
    known: out?.known ?? known,
    searches: out?.searches ?? [],
  };
}

/** The graph's final state; undefined when it did not converge within its recursion limit. */
async function runGraph(
  ctx: TurnContext,
  human: HumanMessage,
  known: Record<string, BookingRecord>,
): Promise<PlanningValues | undefined> {
  try {
    return await buildPlanningGraph(ctx).invoke({ messages: [human], known }, { recursionLimit: 60 });
  } catch (error) {
    if (error instanceof PlannerError) throw error;
    if (hasErrorName(error, 'GraphRecursionError')) return undefined;
    throw error;
  }
}

function resolveModel(model: PlannerDeps['model']): BaseChatModel {
  return typeof model === 'function' ? model() : model;
}

/** Registry and model set-up failures are "service unavailable" (000 LLM Planner → Action Registry). */
function guard<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof PlannerError) throw error;
    throw new PlannerUnavailableError(undefined, { cause: error });
  }
}

/**
 * The user's own turns that still ask something: the service's feedback turns are not something the user asked
 * (issue 14), and a message the user was asked to rephrase is replaced by the next one (ADR 0014).
 */
function userTexts(history: readonly BaseMessage[], afterVersion = -1): string[] {
  return history
    .filter(
      (m) =>
        m.getType() === 'human' &&
        sessionVersionOf(m) > afterVersion &&
        m.additional_kwargs?.[SERVICE_FEEDBACK_KWARG] !== true &&
        m.additional_kwargs?.[REPHRASE_ASKED_KWARG] !== true,
    )
    .map((m) => m.text);
}

function previousUserText(history: readonly BaseMessage[]): string {
  return userTexts(history).at(-1) ?? '';
}
