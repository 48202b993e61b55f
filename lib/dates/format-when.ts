import { DateTime } from 'luxon';
import { isIsoDate, isLocalTime, wireDateTime } from '../contracts/primitives.ts';
import type { Candidate } from './when-outcome.ts';

/**
 * "Thu 3 Dec" for a YYYY-MM-DD day, with the year when it is not `thisYear` ("Sat 2 Jan 2027"): how every date
 * is shown to the user (issue 15 Presentation). Anything that is not a real YYYY-MM-DD date is returned as is.
 */
export function formatDay(isoDate: string, thisYear?: number): string {
  if (!isIsoDate(isoDate)) return isoDate;
  const day = DateTime.fromISO(isoDate, { zone: 'utc' });
  return day.toFormat(thisYear === undefined || day.year === thisYear ? 'ccc d LLL' : 'ccc d LLL yyyy');
}

/** A candidate as the user reads it and can send it back: "Sat 28 Nov", "15:00", "Sat 28 Nov 09:00". */
export function formatCandidate(candidate: Candidate, thisYear?: number): string {
  const [date, time] = candidate.includes('T') ? candidate.split('T') : [candidate, undefined];
  if (isLocalTime(date)) return date;
  return [formatDay(date ?? '', thisYear), time].filter(Boolean).join(' ');
}

/** "a, b or c". */
export function orList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/**
 * The 001 wire datetime of a day and a time on the venue's clock ("2026-11-28" + "15:00" in Sydney:
 * "2026-11-28T04:00:00Z"). A date and a time are venue-local (001); a datetime is UTC, so every reader that joins
 * the two goes through here, the planner's gate and the executor's answer reader alike. Undefined when the clocks
 * change over that time, so it names no single moment: skipped when they go forward (luxon would silently move it
 * an hour on), or passed twice when they go back. Callers ask rather than pick one.
 */
export function venueDateTime(date: string, time: string, timeZone: string): string | undefined {
  const moments = DateTime.fromISO(`${date}T${time}`, { zone: timeZone }).getPossibleOffsets();
  const [moment] = moments;
  if (moments.length !== 1 || !moment || moment.toFormat("yyyy-MM-dd'T'HH:mm") !== `${date}T${time}`) {
    return undefined;
  }
  return wireDateTime(moment);
}
