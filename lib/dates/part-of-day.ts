import type { PartOfDay } from './when-outcome.ts';

/**
 * Where each part of the day lies, in minutes since midnight, [from, to): a clock time said with a part of the day
 * must fall inside it ("2 in the afternoon" is 14:00), and "Sunday morning" means the product's sessions inside it.
 * Evening and night overlap: at a venue, "tonight" is its evening sessions.
 */
export const PART_RANGES: Readonly<Record<PartOfDay, readonly [number, number]>> = {
  morning: [5 * 60, 12 * 60],
  afternoon: [12 * 60, 18 * 60],
  evening: [17 * 60, 24 * 60],
  night: [18 * 60, 24 * 60],
};

export function inPartOfDay(minutes: number, part: PartOfDay): boolean {
  const [from, to] = PART_RANGES[part];
  return minutes >= from && minutes < to;
}

/** The session start times ("HH:MM") that fall in a part of the day. */
export function sessionsInPart(startTimes: readonly string[], part: PartOfDay): string[] {
  return startTimes.filter((t) => {
    const m = /^(\d{2}):(\d{2})/.exec(t);
    return m !== null && inPartOfDay(Number(m[1]) * 60 + Number(m[2]), part);
  });
}
