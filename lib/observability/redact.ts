/** Keys whose values are secrets: dropped wherever they appear (logs, spans, error bodies). */
const SECRET_KEY = /(token|authorization|password|secret|api[-_]?key|card[-_]?number|cvv|cookie)/i;
/** Keys whose values are guest PII (000 Privacy/PII). */
const PII_KEY = /^(email|phone|guest_?name|guestName|first_?name|last_?name)$/i;

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;
const PHONE = /(?<![\w-])\+?\d[\d ()-]{6,}\d(?![\w-])/g;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

export function isPiiKey(key: string): boolean {
  return PII_KEY.test(key);
}

/** j***@example.com — keeps the domain so a person can still tell addresses apart. */
export function maskEmail(email: string): string {
  return email.replace(EMAIL, (_m, first: string, domain: string) => `${first}***@${domain}`);
}

/** +61 4** *** *78 style: keeps the last two digits. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `***${digits.slice(-2)}`;
}

export function maskName(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => `${part[0]}***`)
    .join(' ');
}

/** Masks emails and phone numbers inside free text. */
export function maskFreeText(text: string): string {
  return text
    .replace(EMAIL, (_m, first: string, domain: string) => `${first}***@${domain}`)
    .replace(PHONE, maskPhone);
}

/** Masks one value by the key it sits under. */
export function maskByKey(key: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const k = key.toLowerCase();
  if (k.includes('email')) return maskEmail(value);
  if (k.includes('phone')) return maskPhone(value);
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
