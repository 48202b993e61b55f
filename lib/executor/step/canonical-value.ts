import { DEFAULT_VENUE_LOCALE, DEFAULT_VENUE_TIMEZONE } from '../../config/config.ts';
import { e164Of, isPhoneParameter } from '../../contacts/phone.ts';
import type { ParameterType } from '../../contracts/enums.ts';
import { isWhenType as isWhen } from '../../contracts/primitives.ts';
import { canonicalWhen, sameWhen, type VenueSettings } from '../../dates/same-when.ts';

/**
 * Canonical forms of parameter values, per 001 primitive type. Two values with the same canonical form say the
 * same thing in different formats ("3pm" and "15:00"); this is how the executor tells a format fix (allowed after
 * confirmation) from a changed value (never allowed: 000 "Post-confirmation immutability").
 */
export type Canonical = string | number | boolean;

/** How a value is read: the enum's values, and the venue whose timezone and locale dates and times are read in. */
export interface Reading {
  enumValues?: readonly string[];
  /** Default: the service's home venue settings (config defaults). Dates and times need the real venue. */
  venue?: VenueSettings;
  /**
   * The parameter holds a phone number (lib/contacts/phone.ts isPhoneParameter): compared as the number read in
   * the venue's country, so "+61412345678" and the booking API's echo "+61 412 345 678" are the same (issue 30).
   */
  phone?: boolean;
}

/** How a registry parameter's values are read: its enum values, the venue, whether it holds a phone number. */
export function readingOf(
  param: Parameters<typeof isPhoneParameter>[0] & { enum_values?: readonly string[] | undefined },
  venue?: VenueSettings,
): Reading {
  return {
    ...(param.enum_values ? { enumValues: param.enum_values } : {}),
    ...(venue ? { venue } : {}),
    ...(isPhoneParameter(param) ? { phone: true } : {}),
  };
}

const HOME_VENUE: VenueSettings = { timeZone: DEFAULT_VENUE_TIMEZONE, locale: DEFAULT_VENUE_LOCALE };
/** Absolute values don't depend on now; a date without a year is read near this day, never as "in the past". */
const NO_NOW = new Date(Date.UTC(2000, 0, 1));

/** The canonical form of a value, or undefined when the value can't be read as that type. */
export function canonicalValue(
  type: ParameterType,
  value: unknown,
  reading: Reading = {},
): Canonical | undefined {
  if (type === 'number') {
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
    return undefined;
  }
  if (type === 'boolean') {
    if (typeof value === 'boolean') return value;
    if (typeof value === 'string' && /^(true|yes)$/i.test(value.trim())) return true;
    if (typeof value === 'string' && /^(false|no)$/i.test(value.trim())) return false;
    return undefined;
  }
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value);
  // Dates and times: the one resolver (lib/dates), in the venue's timezone and locale; relative words never match.
  if (isWhen(type)) return canonicalWhen(type, text, reading.venue ?? HOME_VENUE, NO_NOW);
  if (type === 'enum') {
    const wanted = text.trim().toLowerCase();
    return reading.enumValues?.find((v) => v.toLowerCase() === wanted);
  }
  // A phone: its E.164 form when it reads as a number in the venue's country; else it is compared as text.
  const phone = reading.phone ? e164Of(text, (reading.venue ?? HOME_VENUE).locale) : undefined;
  if (phone !== undefined) return phone;
  // string: whitespace and letter case are formatting, the characters are not.
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * True when `offered` reads as the same thing as `expected` for this type (or is identical). Dates and times are
 * read as of the expected value's day (lib/dates sameWhen), so "Sat 28 Nov" restates 2026-11-28.
 */
export function sameValue(
  type: ParameterType,
  offered: unknown,
  expected: unknown,
  reading: Reading = {},
): boolean {
  if (JSON.stringify(offered) === JSON.stringify(expected)) return true;
  if (isWhen(type)) return sameWhen(type, expected, offered, reading.venue ?? HOME_VENUE);
  const ca = canonicalValue(type, offered, reading);
  return ca !== undefined && ca === canonicalValue(type, expected, reading);
}

/**
 * The value in the wire format of its type when it can be read (e.g. "3pm" → "15:00", a phone "0412 345 678" →
 * "+61412345678"), else unchanged.
 */
export function normaliseValue(type: ParameterType, value: unknown, reading: Reading = {}): unknown {
  if (type === 'string') {
    const phone = reading.phone ? e164Of(value, (reading.venue ?? HOME_VENUE).locale) : undefined;
    return phone ?? value;
  }
  const canonical = canonicalValue(type, value, reading);
  return canonical === undefined ? value : canonical;
}
