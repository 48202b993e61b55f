import { isSupportedLocale } from '../../dates/venue-settings-check.ts';

/** Country codes some booking APIs use that are not ISO 3166-1 ("UK" for the United Kingdom). */
const ISO_COUNTRY: Record<string, string> = { UK: 'GB' };

/**
 * Issue 27: a ROLLER-style venue read gives a country (ISO 3166-1 alpha-2) and no locale. The venue's locale is
 * then English in that country ("US" → en-US, "AU" → en-AU, "UK" → en-GB): ROLLER's markets write English, and
 * the region decides day/month order and week start. Undefined when the runtime has no such locale, so the
 * config's fallback applies rather than a made-up one.
 */
export function localeOfCountry(country: string): string | undefined {
  const upper = country.trim().toUpperCase();
  const region = ISO_COUNTRY[upper] ?? upper;
  if (!/^[A-Z]{2}$/.test(region)) return undefined;
  const tag = `en-${region}`;
  return isSupportedLocale(tag) ? tag : undefined;
}
