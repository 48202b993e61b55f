import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { venueDateTime } from '../../lib/dates/format-when.ts';

/**
 * 001: a date and a time are venue-local, a datetime is UTC. The oracle here does not use luxon: it walks every
 * quarter hour of UTC around the day and asks Intl which of them the venue's clock shows as that day and time.
 */
function instantsShowing(date: string, time: string, timeZone: string): string[] {
  const shown = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const found: string[] = [];
  const start = Date.parse(`${date}T00:00:00Z`) - 36 * 3_600_000;
  for (let t = start; t <= start + 72 * 3_600_000; t += 15 * 60_000) {
    const parts = Object.fromEntries(shown.formatToParts(new Date(t)).map((p) => [p.type, p.value]));
    if (`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}` === `${date}T${time}`) {
      found.push(new Date(t).toISOString().replace('.000Z', 'Z'));
    }
  }
  return found;
}

/** Days the clocks change in these zones in 2026, and ordinary days beside them. */
const DAYS = [
  '2026-03-08',
  '2026-04-05',
  '2026-09-27',
  '2026-10-04',
  '2026-10-25',
  '2026-11-01',
  '2026-11-28',
];
const ZONES = [
  'Australia/Sydney',
  'America/New_York',
  'Europe/Paris',
  'Pacific/Auckland',
  'Asia/Kolkata',
  'UTC',
];

describe('venueDateTime', () => {
  it('is the one UTC instant the venue’s clock shows as that day and time, and nothing when there is not exactly one', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.constantFrom(...DAYS),
        fc.integer({ min: 0, max: 23 }),
        fc.constantFrom(0, 15, 30, 45),
        (timeZone, date, hour, minute) => {
          const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
          const instants = instantsShowing(date, time, timeZone);
          expect(venueDateTime(date, time, timeZone)).toBe(instants.length === 1 ? instants[0] : undefined);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('asks instead of moving a skipped time or picking one of a time passed twice (Sydney, 2026)', () => {
    // Clocks go forward at 02:00 on Sun 4 Oct: 02:30 never happens (luxon alone would give 03:30).
    expect(venueDateTime('2026-10-04', '02:30', 'Australia/Sydney')).toBeUndefined();
    // Clocks go back at 03:00 on Sun 5 Apr: 02:30 happens at +11:00 and again at +10:00.
    expect(venueDateTime('2026-04-05', '02:30', 'Australia/Sydney')).toBeUndefined();
    expect(venueDateTime('2026-11-28', '15:00', 'Australia/Sydney')).toBe('2026-11-28T04:00:00Z');
  });
});
