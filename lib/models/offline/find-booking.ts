import type { BookingSummary } from '../../contracts/booking.ts';
import type { BookingRecord } from '../../planner/booking-record.ts';
import type { MessageSlots } from './extract-slots.ts';
import { nameFit } from './name-match.ts';
import { MAX_SPAN_SEARCHES, nameSpansIn, numberedReferencesIn, ownerSpansIn } from './name-spans.ts';
import { namesProduct, narrowBookings } from './narrow-bookings.ts';
import * as reply from './offline-replies.ts';
import {
  askCall as ask,
  declineCall,
  type OfflineCall,
  type OfflineTools,
  type TargetBooking,
} from './offline-types.ts';
import { targetOf } from './plan-several.ts';
import { OFFLINE_LOOKUPS, type OfflineConversation, type PendingPlan } from './read-conversation.ts';
import { referencesIn } from './request-cues.ts';

/** The booking a request targets, or the lookups still needed to find it (one round), or a question. */
export type FoundBooking = TargetBooking | OfflineCall | OfflineCall[];

/**
 * Finds the booking the operator means, as a careful person would (issue 30):
 *
 * 1. a picked candidate; else, when the message names nothing, the booking already in context;
 * 2. the reference, email or phone, or the guest name read from a request shape (guest-names.ts), searched one
 *    after the other until one finds a booking (the booking API's fuzzy search decides, as for a name the operator
 *    clearly gave);
 * 3. else every run of words that may be a name (name-spans.ts), all searched in one round; a hit counts only when
 *    the words fit the guest's name itself (name-match.ts), and the longest, exact fit wins;
 * 4. several hits: those whose name the words fit exactly, then those the message's product, day and time describe
 *    (narrow-bookings.ts); still several is a question listing them, none is a question. Never a guess.
 */
export function findBooking(
  conv: OfflineConversation,
  current: MessageSlots,
  request: MessageSlots,
  tools: OfflineTools,
): FoundBooking {
  if (conv.picked) return fromSummary(conv.picked);
  return fromSearches({ ...conv, searches: searchesOf(conv) }, current, request, tools);
}

/** Every search of this turn by its text, the latest one included. */
function searchesOf(conv: OfflineConversation): Map<string, BookingRecord[]> {
  const last = conv.lastSearch;
  if (!last || conv.searches.has(last.searchText)) return conv.searches;
  return new Map([...conv.searches, [last.searchText, last.bookings]]);
}

function fromSearches(
  conv: OfflineConversation,
  current: MessageSlots,
  request: MessageSlots,
  tools: OfflineTools,
): FoundBooking {
  const searchable = tools.names.has(OFFLINE_LOOKUPS.search);
  const declined = () => declineCall(reply.declineMessage(undefined, tools));
  const own = current.reference ?? current.guestName ?? current.contactKey;
  let keys = [own, ...(current.otherNames ?? [])].filter((k): k is string => k !== undefined);
  if (keys.length === 0 && conv.searches.size === 0) {
    const inContext = contextTarget(conv);
    if (inContext) return inContext;
  }
  if (keys.length === 0) {
    const older = request.reference ?? request.guestName ?? request.contactKey;
    if (older) keys = [older];
  }
  const spans = nameSpans(conv, [current, request], keys);
  const strong = byKeys(conv, keys, spans, current.reference);
  if ('name' in strong) return searchable ? strong : declined();
  if (strong.referenceMissing) return ask('booking', reply.noMatch(strong.key));
  const untried = spans.filter((s) => !conv.searches.has(s));
  if (strong.hits.length === 0 && untried.length > 0) {
    if (!searchable) return declined();
    return untried.map((s) => ({ name: OFFLINE_LOOKUPS.search, args: { search_text: s } }));
  }
  const found = strong.hits.length > 0 ? strong : withinVainKeys(bySpans(conv, spans), keys, conv);
  if (found.hits.length === 0) {
    const first = keys[0];
    return first ? ask('booking', reply.noMatch(first)) : ask('booking', reply.ASK_BOOKING);
  }
  const exactRef = found.hits.filter((b) => current.reference && b.booking_reference === current.reference);
  const exactName = found.hits.filter((b) => nameFit(found.key, b.guest_name) === 'exact');
  const best = exactRef.length === 1 ? exactRef : exactName.length > 0 ? exactName : found.hits;
  const narrowed =
    best.length > 1 ? narrowBookings(best, conv.current, current, conv.locale, conv.today) : best;
  if (narrowed.length === 1) return targetOf(narrowed[0] as BookingRecord);
  return ask(
    'booking',
    reply.severalMatches(narrowed.length, found.key),
    narrowed.map((b) => b.booking_id),
  );
}

interface Hits {
  key: string;
  hits: BookingRecord[];
  /** The reference named was searched and found nothing: ask, do not read other words as a name. */
  referenceMissing?: boolean;
}

/**
 * The runs of words of the request's messages that may name the guest (latest first, at most MAX_SPAN_SEARCHES),
 * without the keys already searched and the words that name no booking (a note, a new name or email).
 */
function nameSpans(
  conv: OfflineConversation,
  said: readonly MessageSlots[],
  keys: readonly string[],
): string[] {
  const named = new Set(keys.map((k) => k.toLowerCase()));
  // A key searched in vain and typed in lower case ("the okafor trampoline booking": a name and a product) gives up
  // its words to the spans ("okafor"); one typed as a name ("Zed Zebra") is a name that is not there.
  const typed = [conv.current, ...conv.earlier];
  const foundNothing = (key: string) =>
    conv.searches.get(key)?.length === 0 && !typed.some((t) => t.includes(key));
  const skip = said
    .flatMap((s) => [s.noteText, s.newName, s.email])
    .concat(keys.filter((k) => !foundNothing(k)))
    .filter((s): s is string => !!s);
  const texts = [conv.current, ...[...conv.earlier].reverse()];
  const owners = said.flatMap((s) => (s.noteText ? ownerSpansIn(s.noteText) : []));
  const numbers = texts.flatMap(numberedReferencesIn);
  const spans = [...new Set([...numbers, ...texts.flatMap((t) => nameSpansIn(t, skip)), ...owners])];
  return spans.filter((s) => !named.has(s.toLowerCase())).slice(0, MAX_SPAN_SEARCHES);
}

/** The first key, in order, whose search found bookings; the next untried key is searched first. */
function byKeys(
  conv: OfflineConversation,
  keys: readonly string[],
  spans: readonly string[],
  reference?: string,
): Hits | OfflineCall {
  for (const key of keys) {
    const hits = conv.searches.get(key);
    if (!hits) return { name: OFFLINE_LOOKUPS.search, args: { search_text: key } };
    if (hits.length > 0) return { key, hits };
    if (key === reference) return { key, hits: [], referenceMissing: true };
  }
  // A search the planner ran before the first call (issue 32's prefetch) counts as ours; our spans' do not.
  for (const [key, hits] of conv.searches)
    if (!spans.includes(key) && !keys.includes(key) && hits.length > 0) return { key, hits };
  return { key: keys[0] ?? '', hits: [] };
}

/**
 * Hits of a span cut from a key whose whole search found nothing ("okafor" of "Okafor Trampoline") count only when the
 * key's other words name the hit's product ("trampoline": Trampoline Park). "Nina Ross" found nothing: "nina" alone
 * must not pick Nina Patel's booking.
 */
function withinVainKeys(found: Hits, keys: readonly string[], conv: OfflineConversation): Hits {
  const spanWords = found.key.toLowerCase().split(/\s+/);
  const vain = keys.find((k) => {
    const words = k.toLowerCase().split(/\s+/);
    return conv.searches.get(k)?.length === 0 && spanWords.every((w) => words.includes(w));
  });
  if (!vain) return found;
  const rest = vain
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => !spanWords.includes(w));
  return { key: found.key, hits: found.hits.filter((b) => namesProduct(rest, b.product_name)) };
}

/** The hits whose guest name the span's words fit, from the spans with the most words (exact fits first). */
function bySpans(conv: OfflineConversation, spans: readonly string[]): Hits {
  let best: { key: string; words: number; exact: boolean; hits: BookingRecord[] } | undefined;
  for (const span of spans) {
    const fits = (conv.searches.get(span) ?? [])
      .map((b) => ({ b, fit: spanFit(span, b) }))
      .filter((f) => f.fit !== undefined);
    if (fits.length === 0) continue;
    // A reference's number outweighs any name.
    const words = /^\d+$/.test(span) ? 10 : span.split(/\s+/).length;
    const exact = fits.some((f) => f.fit === 'exact');
    const hits = fits.filter((f) => !exact || f.fit === 'exact').map((f) => f.b);
    const better = !best || words > best.words || (words === best.words && exact && !best.exact);
    if (better) best = { key: span, words, exact, hits };
    else if (best && words === best.words && exact === best.exact)
      best.hits = [
        ...best.hits,
        ...hits.filter((h) => !best?.hits.some((b) => b.booking_id === h.booking_id)),
      ];
  }
  return best ? { key: best.key, hits: best.hits } : { key: '', hits: [] };
}

/** How a span fits a booking: a number fits only the reference with exactly those digits, words the guest's name. */
function spanFit(span: string, booking: BookingRecord): ReturnType<typeof nameFit> {
  if (!/^\d+$/.test(span)) return nameFit(span, booking.guest_name);
  return booking.booking_reference?.replace(/\D/g, '') === span ? 'exact' : undefined;
}

/** The session's referenced booking, or the pending plan's (when they agree or only one is known). */
function contextTarget(conv: OfflineConversation): TargetBooking | undefined {
  const pendingId = conv.pending ? pendingBookingId(conv.pending) : undefined;
  if (conv.referenced && (!pendingId || pendingId === conv.referenced.booking_id))
    return fromSummary(conv.referenced);
  return pendingId ? { booking_id: pendingId } : undefined;
}

export function pendingBookingId(pending: PendingPlan): string | undefined {
  const id = pending.steps
    .map((s) => s.parameters.booking_id)
    .find((v) => typeof v === 'string' && !v.includes('{{'));
  return typeof id === 'string' ? id : undefined;
}

/** The target from a booking summary (the session's referenced booking, or a picked candidate). */
function fromSummary(r: BookingSummary): TargetBooking {
  return {
    booking_id: r.booking_id,
    ...defined({
      guest_name: r.guest_name,
      date: r.booking_date,
      start_time: r.booking_time,
      party_size: r.party_size,
    }),
    ...(r.status ? { status: r.status } : {}),
    ...referenceOf(r.display_label),
  };
}

/** The display label starts with the reference (lib/planner/booking-record.ts displayLabel). */
function referenceOf(label: string | undefined): { reference?: string } {
  const first = label?.split(' · ')[0]?.trim();
  return first && referencesIn(first).length === 1 ? { reference: first } : {};
}

function defined<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
}
