import {
  type CountryCode,
  findPhoneNumbersInText,
  isSupportedCountry,
  type PhoneNumber,
  parsePhoneNumberWithError,
} from 'libphonenumber-js/max';

/**
 * Phone numbers (issue 30, ADR 0016): read with libphonenumber-js's full ("max") metadata in the venue's country,
 * stored and sent as E.164 ("+61412345678"), shown in the venue's national format ("0412 345 678"). One place,
 * so the planner, the gate, the executor and the offline model agree on what a phone number is.
 */

/** Why a text is not a phone number the service can store. */
export type PhoneProblem =
  /** Letters among the digits ("04l2 345 678", "0412 345 678 ext 5"). */
  | 'letters'
  /** Characters no phone number is written with, or no digits at all. */
  | 'not_a_number'
  /** Digits that are no number in use in that country (too short, too long, a range never allocated). */
  | 'invalid'
  /** A national number, and the venue's locale names no country to read it in. */
  | 'no_country';

export type PhoneReading =
  | { ok: true; e164: string; country: CountryCode | undefined }
  | { ok: false; reason: PhoneProblem };

/** The accepted forms, as the planning tools declare them (lib/planner/tools/terminal-tools.ts). */
export const PHONE_FORMS =
  "a phone number as the user wrote it: the venue's national form with spaces, dots, dashes or parentheses, or international with + and the country code";

/** Digits, the separators people type (spaces, dots, dashes, slashes, parentheses) and one leading +. */
const PHONE_CHARACTERS = /^\+?[\d\s()./\u2010-\u2015-]+$/;

/**
 * The country national numbers are read in: the locale's region (en-AU → AU, en-US → US, en-GB → GB, en-NZ → NZ);
 * a bare language, its likely region (Intl.Locale maximize: en → US). Undefined when libphonenumber does not
 * know the region, or the locale is malformed.
 */
export function phoneCountryOf(locale: string): CountryCode | undefined {
  try {
    const region = new Intl.Locale(locale).maximize().region;
    return region !== undefined && isSupportedCountry(region) ? region : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads one phone number written in any common form ("0412.345.678", "(04) 1234 5678", "+61 412 345 678",
 * "(312) 555-0142") in the venue's country; a number with + and its country code is kept as that country's.
 * Only a valid number (libphonenumber's max metadata) is read: a short, long or letter-bearing one is a problem.
 */
export function readPhone(text: string, locale: string): PhoneReading {
  const typed = text.trim();
  if (/\p{L}/u.test(typed)) return { ok: false, reason: 'letters' };
  if (!PHONE_CHARACTERS.test(typed) || !/\d/.test(typed)) return { ok: false, reason: 'not_a_number' };
  const country = phoneCountryOf(locale);
  const parsed = parse(typed, country);
  if (parsed === 'no_country') return { ok: false, reason: 'no_country' };
  if (!parsed || (!parsed.isValid() && !reservedForDrama(parsed))) return { ok: false, reason: 'invalid' };
  return { ok: true, e164: parsed.number, country: parsed.country ?? countryOfDrama(parsed) };
}

/**
 * Ofcom's numbers reserved for drama, film and tests (07700 900000–900999, 01632 960000–960999): complete UK
 * numbers that libphonenumber calls unallocated, and exactly the ones people pick for a made-up guest. Refusing
 * them asked operators (and every test writer) for a number they had given in full. The other countries' fiction
 * ranges (AU 0491 570…, US 555-01xx) are already valid in libphonenumber's metadata.
 */
const UK_DRAMA = /^(?:7700900|1632960)\d{3}$/;

function reservedForDrama(parsed: PhoneNumber): boolean {
  return parsed.countryCallingCode === '44' && UK_DRAMA.test(parsed.nationalNumber);
}

function countryOfDrama(parsed: PhoneNumber): CountryCode | undefined {
  return reservedForDrama(parsed) ? 'GB' : undefined;
}

function parse(text: string, country: CountryCode | undefined): PhoneNumber | 'no_country' | undefined {
  try {
    return parsePhoneNumberWithError(text, {
      ...(country ? { defaultCountry: country } : {}),
      extract: false,
    });
  } catch (error) {
    return error instanceof Error && error.message === 'INVALID_COUNTRY' ? 'no_country' : undefined;
  }
}

/** The E.164 form of a phone value, or undefined when it is not a valid number in the venue's country. */
export function e164Of(value: unknown, locale: string): string | undefined {
  if (typeof value !== 'string') return undefined;
  const reading = readPhone(value, locale);
  return reading.ok ? reading.e164 : undefined;
}

/** True when both values read as the same number ("+61412345678" and the API's echo "+61 412 345 678"). */
export function samePhone(a: unknown, b: unknown, locale: string): boolean {
  const first = e164Of(a, locale);
  return first !== undefined && first === e164Of(b, locale);
}

/**
 * A phone as the venue's staff read it: a number of the venue's country in its national format ("0412 345 678",
 * "(312) 555-0142"), any other in international format ("+1 312 555 0142"). A value that is no valid number is
 * shown as it is.
 */
export function displayPhone(value: unknown, locale: string): string {
  const e164 = e164Of(value, locale);
  if (e164 === undefined) return String(value);
  const number = parsePhoneNumberWithError(e164);
  return number.country !== undefined && number.country === phoneCountryOf(locale)
    ? number.formatNational()
    : number.formatInternational();
}

/** What is wrong with a phone value, in words for the user or the model. */
export function phoneProblemText(reason: PhoneProblem, locale: string): string {
  switch (reason) {
    case 'letters':
      return 'has letters in it';
    case 'not_a_number':
      return 'is not written as a phone number';
    case 'no_country':
      return 'needs its country code (+ and the country code first)';
    default: {
      const country = phoneCountryOf(locale);
      const where = country ? ` in ${countryName(country)}` : '';
      return `is not a complete, valid phone number${where}`;
    }
  }
}

function countryName(country: CountryCode): string {
  return new Intl.DisplayNames(['en'], { type: 'region' }).of(country) ?? country;
}

/**
 * Runs of text shaped like a typed phone number: an optional + or (, digits and separators, letters only between
 * digits ("04l2 345 678", so a slip is seen and asked about rather than cut). At least 7 digits; calendar dates
 * ("2026-12-20", "12.12.2026") are not phones.
 */
export function phoneShapedRuns(text: string): { text: string; index: number }[] {
  const runs: { text: string; index: number }[] = [];
  for (const m of text.matchAll(PHONE_SHAPED)) {
    const run = m[0].trim();
    const digits = run.replace(/\D/g, '').length;
    if (digits < 7 || DATE_LIKE.test(run)) continue;
    runs.push({ text: run, index: m.index });
  }
  return runs;
}

const PHONE_SHAPED =
  /(?:\+\s?|\(\s?)?(?:\b\p{L}(?=\d))?\d(?:[\d ()./\u2010-\u2015-]|\p{L}(?=[\d ()./-]*\d))*\d\)?/gu;
const DATE_LIKE = /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$/;

/**
 * The E.164 form of every valid phone number written in a text, in the venue's country: libphonenumber's own
 * finder, and every phone-shaped run that reads as a number (so "0412.345.678" counts as said).
 */
export function phonesIn(text: string, locale: string): Set<string> {
  const country = phoneCountryOf(locale);
  const found = findPhoneNumbersInText(text, country ? { defaultCountry: country } : {});
  const numbers = new Set(found.filter((f) => f.number.isValid()).map((f) => f.number.number as string));
  for (const run of phoneShapedRuns(text)) {
    const reading = readPhone(run.text, locale);
    if (reading.ok) numbers.add(reading.e164);
  }
  return numbers;
}

/** Parameter names that hold a phone number: phone, mobile, guest_phone, phone_number, mobile_number… */
const PHONE_NAME = /(?:^|_)(?:phone|mobile|cell)(?:_number)?$/;

/**
 * True when a registry parameter holds a phone number: a text parameter named like one, or one the spec gives a
 * phone format ("tel", "phone").
 */
export function isPhoneParameter(param: {
  name: string;
  type: string;
  constraints?: { format?: string | undefined } | undefined;
}): boolean {
  if (param.type !== 'string') return false;
  const format = param.constraints?.format;
  return PHONE_NAME.test(param.name) || format === 'tel' || format === 'phone';
}
