import { AIMessage, type BaseMessage, type ToolCall } from '@langchain/core/messages';
import { findWhenPhrases } from '../../dates/find-when-phrases.ts';
import type { BookingRecord } from '../booking-record.ts';
import { resolveLookupWhenArgs } from '../gate/lookup-when-args.ts';
import { runLookupsNode } from '../graph/nodes/run-lookups.ts';
import type { AgentLoopValues, PlanningUpdate, PlanningValues } from '../graph/planning-state.ts';
import type { TurnContext } from '../graph/turn-context.ts';
import { mergeIds } from '../lookup-ids.ts';
import { isPickMessage } from '../pick/pick-message.ts';
import { LOOKUP_BOOKING_PARAM } from '../prompt/when-policy.ts';
import { addsLookupBooking } from '../tools/lookup-booking.ts';
import { searchTextsFor } from './named-bookings.ts';

/** Marks the function-call turns code wrote (not the model), for traces and for readers of the stored history. */
export const PREFETCH_KWARG = 'prefetched';

/**
 * Issue 32 `prefetch_lookups`: before the first model call, code runs the lookups the message clearly needs and
 * hands them over as function call + function response turns, exactly as if the model had asked for them:
 *
 * 1. a search for each booking reference named (in parallel), or for the one guest name;
 * 2. when that search finds exactly one booking and the message has one date phrase (not a "from …" one), that
 *    day's availability for the booking's product.
 *
 * Everything goes through run_lookups, so the results are quoted as booking data and land in `known`, `searches`
 * and `seen_ids` like any lookup: the gate, value licensing and the plan restriction see no difference. A message
 * that only picked a candidate, or names nothing clearly, gets nothing: the model looks up what it needs.
 */
export function prefetchLookupsNode(ctx: TurnContext) {
  const runLookups = runLookupsNode(ctx);
  return async function prefetch_lookups(state: PlanningValues): Promise<PlanningUpdate> {
    const human = state.messages.at(-1);
    if (!human || isPickMessage(human)) return {};
    const search = ctx.toolset.lookups.get(ctx.roles.search);
    if (!search) return {};
    const texts = searchTextsFor(ctx.message);
    if (texts.length === 0) return {};
    return ctx.tracer.span(
      'prefetch_lookups',
      ctx.scope,
      { metadata: { searches: texts.length } },
      async function prefetch(span) {
        const update = await lookUp(ctx, runLookups, state, search.action_id, texts);
        span.update({ output: { lookups: update.messages.length / 2 } });
        return update;
      },
    );
  };
}

async function lookUp(
  ctx: TurnContext,
  runLookups: ReturnType<typeof runLookupsNode>,
  state: PlanningValues,
  searchAction: string,
  texts: string[],
): Promise<Round> {
  const calls = texts.map((text, i) => prefetchCall(searchAction, { search_text: text }, i + 1));
  const found = await runRound(runLookups, state, calls);
  const only = found.searches.length === 1 ? found.searches[0]?.booking_ids : undefined;
  const booking = only?.length === 1 ? found.known[only[0] as string] : undefined;
  const day = booking ? availabilityCall(ctx, booking) : undefined;
  if (!day) return found;
  const after = { ...state, known: { ...state.known, ...found.known } };
  const slots = await runRound(runLookups, after, [day]);
  return {
    messages: [...found.messages, ...slots.messages],
    known: { ...found.known, ...slots.known },
    searches: [...found.searches, ...slots.searches],
    seen_ids: mergeIds(found.seen_ids, slots.seen_ids),
  };
}

/** What the prefetch adds to the planning state. */
type Round = Pick<AgentLoopValues, 'messages' | 'known' | 'searches' | 'seen_ids'>;

/** One function-call turn written by code, and its results from run_lookups (all its calls run at once). */
async function runRound(
  runLookups: ReturnType<typeof runLookupsNode>,
  state: PlanningValues,
  calls: ToolCall[],
): Promise<Round> {
  const turn = new AIMessage({
    content: '',
    tool_calls: calls,
    additional_kwargs: { [PREFETCH_KWARG]: true },
  });
  const out = await runLookups({ ...state, messages: [...state.messages, turn] });
  return {
    messages: [turn, ...((out.messages ?? []) as BaseMessage[])],
    known: out.known ?? {},
    searches: out.searches ?? [],
    seen_ids: out.seen_ids ?? {},
  };
}

function prefetchCall(name: string, args: Record<string, unknown>, n: number): ToolCall {
  return { id: `prefetch-${name}-${n}`, name, args, type: 'tool_call' };
}

/**
 * The availability call for the one date phrase of the message, resolved in the venue's calendar against the
 * booking (so "the day after" reads from it); undefined when there is no such phrase, the booking has no product,
 * the availability role is not bound, or the phrase needs a question (the model asks it, as today).
 */
function availabilityCall(ctx: TurnContext, booking: BookingRecord | undefined): ToolCall | undefined {
  const action = ctx.toolset.lookups.get(ctx.roles.availability);
  if (!action || !booking?.product_id) return undefined;
  // "from Friday to Saturday": the phrase after "from" is the booking's current date, not the one asked for.
  const phrases = findWhenPhrases(ctx.message, ctx.venue.locale).filter(
    (p) => p.hasDate && p.before !== 'from',
  );
  if (phrases.length !== 1) return undefined;
  const args = { product_id: booking.product_id, date: (phrases[0] as { text: string }).text };
  // The phrase must read (else the model asks, as today), but the call carries the user's words, as rule 4 tells
  // the model to write them: a call written by code that the model reads as its own must follow the model's rules
  // (a relay player read a computed date here as the model breaking rule 4). run_lookups resolves the words.
  if (!('args' in resolveLookupWhenArgs(action, args, ctx.venue, booking))) return undefined;
  // booking_id only for words relative to the booking ("the day after"), as its description says: leave it out
  // when the words name the date.
  const relative = 'needs_booking' in resolveLookupWhenArgs(action, args, ctx.venue);
  const callArgs =
    relative && addsLookupBooking(action) ? { ...args, [LOOKUP_BOOKING_PARAM]: booking.booking_id } : args;
  return prefetchCall(action.action_id, callArgs, 1);
}
