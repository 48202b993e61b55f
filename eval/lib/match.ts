import type { ExpectedValue } from './case-schema.ts';

/** Case patterns are case-insensitive regular expressions (docs/eval.md). */
export function matches(pattern: string, text: string | undefined): boolean {
  return text !== undefined && new RegExp(pattern, 'i').test(text);
}

/**
 * An actual parameter value against an expected one: `{regex}` matches the value's text; a scalar is compared as
 * text, so a YAML `14` matches a plan's 14 or "14" and `"15:00"` matches "15:00".
 */
export function valueMatches(expected: ExpectedValue, actual: unknown): boolean {
  if (actual === undefined || actual === null) return false;
  const text = typeof actual === 'object' ? JSON.stringify(actual) : String(actual);
  if (typeof expected === 'object') return matches(expected.regex, text);
  return String(expected) === text;
}

/** A value for a failure message: short and unambiguous. */
export function show(value: unknown): string {
  if (value === undefined) return '(none)';
  const text = typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** Two lists of numbers equal as sets (rollback step lists are compared without regard to order). */
export function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}
