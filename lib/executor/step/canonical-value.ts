import type { ParameterType } from '../../contracts/enums.ts';

/**
 * Canonical forms of parameter values, per 001 primitive type. Two values with the same canonical form say the
 * same thing in different formats ("3pm" and "15:00"); this is how the executor tells a format fix (allowed after
 * confirmation) from a changed value (never allowed: 000 "Post-confirmation immutability").
 */
export type Canonical = string | number | boolean;

const TIME = /^(\d{1,2})(?:[:.h](\d{2}))?(?::\d{2})?\s*(am|pm|a\.m\.|p\.m\.)?$/i;
const DATE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function canonicalTime(text: string): string | undefined {
  const m = TIME.exec(text.trim());
  if (!m) return undefined;
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? '0');
  const meridiem = m[3]?.toLowerCase().replaceAll('.', '');
  if (meridiem === undefined && m[2] === undefined) return undefined; // a bare "3" is not a time
  if (meridiem === 'pm' && hour < 12) hour += 12;
  if (meridiem === 'am' && hour === 12) hour = 0;
  if (hour > 23 || minute > 59) return undefined;
  return `${pad(hour)}:${pad(minute)}`;
}

function canonicalDate(text: string): string | undefined {
  const m = DATE.exec(text.trim());
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The canonical form of a value, or undefined when the value can't be read as that type. */
export function canonicalValue(
  type: ParameterType,
  value: unknown,
  enumValues?: readonly string[],
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
  if (type === 'time') return canonicalTime(text);
  if (type === 'date') return canonicalDate(text);
  if (type === 'datetime') {
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
  }
  if (type === 'enum') {
    const wanted = text.trim().toLowerCase();
    return enumValues?.find((v) => v.toLowerCase() === wanted);
  }
  // string: whitespace and letter case are formatting, the characters are not.
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** True when both values read as the same thing for this type (or are identical). */
export function sameValue(
  type: ParameterType,
  a: unknown,
  b: unknown,
  enumValues?: readonly string[],
): boolean {
  if (JSON.stringify(a) === JSON.stringify(b)) return true;
  const ca = canonicalValue(type, a, enumValues);
  return ca !== undefined && ca === canonicalValue(type, b, enumValues);
}

/** The value in the wire format of its type when it can be read (e.g. "3pm" → "15:00"), else unchanged. */
export function normaliseValue(type: ParameterType, value: unknown, enumValues?: readonly string[]): unknown {
  if (type === 'string') return value;
  const canonical = canonicalValue(type, value, enumValues);
  return canonical === undefined ? value : canonical;
}
