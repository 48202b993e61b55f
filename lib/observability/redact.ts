/**
 * Keys whose values are secrets: dropped wherever they appear (logs, spans, error bodies). "token" is a secret,
 * but token *counts* are not: `prompt_tokens`, `maxTokens`, `tokenUsage`, `token_count` stay (LLM usage).
 */
const SECRET_KEY =
  /(authorization|password|passwd|secret|api[-_]?key|card[-_]?number|cvv|cookie|credential|bearer)|token(?!s|[-_]?(usage|count|type))/i;
/**
 * Keys whose values are guest PII (000 Privacy/PII): email, phone and person names, alone or with a prefix
 * (`guest_email`, `new_phone`, `contactName`) or a suffix (`email_address`, `phone_number`).
 */
const PII_KEY =
  /^(?:[a-z]+[-_]?)?(?:e[-_]?mail(?:[-_]?address)?|phone(?:[-_]?number)?|mobile(?:[-_]?number)?|(?:guest|first|last|full|contact|customer)[-_]?name)$/i;

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;
/**
 * A phone-looking run of digits in any typed form ("0412 345 678", "0412.345.678", "(04) 1234 5678"; issue 30);
 * candidates are checked by looksLikePhone before masking.
 */
const PHONE = /(?<![\w-])\+?\(?\d[\d ().-]{6,}\d(?![\w-])/g;
const ISO_DATE = /\d{4}-\d{2}-\d{2}/;
/** "12.12.2026", "10.30-11.30": dates and time spans, not phones. */
const NOT_PHONE = /^(?:\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|\d{1,2}[.:]\d{2}\s*-\s*\d{1,2}[.:]\d{2})$/;
/** Credentials that can appear inside free text (an error message quoting a header, a JWT). */
const AUTH_SCHEME = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g;

/** True when values under this key are secrets (token, authorization, password…). */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** True when values under this key are guest PII (email, phone, guest/first/last name…). */
export function isPiiKey(key: string): boolean {
  return PII_KEY.test(key);
}

/** j***@example.com — keeps the domain so a person can still tell addresses apart. */
export function maskEmail(email: string): string {
  return email.replace(EMAIL, (_m, first: string, domain: string) => `${first}***@${domain}`);
}

/** ***78: keeps the last two digits only. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `***${digits.slice(-2)}`;
}

/** J*** S***: keeps initials, so "J*** S***'s booking" still reads. */
export function maskName(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => `${part[0]}***`)
    .join(' ');
}

/** 8 to 15 digits (E.164 allows 15) and not an ISO date with a time ("2026-12-12 15"). */
function looksLikePhone(candidate: string): boolean {
  const digits = candidate.replace(/\D/g, '').length;
  return digits >= 8 && digits <= 15 && !ISO_DATE.test(candidate) && !NOT_PHONE.test(candidate.trim());
}

/** Masks emails, phone numbers and credentials (Bearer/Basic values, JWTs) inside free text. */
export function maskFreeText(text: string): string {
  return text
    .replace(AUTH_SCHEME, (_m, scheme: string) => `${scheme} [redacted]`)
    .replace(JWT, '[redacted]')
    .replace(EMAIL, (_m, first: string, domain: string) => `${first}***@${domain}`)
    .replace(PHONE, (m) => (looksLikePhone(m) ? maskPhone(m) : m));
}

/** Masks one value by the PII key it sits under; a value that does not look like its kind is still masked. */
export function maskByKey(key: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const k = key.toLowerCase();
  if (/e[-_]?mail/.test(k)) {
    const masked = maskEmail(value);
    return masked !== value || value.includes('***') ? masked : maskName(value);
  }
  if (k.includes('phone') || k.includes('mobile')) return value.includes('***') ? value : maskPhone(value);
  return maskName(value);
}

/**
 * JSON replacer for logs: drops secrets, masks PII keys and PII-looking text.
 * Used by the Powertools logger's jsonReplacerFn and by span masking.
 */
export function redactReplacer(key: string, value: unknown): unknown {
  if (key !== '' && isSecretKey(key)) return undefined;
  if (key !== '' && isPiiKey(key)) return maskByKey(key, value);
  if (typeof value === 'string') return maskFreeText(value);
  return value;
}

/** Deep copy with redactReplacer applied. */
export function redact<T>(value: T): unknown {
  if (value === undefined) return undefined;
  return JSON.parse(JSON.stringify(value, redactReplacer));
}

/**
 * Masks a serialized value, as Langfuse hands span attributes over (usually JSON strings): JSON is parsed so PII
 * *keys* are honoured and secret keys dropped; anything else is treated as free text.
 */
export function redactSerialized(text: string): string {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[') || trimmed.startsWith('"')) {
    try {
      return JSON.stringify(redact(JSON.parse(text)));
    } catch {
      // Not JSON after all (e.g. "[redacted] text"): fall through to free-text masking.
    }
  }
  return maskFreeText(text);
}
