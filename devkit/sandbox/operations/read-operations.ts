import { daySlots } from '../availability.ts';
import { findBooking } from '../booking-rules.ts';
import { toBookingBody, toListItem } from '../booking-view.ts';
import { fuzzySearch, MIN_QUERY_LENGTH } from '../fuzzy-search.ts';
import { addDays, localDate } from '../relative-date.ts';
import { badRequest, notFound } from '../sandbox-error.ts';
import type { BookingRecord } from '../sandbox-state.ts';
import { booleanArg, numberArg, type OperationHandler, optionalString, stringArg } from './operation.ts';

/** Bookings older than this are archived: searched only with includeArchived (spec searchBookings). */
const ARCHIVE_AFTER_DAYS = 365;

export const searchBookings: OperationHandler = function searchBookings({ rules, params }) {
  const text = stringArg(params, 'searchText').trim();
  if (text.length < MIN_QUERY_LENGTH) {
    throw badRequest('searchText', 'at least 3 characters', 'searchText needs at least 3 characters');
  }
  const from = optionalString(params, 'dateRangeStart');
  const to = optionalString(params, 'dateRangeEnd');
  if (from && to && from > to) {
    throw badRequest(
      'dateRangeEnd',
      `YYYY-MM-DD on or after ${from}`,
      'dateRangeEnd is before dateRangeStart',
    );
  }
  const today = localDate(rules.now, rules.state.venue(rules.venueId).timezone);
  const archivedBefore = booleanArg(params, 'includeArchived', false)
    ? ''
    : addDays(today, -ARCHIVE_AFTER_DAYS);
  const candidates = rules.state
    .bookingsOf(rules.venueId)
    .filter((b) => b.date >= archivedBefore && (!from || b.date >= from) && (!to || b.date <= to));
  const hits = fuzzySearch(candidates, text, numberArg(params, 'maxResults'));
  return { status: 200, body: { bookings: hits.map((b) => toListItem(rules.state, b)) }, committed: false };
};

export const getBooking: OperationHandler = function getBooking({ rules, params }) {
  const booking = findBooking(rules, stringArg(params, 'bookingId'));
  return {
    status: 200,
    body: toBookingBody(rules.state, booking),
    committed: false,
    version: booking.version,
  };
};

export const exportBookings: OperationHandler = function exportBookings({ rules, params }) {
  const bookings = rules.state.bookingsOf(rules.venueId);
  if (params.format === 'json') {
    const rows = bookings.map((b) => toBookingBody(rules.state, b));
    return { status: 200, body: JSON.stringify(rows), contentType: 'application/json', committed: false };
  }
  return { status: 200, body: toCsv(bookings), contentType: 'text/csv', committed: false };
};

export const listProducts: OperationHandler = function listProducts({ rules }) {
  const products = rules.state.venue(rules.venueId).products.map(({ pricePerGuest: _price, ...p }) => p);
  return { status: 200, body: { products }, committed: false };
};

/** The venue the caller's token is scoped to (every token has exactly one; the fixture's tokens[].venueId). */
export const getVenue: OperationHandler = function getVenue({ rules }) {
  const { venueId, name, timezone, locale, currency } = rules.state.venue(rules.venueId);
  // The venue's country, as a ROLLER-style API also gives it (ISO 3166-1 alpha-2, from the locale's region).
  const country = new Intl.Locale(locale).maximize().region;
  return {
    status: 200,
    body: { venueId, name, timezone, locale, ...(country ? { country } : {}), currency },
    committed: false,
  };
};

/** The user the caller's token was issued to (the fixture's tokens[].userId), and its venue (issue 27). */
export const getCurrentUser: OperationHandler = function getCurrentUser({ rules }) {
  return { status: 200, body: { userId: rules.userId, venueId: rules.venueId }, committed: false };
};

export const getAvailability: OperationHandler = function getAvailability({ rules, params }) {
  const productId = stringArg(params, 'productId');
  const product = rules.state.product(rules.venueId, productId);
  if (!product) throw notFound(`product ${productId}`);
  const date = stringArg(params, 'date');
  const slots = daySlots(rules.state, rules.venueId, product, date);
  return {
    status: 200,
    body: { productId, productName: product.name, date, slots },
    committed: false,
  };
};

const CSV_COLUMNS = [
  'bookingId',
  'bookingReference',
  'guestName',
  'date',
  'startTime',
  'productId',
  'partySize',
  'status',
] as const;

function toCsv(bookings: BookingRecord[]): string {
  const cell = (value: unknown) => `"${String(value).replaceAll('"', '""')}"`;
  const rows = bookings.map((b) => CSV_COLUMNS.map((c) => cell(b[c])).join(','));
  return `${[CSV_COLUMNS.join(','), ...rows].join('\n')}\n`;
}
