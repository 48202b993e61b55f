/**
 * Country calling codes of the regions the corpora's venues are in (ITU-T E.164 assignments). A region not
 * listed compares phones by their digits alone.
 */
const CALLING_CODES: Readonly<Record<string, string>> = {
  US: '1',
  CA: '1',
  AU: '61',
  NZ: '64',
  GB: '44',
  IE: '353',
  FR: '33',
};

/** The region of a BCP-47 locale (`en-US` → US), or undefined. */
export function regionOf(locale: string | undefined): string | undefined {
  if (!locale) return undefined;
  try {
    return new Intl.Locale(locale).maximize().region;
  } catch {
    return undefined;
  }
}

/**
 * A phone as E.164 digits (no `+`) in the venue's country, by a plain digits normalisation (libphonenumber-js
 * is not a dependency): `+1 312 555 0142`, `(312) 555-0142` and `312.555.0142` are the same US number;
 * `0412 345 678` and `+61 412 345 678` the same Australian one (the national trunk prefix 0 dropped).
 */
export function e164Digits(phone: string, region: string | undefined): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return digits;
  if (digits.startsWith('00')) return digits.slice(2);
  const code = region ? CALLING_CODES[region] : undefined;
  if (!code) return digits;
  if (code === '1') return digits.length === 11 && digits.startsWith('1') ? digits : `1${digits}`;
  return digits.startsWith('0')
    ? `${code}${digits.slice(1)}`
    : digits.startsWith(code)
      ? digits
      : `${code}${digits}`;
}

/** Whether two phones are the same number in the venue's country. */
export function samePhone(a: string | undefined, b: string | undefined, region: string | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return e164Digits(a, region) === e164Digits(b, region);
}
