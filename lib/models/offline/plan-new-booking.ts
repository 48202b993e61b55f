import { readPhone } from '../../contacts/phone.ts';
import {
  cleanName,
  type MessageSlots,
  NAME,
  NOT_NAMES,
  phoneIn,
  refusesPaymentLink,
} from './extract-slots.ts';
import * as reply from './offline-replies.ts';
import { askCall, lookupCall, type OfflineCall, type Step } from './offline-types.ts';
import { OFFLINE_LOOKUPS, type OfflineConversation, type VenueProduct } from './read-conversation.ts';

/** The actions of seed 002's new reservation flow (openapi/booking-api.yaml). */
const CREATE = 'createBooking';
const PAYMENT_LINK = 'createPaymentLink';

/**
 * A new reservation as in seed 002: the venue's products are looked up, the product is the one whose name the words
 * share most (a tie or none asks, listing the real products), then createBooking and createPaymentLink for it.
 * A missing product, date, time, party size or guest name is asked for, never guessed; the planner resolves the
 * date and time words and checks the slot.
 */
export function planNewBooking(
  conv: OfflineConversation,
  request: MessageSlots,
  texts: string[],
  /** The product of the pending reservation a follow-up amends. */
  productId?: string,
): OfflineCall {
  if (!conv.products) return lookupCall(OFFLINE_LOOKUPS.products, {});
  const words = texts.join(' ');
  const product = conv.products.find((p) => p.product_id === productId) ?? productIn(words, conv.products);
  if (!product) return askCall('other', reply.askProduct(conv.products.map((p) => p.name)));
  if (!request.datePhrase) return askCall('date', reply.askNewWhen(product.name));
  if (!request.timePhrase) return askCall('time', reply.askNewWhen(product.name));
  if (request.countUnclear || request.partySize === undefined || request.partySize < 1)
    return askCall('guest_count', reply.askNewGuestCount(product.name));
  const guest = request.newName ?? guestFor(words, conv.products);
  if (!guest) return askCall('contact_details', reply.askNewGuest(product.name));
  const param = (name: string, value: string | undefined) => (value === undefined ? [] : [{ name, value }]);
  // A new guest's phone needs no "phone" word before it ("— Samira Haddad, 027 808 1122").
  const phone = request.phone ?? phoneIn(words);
  const reading = phone === undefined ? undefined : readPhone(phone, conv.locale);
  if (phone !== undefined && reading?.ok === false)
    return askCall(
      'contact_details',
      reply.askPhone(`the ${product.name} booking`, phone, reading.reason, conv.locale),
    );
  const create: Step = {
    action_id: CREATE,
    parameters: [
      { name: 'product_id', value: product.product_id },
      { name: 'date', value: request.datePhrase },
      { name: 'start_time', value: request.timePhrase },
      { name: 'party_size', value: String(request.partySize) },
      { name: 'guest_name', value: guest },
      ...param('email', request.email ?? request.contactKey),
      ...param('phone', phone),
    ],
  };
  const hours = /\b(\d{1,3})\s*(?:hours?|hrs?)\b/i.exec(words)?.[1];
  const link: Step = {
    action_id: PAYMENT_LINK,
    parameters: [{ name: 'booking_id', value: '{{step_1.booking_id}}' }, ...param('expires_in_hours', hours)],
  };
  // Seed 002's flow ends with a payment link, unless the operator said not to send one.
  const steps = refusesPaymentLink(words) ? [create] : [create, link];
  return { name: 'propose_plan', args: { steps } };
}

/** The product whose name shares the most word stems with the message, if exactly one does. */
export function productIn(text: string, products: readonly VenueProduct[]): VenueProduct | undefined {
  // A product named in full ("laser tag … party of 12") wins over words it shares with another ("party").
  const said = text.toLowerCase();
  const whole = products.filter((p) =>
    new RegExp(`(?<![a-z0-9])${escaped(p.name.toLowerCase())}(?![a-z0-9])`).test(said),
  );
  if (whole.length === 1) return whole[0];
  return sharedStems(text, products);
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function sharedStems(text: string, products: readonly VenueProduct[]): VenueProduct | undefined {
  const said = new Set(stems(text));
  const scored = products.map((p) => ({ p, score: stems(p.name).filter((w) => said.has(w)).length }));
  const best = Math.max(0, ...scored.map((s) => s.score));
  const top = scored.filter((s) => s.score === best);
  return best > 0 && top.length === 1 ? top[0]?.p : undefined;
}

/** Lower-case word stems, short and common words left out ("Little Jumpers (under 5s)" → little, jump). */
function stems(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 3 && !COMMON.has(w))
    .map((w) => w.replace(/(?:ers|er|ing|es|s)$/, ''));
}

const COMMON = new Set('with from that this under book booking session slot people guests name'.split(' '));

/** "for Lucy Hale", "under Mere Kingi", "name: Kieran O'Brien", "— Samira Haddad, 027…": the guest's name. */
function guestFor(text: string, products: readonly VenueProduct[]): string | undefined {
  const productWords = new Set(products.flatMap((p) => p.name.split(/\W+/)));
  const clean = (raw: string) =>
    cleanName(
      raw
        .split(/\s+/)
        .filter((w) => !productWords.has(w) && !NOT_NAMES.has(w))
        .join(' '),
    );
  const keyed = new RegExp(
    `\\b(?:name(?:'s|\\s+is)?:?|under|for|guest|contact|booking name)\\s+(${NAME}(?:\\s+${NAME}){0,2})`,
    'g',
  );
  for (const m of text.matchAll(keyed)) {
    const name = clean(m[1] ?? '');
    if (name?.includes(' ')) return name;
  }
  for (const m of text.matchAll(new RegExp(`${NAME}(?:\\s+${NAME}){1,2}`, 'g'))) {
    const name = clean(m[0]);
    if (name?.includes(' ')) return name;
  }
  return undefined;
}
