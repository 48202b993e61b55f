import {
  AIMessage,
  type BaseMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
} from '@langchain/core/messages';
import * as z from 'zod';
import { DEFAULT_VENUE_LOCALE } from '../../config/config.ts';
import { BookingSummary } from '../../contracts/booking.ts';
import { bookingDataJson } from '../../contracts/booking-data-block.ts';
import { type BookingRecord, bookingsOf } from '../../planner/booking-record.ts';
import { isPickMessage } from '../../planner/pick/pick-message.ts';
import { CONTEXT_MARKERS } from '../../planner/prompt/system-prompt.ts';
import { withoutSignOff } from './sign-off.ts';

/** The read-only lookups the offline planner calls (the registry's action ids, openapi/booking-api.yaml). */
export const OFFLINE_LOOKUPS = {
  search: 'searchBookings',
  get: 'getBooking',
  products: 'listProducts',
  availability: 'getAvailability',
} as const;

/** One booking as getBooking returns it: the fields a note removal or a confirmation needs. */
export const BookingDetails = z.looseObject({
  booking_id: z.string().min(1),
  status: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  notes: z.array(z.looseObject({ note_id: z.string(), text: z.string() })).default([]),
});
export type BookingDetails = z.infer<typeof BookingDetails>;

/** One product as listProducts returns it. */
export const VenueProduct = z.looseObject({
  product_id: z.string().min(1),
  name: z.string().min(1),
  session_times: z.array(z.string()).default([]),
});
export type VenueProduct = z.infer<typeof VenueProduct>;

/** The pending plan line of the system prompt (lib/planner/prompt/system-prompt.ts). */
const PendingPlan = z.object({
  plan_id: z.string(),
  intent_summary: z.string(),
  steps: z.array(
    z.object({
      step_number: z.number(),
      action_id: z.string(),
      parameters: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type PendingPlan = z.infer<typeof PendingPlan>;

/** What the offline planner reads from the conversation: exactly what a real model is sent. */
export interface OfflineConversation {
  referenced?: BookingSummary;
  pending?: PendingPlan;
  /** The candidate the latest message picked (the planner resolved it): the message itself holds no values. */
  picked?: BookingSummary;
  /** The user's latest message. */
  current: string;
  /** Earlier messages of the same request (their turns ended with a question), oldest first. */
  earlier: string[];
  /** Matches of the latest search this turn, if one ran. */
  lastSearch?: { searchText: string; bookings: BookingRecord[] };
  /** Every search this turn, by its search_text (a message naming several bookings looks each one up). */
  searches: Map<string, BookingRecord[]>;
  /** Bookings read one by one this turn (getBooking), by booking_id: notes, email and phone. */
  details: Map<string, BookingDetails>;
  /** The venue's products, if listProducts ran this turn. */
  products?: VenueProduct[];
  /** The validation gate's message when this turn's plan was rejected. */
  rejection?: string;
  /** AI messages so far, for deterministic tool-call ids. */
  aiCount: number;
  /** The venue's locale, as the prompt's today line states it (phones are read in its country). */
  locale: string;
  /** What the question that ended the previous turn asked for (ask_clarification's `missing`), if one did. */
  askedFor?: string;
  /** The venue's today (YYYY-MM-DD), as the prompt's today line states it: "the booking today" describes one. */
  today?: string;
}

export function readConversation(messages: readonly BaseMessage[], searchTool: string): OfflineConversation {
  const system = messages.find((m) => SystemMessage.isInstance(m))?.text ?? '';
  const lastHuman = findLastIndex(messages, (m) => HumanMessage.isInstance(m));
  const turn = messages.slice(lastHuman + 1);
  const today = todayLine(system);
  const conversation: OfflineConversation = {
    current: lastHuman >= 0 ? withoutSignOff((messages[lastHuman] as BaseMessage).text) : '',
    earlier: openRequestTexts(messages.slice(0, Math.max(lastHuman, 0))),
    aiCount: messages.filter((m) => AIMessage.isInstance(m)).length,
    searches: new Map(),
    details: new Map(),
    locale: venueLocaleOf(today),
    ...venueTodayOf(today),
  };
  readLookups(turn, conversation);
  const referenced = contextLine(system, CONTEXT_MARKERS.referenced, BookingSummary);
  if (referenced) conversation.referenced = referenced;
  const pending = contextLine(system, CONTEXT_MARKERS.pending, PendingPlan);
  if (pending) conversation.pending = pending;
  const picked = contextLine(system, CONTEXT_MARKERS.picked, BookingSummary);
  if (picked) conversation.picked = picked;
  const searches = turn.filter((m): m is ToolMessage => ToolMessage.isInstance(m) && m.name === searchTool);
  const search = searches.at(-1);
  if (search && search.status !== 'error')
    conversation.lastSearch = {
      searchText: searchTextOf(turn, search),
      bookings: parseBookings(search.text),
    };
  const rejection = turn
    .filter(
      (m): m is ToolMessage => ToolMessage.isInstance(m) && m.name === 'propose_plan' && m.status === 'error',
    )
    .at(-1);
  if (rejection) conversation.rejection = rejection.text;
  const asked = askedFor(messages.slice(0, Math.max(lastHuman, 0)));
  if (asked) conversation.askedFor = asked;
  return conversation;
}

/** The `missing` of the ask_clarification that ended the last turn of `history`, if it ended with one. */
function askedFor(history: readonly BaseMessage[]): string | undefined {
  const start = findLastIndex(history, (m) => HumanMessage.isInstance(m));
  const call = (
    history
      .slice(start + 1)
      .filter((m) => AIMessage.isInstance(m))
      .at(-1) as AIMessage | undefined
  )?.tool_calls?.[0];
  const missing: unknown = call?.name === 'ask_clarification' ? call.args.missing : undefined;
  return typeof missing === 'string' ? missing : undefined;
}

/**
 * Human texts of the turns just before this one that ended with a question, oldest first. A message that only
 * picked a candidate ("the one on Friday") is skipped: its words chose a booking, they are not request values.
 */
function openRequestTexts(history: readonly BaseMessage[]): string[] {
  const texts: string[] = [];
  let end = history.length;
  while (end > 0) {
    const start = findLastIndex(history.slice(0, end), (m) => HumanMessage.isInstance(m));
    if (start < 0) break;
    const turn = history.slice(start, end);
    if (!endedWithQuestion(turn)) break;
    const human = history[start] as BaseMessage;
    if (!isPickMessage(human)) texts.unshift(withoutSignOff(human.text));
    end = start;
  }
  return texts;
}

/**
 * A turn ended with a question when the model asked one, or when the planner turned its proposal into one (a full
 * slot offers "10:00 instead"): the closing tool result says `shown_to_user: question` (lib/planner/turn-messages.ts).
 */
function endedWithQuestion(turn: readonly BaseMessage[]): boolean {
  const lastCall = (turn.filter((m) => AIMessage.isInstance(m)).at(-1) as AIMessage | undefined)
    ?.tool_calls?.[0];
  if (lastCall?.name === 'ask_clarification') return true;
  const closing = turn.find(
    (m): m is ToolMessage => ToolMessage.isInstance(m) && m.tool_call_id === lastCall?.id,
  );
  if (!closing) return false;
  try {
    return ClosingResult.safeParse(JSON.parse(closing.text)).data?.shown_to_user === 'question';
  } catch {
    return false;
  }
}

/** The closing tool result of a turn (lib/planner/turn-messages.ts). */
const ClosingResult = z.object({ shown_to_user: z.string() });

/** The prompt's "Today (venue): Wednesday 31 March 2027 (2027-03-31), timezone …, locale en-AU." line. */
function todayLine(system: string): string {
  return system.split('\n').find((l) => l.startsWith(CONTEXT_MARKERS.today)) ?? '';
}

/** The venue's today (YYYY-MM-DD) the today line states, if it does. */
function venueTodayOf(line: string): { today?: string } {
  const today = /\((\d{4}-\d{2}-\d{2})\)/.exec(line)?.[1];
  return today ? { today } : {};
}

/** The locale the today line states, else the service's default. */
function venueLocaleOf(line: string): string {
  return /\blocale ([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\.?\s*$/.exec(line)?.[1] ?? DEFAULT_VENUE_LOCALE;
}

function contextLine<T>(system: string, marker: string, schema: z.ZodType<T>): T | undefined {
  const line = system.split('\n').find((l) => l.startsWith(marker));
  const json = line?.slice(marker.length).trim();
  if (!json || json === 'none') return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(bookingDataJson(json)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function parseBookings(content: string): BookingRecord[] {
  try {
    const data: unknown = JSON.parse(bookingDataJson(content));
    return data && typeof data === 'object' ? bookingsOf(data as Record<string, unknown>) : [];
  } catch {
    return [];
  }
}

function searchTextOf(turn: readonly BaseMessage[], result: ToolMessage): string {
  for (const m of turn) {
    if (!AIMessage.isInstance(m)) continue;
    const call = m.tool_calls?.find((c) => c.id === result.tool_call_id);
    if (call && typeof call.args.search_text === 'string') return call.args.search_text;
  }
  return '';
}

/** Each successful lookup of this turn, by the tool that answered it (read-only roles, lib/planner/planner-deps.ts). */
function readLookups(turn: readonly BaseMessage[], into: OfflineConversation): void {
  for (const m of turn) {
    if (!ToolMessage.isInstance(m) || m.status === 'error') continue;
    const data = parseJson(m.text);
    if (m.name === OFFLINE_LOOKUPS.search && data && typeof data === 'object')
      into.searches.set(searchTextOf(turn, m), bookingsOf(data as Record<string, unknown>));
    const details = BookingDetails.safeParse(data);
    if (m.name === OFFLINE_LOOKUPS.get && details.success)
      into.details.set(details.data.booking_id, details.data);
    const products = z.object({ products: z.array(VenueProduct) }).safeParse(data);
    if (m.name === OFFLINE_LOOKUPS.products && products.success) into.products = products.data.products;
  }
}

function parseJson(content: string): unknown {
  try {
    return JSON.parse(bookingDataJson(content));
  } catch {
    return undefined;
  }
}

function findLastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i -= 1) if (test(items[i] as T)) return i;
  return -1;
}
