import type { AIMessage, ToolCall } from '@langchain/core/messages';
import { ToolMessage } from '@langchain/core/messages';
import * as z from 'zod';
import { quoteBookingData } from '../../../contracts/booking-data-block.ts';
import { isWhenType } from '../../../contracts/primitives.ts';
import { redact } from '../../../observability/redact.ts';
import type { CompiledAction } from '../../../registry/compiled-action.ts';
import { argsSchema } from '../../../registry/gemini-declarations.ts';
import { BookingRecord, bookingsOf } from '../../booking-record.ts';
import { contactHintOf, isContactSearch, searchResultForModel } from '../../contact-hints.ts';
import { BookingLookupUnavailableError } from '../../errors.ts';
import { needsBookingMessage, resolveLookupWhenArgs } from '../../gate/lookup-when-args.ts';
import { idsIn, mergeIds, type SeenIds } from '../../lookup-ids.ts';
import { LOOKUP_BOOKING_PARAM } from '../../prompt/when-policy.ts';
import type { AgentLoopValues, SearchRecord } from '../planning-state.ts';
import type { TurnContext } from '../turn-context.ts';

interface LookupOutcome {
  message: ToolMessage;
  known: Record<string, BookingRecord>;
  search?: SearchRecord;
  ids?: SeenIds;
}

/**
 * Runs the read-only tool calls of the last model reply, all at once (independent lookups in parallel, seed 003).
 * Bad arguments and API failures such as 404 go back to the model as tool results (STYLE 4); 401 and outages
 * are thrown by BookingLookups and end the request.
 */
export function runLookupsNode(ctx: TurnContext) {
  return async function run_lookups(state: AgentLoopValues): Promise<Partial<AgentLoopValues>> {
    const reply = state.messages.at(-1) as AIMessage;
    const outcomes = await Promise.all(
      (reply.tool_calls ?? []).map((call) => runOne(ctx, call, state.known)),
    );
    return {
      messages: outcomes.map((o) => o.message),
      known: Object.assign({}, ...outcomes.map((o) => o.known)),
      searches: outcomes.flatMap((o) => (o.search ? [o.search] : [])),
      seen_ids: outcomes.reduce<SeenIds>((all, o) => mergeIds(all, o.ids ?? {}), {}),
    };
  };
}

async function runOne(
  ctx: TurnContext,
  call: ToolCall,
  known: Readonly<Record<string, BookingRecord>>,
): Promise<LookupOutcome> {
  const action = ctx.toolset.lookups.get(call.name);
  const reply = (content: unknown, status: 'success' | 'error') =>
    new ToolMessage({
      tool_call_id: call.id ?? call.name,
      name: call.name,
      // Issue 14: a lookup's result is booking data, quoted and delimited as such.
      content: quoteBookingData(content),
      status,
    });
  // interpretReply only lets bound lookups through; a missing one is answered like bad arguments.
  if (!action) return { message: reply({ error: `${call.name} is not a lookup` }, 'error'), known: {} };
  const callArgs = call.args ?? {};
  // Issue 33: relative date words read against the booking the call names (when-policy.ts), never a guess. Only
  // a lookup that takes a date or time has such words: for any other, a booking_id is just its own argument (a
  // foreign spec's booking read), so it goes to the API as given, not through the get role first.
  const takesWhen = action.parameters.some((p) => isWhenType(p.type));
  const about = takesWhen ? await relativeBooking(ctx, callArgs[LOOKUP_BOOKING_PARAM], known) : undefined;
  if (about === 'not_found')
    return {
      message: reply(
        { error: 'invalid arguments', details: `${LOOKUP_BOOKING_PARAM} names no booking` },
        'error',
      ),
      known: {},
    };
  const when = resolveLookupWhenArgs(action, callArgs, ctx.venue, about);
  if ('needs_booking' in when)
    return {
      message: reply(
        { error: 'invalid arguments', details: needsBookingMessage(action, when.needs_booking) },
        'error',
      ),
      known: {},
    };
  if ('question' in when) {
    // Issue 15: the model relays this question (ask_clarification) instead of guessing the date.
    return {
      message: reply({ error_type: 'needs_clarification', question: when.question.question }, 'error'),
      known: {},
    };
  }
  const args = argsSchema(action).safeParse(when.args);
  if (!args.success) {
    return {
      message: reply({ error: 'invalid arguments', details: z.prettifyError(args.error) }, 'error'),
      known: {},
    };
  }
  return ctx.tracer.span(
    `tool:${action.action_id}`,
    ctx.scope,
    { asType: 'tool', input: redact(args.data), metadata: { phase: 'planning', read_only: true } },
    async function lookup(span) {
      const result = await ctx.lookups.run(action, args.data);
      span.update({
        output: { ok: result.ok },
        ...(result.ok ? {} : { level: 'WARNING', statusMessage: result.error_type }),
      });
      if (!result.ok)
        return {
          message: reply({ error_type: result.error_type, message: result.message }, 'error'),
          known: {},
        };
      const shown =
        action.action_id === ctx.roles.search
          ? await searchForModel(ctx, args.data.search_text, result.data)
          : result.data;
      return {
        message: reply(shown, 'success'),
        ids: idsIn(result.data),
        ...remember(ctx, action, args.data, result.data),
      };
    },
  );
}

/**
 * The booking a lookup's `booking_id` names: one this turn already read (or the session's referenced one), else
 * read now with the get role. A booking_id that is not a string is no booking; an unknown one is `not_found`.
 */
async function relativeBooking(
  ctx: TurnContext,
  bookingId: unknown,
  known: Readonly<Record<string, BookingRecord>>,
): Promise<BookingRecord | 'not_found' | undefined> {
  if (typeof bookingId !== 'string' || bookingId.trim() === '') return undefined;
  const seen = known[bookingId];
  if (seen) return seen;
  const read = BookingRecord.safeParse(await ctx.lookups.getBooking(bookingId));
  return read.success ? read.data : 'not_found';
}

/**
 * Issue 33: a search by phone or email shows each match's contact hint (read with the get role, at most the
 * search's 10 matches, in parallel), so the model can check the match against what the user gave. A hint is an
 * aid, not a fact the plan needs: a read the booking API cannot serve now (429, 5xx) leaves that match without
 * one rather than failing the turn; a rejected token still ends it (AuthRequiredError).
 */
async function searchForModel(
  ctx: TurnContext,
  searchText: unknown,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (typeof searchText !== 'string' || !isContactSearch(searchText))
    return searchResultForModel(data, new Map());
  const hints = await Promise.all(
    bookingsOf(data).map(async (b) => {
      const booking = await ctx.lookups.getBooking(b.booking_id).catch((error: unknown) => {
        if (error instanceof BookingLookupUnavailableError) return undefined;
        throw error;
      });
      const hint = booking ? contactHintOf(booking) : undefined;
      return hint ? ([[b.booking_id, hint]] as const) : [];
    }),
  );
  return searchResultForModel(data, new Map(hints.flat()));
}

/** Keeps what deterministic code needs later: the bookings seen, and each search's matches. */
function remember(
  ctx: TurnContext,
  action: CompiledAction,
  args: Record<string, unknown>,
  data: Record<string, unknown>,
): Omit<LookupOutcome, 'message'> {
  if (action.action_id === ctx.roles.search) {
    const bookings = bookingsOf(data);
    const text = args.search_text;
    return {
      known: Object.fromEntries(bookings.map((b) => [b.booking_id, b])),
      search: {
        search_text: typeof text === 'string' ? text : '',
        booking_ids: bookings.map((b) => b.booking_id),
      },
    };
  }
  const single = BookingRecord.safeParse(data);
  return {
    known:
      action.action_id === ctx.roles.get && single.success ? { [single.data.booking_id]: single.data } : {},
  };
}
