import { IANAZone } from 'luxon';
import * as z from 'zod';
import { LocalTime } from '../../lib/contracts/primitives.ts';
import { VenueLocale } from '../../lib/dates/venue-settings-check.ts';
import { resolveRelativeDate, resolveRelativeInstant } from './relative-date.ts';

/** 001 time, as the service reads it (lib/contracts/primitives.ts). */
const Time = LocalTime;
// Same shape as openapi/booking-api.yaml's BookingId, so every fixture booking can be addressed through the API.
const Id = (prefix: string) =>
  z.string().regex(new RegExp(`^${prefix}[a-z0-9]+$`), `must look like ${prefix}<lowercase letters/digits>`);

/** A per-token request budget: at most `limit` requests per fixed window of `windowSeconds`. */
export const RateLimitRule = z.object({
  limit: z.number().int().min(0),
  windowSeconds: z.number().int().min(1),
});
export type RateLimitRule = z.infer<typeof RateLimitRule>;

export const FixtureProduct = z.object({
  productId: z.string().min(1),
  name: z.string().min(1),
  /** Session start times, venue-local. */
  sessionTimes: z.array(Time).min(1),
  capacityPerSession: z.number().int().min(1),
  /** Used for payment-link amounts; defaults to 25. */
  pricePerGuest: z.number().min(0).default(25),
});

export const FixtureVenue = z.object({
  venueId: z.string().min(1),
  name: z.string().min(1),
  timezone: z.string().min(1).default('Australia/Sydney'),
  currency: z.string().length(3).default('AUD'),
  /**
   * BCP-47 locale, e.g. en-AU or en-US: decides whether 3/4 is 3 April or March 4 (issue 15) and how dates and
   * times are shown. GET /venue returns it, and the service reads that venue's requests in it (issue 27). Default
   * en-AU: a US venue must set en-US. "US" or "english" is refused.
   */
  locale: VenueLocale.default('en-AU'),
  products: z.array(FixtureProduct).min(1),
});

export const FixtureToken = z.object({
  /** The opaque bearer token. Never logged or journaled. */
  token: z.string().min(8),
  userId: z.string().min(1),
  venueId: z.string().min(1),
  /** ISO datetime or a relative date (midnight venue time); a past value makes the token expired (401). */
  expiresAt: z.string().optional(),
  rateLimit: RateLimitRule.optional(),
});

export const FixtureNote = z.object({
  text: z.string().min(1).max(1000),
  visibleToGuest: z.boolean().default(false),
});

export const FixtureBooking = z.object({
  /** Optional; derived from venue + reference when left out (docs/sandbox.md). */
  bookingId: Id('bk_').optional(),
  /** Human reference, e.g. BK-1042; numbered from BK-1001 in file order when left out. */
  bookingReference: z.string().min(1).optional(),
  /** Defaults to the first venue. */
  venueId: z.string().min(1).optional(),
  guestName: z.string().min(1).max(120),
  email: z.string().optional(),
  phone: z.string().optional(),
  /** YYYY-MM-DD, today, +3d, -10d, +2w or next:saturday (resolved against the sandbox clock). */
  date: z.string().min(1),
  startTime: Time,
  productId: z.string().min(1),
  partySize: z.number().int().min(1),
  status: z.enum(['confirmed', 'pending', 'cancelled', 'completed']).default('confirmed'),
  notes: z.array(FixtureNote).default([]),
});

/** The fixture file format, documented in docs/sandbox.md. */
export const Fixture = z
  .object({
    venues: z.array(FixtureVenue).min(1),
    tokens: z.array(FixtureToken).min(1),
    bookings: z.array(FixtureBooking),
  })
  .superRefine(function checkReferences(fixture, ctx) {
    const venues = new Map(fixture.venues.map((v) => [v.venueId, v]));
    fixture.venues.forEach((v, i) => {
      if (!IANAZone.isValidZone(v.timezone)) {
        ctx.addIssue({ code: 'custom', path: ['venues', i, 'timezone'], message: 'not an IANA timezone' });
      }
    });
    fixture.tokens.forEach((t, i) => {
      if (!venues.has(t.venueId)) {
        ctx.addIssue({ code: 'custom', path: ['tokens', i, 'venueId'], message: 'unknown venueId' });
      }
      const expiry = t.expiresAt;
      if (expiry !== undefined)
        checkExpression(ctx, ['tokens', i, 'expiresAt'], () =>
          resolveRelativeInstant(expiry, new Date(0), 'UTC'),
        );
    });
    fixture.bookings.forEach((b, i) => {
      // Resolved against a fixed day: only the form of the expression is checked here.
      checkExpression(ctx, ['bookings', i, 'date'], () => resolveRelativeDate(b.date, '2026-01-01'));
      const venue = venues.get(b.venueId ?? fixture.venues[0]!.venueId);
      const product = venue?.products.find((p) => p.productId === b.productId);
      if (!venue)
        ctx.addIssue({ code: 'custom', path: ['bookings', i, 'venueId'], message: 'unknown venueId' });
      else if (!product) {
        ctx.addIssue({ code: 'custom', path: ['bookings', i, 'productId'], message: 'unknown productId' });
      } else if (!product.sessionTimes.includes(b.startTime)) {
        ctx.addIssue({
          code: 'custom',
          path: ['bookings', i, 'startTime'],
          message: `not a session time of ${b.productId}`,
        });
      }
    });
  });
export type Fixture = z.infer<typeof Fixture>;

/** Adds an issue at `path` when resolving a date expression throws, so every bad date is named at once. */
function checkExpression(ctx: z.RefinementCtx, path: (string | number)[], resolve: () => unknown): void {
  try {
    resolve();
  } catch (error) {
    ctx.addIssue({ code: 'custom', path, message: error instanceof Error ? error.message : 'invalid date' });
  }
}
export type FixtureInput = z.input<typeof Fixture>;
