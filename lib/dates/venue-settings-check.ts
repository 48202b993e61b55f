import * as z from 'zod';

/**
 * Issue 27: a venue's timezone and locale decide what "tomorrow" and "12/5" mean, so a bad one is refused where it
 * enters (config, fixture, the booking API's venue read), never accepted and silently read as something else.
 */

/**
 * An IANA timezone this runtime knows ("Australia/Sydney", "America/Chicago"); "AEST" or "Sydney" are not.
 * Intl's own check, the one luxon's `IANAZone.isValidZone` runs, so what the date code later reads in luxon is
 * exactly what passes here; asked of Intl directly, the config an API handler parses at init does not load luxon
 * (issue 32 cold start).
 */
export function isIanaTimeZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone }).format();
    return true;
  } catch {
    return false;
  }
}

/**
 * Built on first use: constructing it loads ICU's region names (5–25 ms), and every handler imports this module at
 * init while a locale is checked only when one is set (issue 32 cold start: our share over the library floor).
 */
let regions: Intl.DisplayNames | undefined;
function regionName(region: string): string | undefined {
  regions ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  return regions.of(region);
}

/**
 * A BCP-47 locale the runtime has date conventions for ("en-AU", "en-US", "fr"). Syntax alone is not enough:
 * "US" parses as the language "us" and "english" as a language subtag, and both would silently read dates as the
 * default. Intl's supported locales refuse both; they accept any region of a known language ("en-XX" falls back to
 * "en"), so the region, when there is one, must be a real one too ("ZZ" is CLDR's "Unknown Region").
 */
export function isSupportedLocale(tag: string): boolean {
  try {
    if (Intl.DateTimeFormat.supportedLocalesOf(tag).length === 0) return false;
    const { region } = new Intl.Locale(tag);
    return region === undefined || (region !== 'ZZ' && regionName(region) !== undefined);
  } catch {
    return false;
  }
}

/** zod: an IANA timezone, the message naming what is wanted. */
export const VenueTimeZone = z.string().trim().refine(isIanaTimeZone, {
  message: 'must be an IANA timezone such as Australia/Sydney or America/Chicago',
});

/** zod: a BCP-47 locale with known date conventions, the message naming what is wanted. */
export const VenueLocale = z
  .string()
  .trim()
  .refine(isSupportedLocale, { message: 'must be a BCP-47 locale such as en-AU, en-US or fr-FR' });
