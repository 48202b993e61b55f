import { DateTime } from 'luxon';
import * as z from 'zod';
import type { ParameterType } from './enums.ts';

/**
 * 001 Primitive Type Definitions, the one declaration of the date and time wire formats:
 * - date: ISO 8601 YYYY-MM-DD, a real calendar day;
 * - time: HH:MM 24-hour, local venue time;
 * - datetime: ISO 8601 in UTC. Every reader accepts an ISO 8601 instant in any offset (extended "+11:00" or
 *   basic "+1100", "T" and "Z" in either case, seconds and a fraction of them optional), and every writer sends
 *   the wire form: UTC, whole seconds, upper-case "Z" ("2024-03-15T14:30:00Z", 001's example).
 */

/** The 001 types whose values are a date, a time or both. */
export type WhenType = Extract<ParameterType, 'date' | 'time' | 'datetime'>;

/** True for the 001 types a reader takes as a date, a time or both. */
export function isWhenType(type: string): type is WhenType {
  return type === 'date' || type === 'time' || type === 'datetime';
}

/** 001: date is ISO 8601 YYYY-MM-DD (a real day: no 30 February). */
export const IsoDate = z.iso.date({ error: 'must be an ISO date YYYY-MM-DD' });
/** 001: datetime is ISO 8601, UTC (e.g. 2024-03-15T14:30:00Z). What is stored and validated; see wireDateTime. */
export const IsoDateTime = z.iso.datetime({
  error: 'must be an ISO 8601 UTC datetime, e.g. 2024-03-15T14:30:00Z',
});
/** 001: time is HH:MM 24-hour, local venue time. */
export const LOCAL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const LocalTime = z.string().regex(LOCAL_TIME, 'must be a 24-hour time HH:MM');
/** 001: parameter names are snake_case. */
export const SnakeCase = z.string().regex(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/, 'must be snake_case');
/** 001: plan_id is a UUID v4. */
export const UuidV4 = z.uuid({ version: 'v4', error: 'must be a UUID v4' });

/** An ISO 8601 instant as readers accept it (see the header); a fraction only after seconds, as ISO 8601 says. */
export const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** True when the value is a 001 date: YYYY-MM-DD and a real calendar day. */
export function isIsoDate(value: unknown): value is string {
  return IsoDate.safeParse(value).success;
}

/** True when the value is a 001 time: HH:MM, 24-hour. */
export function isLocalTime(value: unknown): value is string {
  return typeof value === 'string' && LOCAL_TIME.test(value);
}

/** The 001 wire form of an instant: ISO 8601 in UTC, whole seconds ("2026-11-28T04:00:00Z"). */
export function wireDateTime(instant: DateTime): string {
  return instant.toUTC().set({ millisecond: 0 }).toISO({ suppressMilliseconds: true }) ?? '';
}

/**
 * The wire form of an ISO 8601 instant in any accepted form ("2026-11-28T15:00+11:00", "2026-11-28t04:00:00.5z":
 * "2026-11-28T04:00:00Z"); undefined when the text is not one or names no real moment (30 February, hour 25).
 */
export function toWireDateTime(text: string): string | undefined {
  if (!ISO_INSTANT.test(text)) return undefined;
  const instant = DateTime.fromISO(text, { setZone: true });
  return instant.isValid ? wireDateTime(instant) : undefined;
}
