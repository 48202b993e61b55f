import type { BookingRecord } from './booking-record.ts';

/** What a search match shows of the booking's contact details: enough to check, never the value (ADR 0017). */
export interface ContactHint {
  /** "•••• 019": the last three digits. */
  phone?: string;
  /** "j•••@example.com": the first letter and the domain. */
  email?: string;
}

const REFERENCE = /\b[a-z]{1,5}-?\d+\b/gi;

/**
 * A search by a phone or email fragment (issue 33): its matches are checked against what the user gave, so each
 * carries a contact hint. A booking reference ("BK-1042") is not a phone fragment.
 */
export function isContactSearch(searchText: string): boolean {
  if (searchText.includes('@')) return true;
  return searchText.replace(REFERENCE, ' ').replace(/\D/g, '').length >= 3;
}

/** The hint of one booking as the get lookup returned it; undefined when it holds no contact detail. */
export function contactHintOf(booking: Readonly<Record<string, unknown>>): ContactHint | undefined {
  const hint: ContactHint = {
    ...(typeof booking.phone === 'string' && phoneHint(booking.phone)
      ? { phone: phoneHint(booking.phone) }
      : {}),
    ...(typeof booking.email === 'string' && emailHint(booking.email)
      ? { email: emailHint(booking.email) }
      : {}),
  };
  return hint.phone || hint.email ? hint : undefined;
}

function phoneHint(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 6 ? `•••• ${digits.slice(-3)}` : undefined;
}

function emailHint(email: string): string | undefined {
  const at = email.trim().lastIndexOf('@');
  if (at < 1) return undefined;
  return `${email.trim()[0]}•••@${email.trim().slice(at + 1)}`;
}

/**
 * The search result as the model reads it: each match with its contact hint when one is known, and never a full
 * email or phone (a booking API that returns them in search items has them replaced by the hint).
 */
export function searchResultForModel(
  data: Readonly<Record<string, unknown>>,
  hints: ReadonlyMap<string, ContactHint>,
): Record<string, unknown> {
  if (!Array.isArray(data.bookings)) return { ...data };
  return {
    ...data,
    bookings: data.bookings.map((item: unknown) => {
      if (item === null || typeof item !== 'object') return item;
      const { email: _email, phone: _phone, ...rest } = item as Record<string, unknown>;
      const id = (item as Partial<BookingRecord>).booking_id;
      const hint =
        (typeof id === 'string' ? hints.get(id) : undefined) ??
        contactHintOf(item as Record<string, unknown>);
      return hint ? { ...rest, contact_hint: hint } : rest;
    }),
  };
}
