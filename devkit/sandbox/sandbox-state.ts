import { createHash } from 'node:crypto';
import type { RateLimitRule } from './fixture-schema.ts';

export type BookingStatus = 'confirmed' | 'pending' | 'cancelled' | 'completed';

export interface Product {
  productId: string;
  name: string;
  sessionTimes: string[];
  capacityPerSession: number;
  pricePerGuest: number;
}

export interface Venue {
  venueId: string;
  name: string;
  timezone: string;
  /** BCP-47 (en-AU, en-US): returned by GET /venue, so the service reads this venue's dates its way (issue 27). */
  locale: string;
  currency: string;
  products: Product[];
}

/** What a bearer token grants: one user acting on one venue. */
export interface TokenGrant {
  userId: string;
  venueId: string;
  expiresAt?: Date;
  rateLimit?: RateLimitRule;
}

export interface Note {
  noteId: string;
  text: string;
  visibleToGuest: boolean;
  createdAt: string;
}

/** A booking as the sandbox stores it (GET /__admin/bookings/{id} returns exactly this). */
export interface BookingRecord {
  bookingId: string;
  bookingReference: string;
  venueId: string;
  guestName: string;
  email?: string;
  phone?: string;
  date: string;
  startTime: string;
  productId: string;
  partySize: number;
  status: BookingStatus;
  notes: Note[];
  version: number;
  createdAt: string;
  updatedAt: string;
  cancellationReason?: string;
}

/** Side effects that leave the booking unchanged but must be observable (confirmation sent, link issued). */
export interface SentConfirmation {
  bookingId: string;
  channel: 'email' | 'sms';
  sentAt: string;
}

export interface PaymentLinkRecord {
  paymentLinkId: string;
  bookingId: string;
  url: string;
  amount: number;
  currency: string;
  expiresAt: string;
}

export interface RefundRecord {
  bookingId: string;
  refundedAmount: number;
  at: string;
}

/** The sandbox's whole in-memory database. Rebuilt from a fixture on every reset. */
export class SandboxState {
  readonly venues = new Map<string, Venue>();
  readonly tokens = new Map<string, TokenGrant>();
  readonly bookings = new Map<string, BookingRecord>();
  readonly confirmations: SentConfirmation[] = [];
  readonly paymentLinks: PaymentLinkRecord[] = [];
  readonly refunds: RefundRecord[] = [];
  private noteSeq = 0;
  private linkSeq = 0;

  venue(venueId: string): Venue {
    const venue = this.venues.get(venueId);
    if (!venue) throw new Error(`sandbox state has no venue ${venueId}`);
    return venue;
  }

  product(venueId: string, productId: string): Product | undefined {
    return this.venue(venueId).products.find((p) => p.productId === productId);
  }

  bookingsOf(venueId: string): BookingRecord[] {
    return [...this.bookings.values()].filter((b) => b.venueId === venueId);
  }

  /** BK-<n> one above the highest numbered reference so far. */
  nextReference(): string {
    const numbers = [...this.bookings.values()].map((b) =>
      Number(/(\d+)$/.exec(b.bookingReference)?.[1] ?? 0),
    );
    return `BK-${Math.max(1000, ...numbers) + 1}`;
  }

  nextNoteId(): string {
    this.noteSeq += 1;
    return `nt_${this.noteSeq}`;
  }

  nextPaymentLinkId(): string {
    this.linkSeq += 1;
    return `pl_${this.linkSeq}`;
  }
}

/**
 * Opaque, deterministic booking id: the same fixture always yields the same ids, and an id never looks like
 * its human reference, so a model can't confuse the two.
 */
export function deriveBookingId(venueId: string, reference: string): string {
  return `bk_${createHash('sha256').update(`${venueId}:${reference}`).digest('hex').slice(0, 12)}`;
}
