import { DateTime } from 'luxon';
import { resolveDatePhrase } from './resolve-date-phrase.ts';
import { parseFirst, type Resolution, type VenueTime } from './venue-time.ts';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const BARE_TIME = /^(?:at\s+)?(\d{1,2})(?:[.:h](\d{2}))?\s*(am|pm)?$/i;
/** Parts of the day without a clock time map to the venue's typical slots (000 Planning Rules 3). */
const PARTS_OF_DAY: ReadonlyArray<[RegExp, string]> = [
  [/\b(noon|midday|lunch(time)?)\b/i, '12:00'],
  [/\bmorning\b/i, '10:00'],
  [/\bafternoon\b/i, '14:00'],
  [/\b(evening|tonight)\b/i, '18:00'],
  [/\bnight\b/i, '19:00'],
];

/**
 * Resolves a time phrase ("3pm", "15:30", "at 4", "evening") to HH:MM, venue-local (001: time).
 * A clock hour from 1 to 7 without am/pm is read as afternoon/evening ("at 4" → 16:00): venues book daytime.
 * A phrase may carry a date too ("Saturday 3pm"): only its time is used.
 */
export function resolveTimePhrase(phrase: string, at: VenueTime): Resolution {
  const text = phrase.trim();
  if (HH_MM.test(text)) return { ok: true, value: text };
  const bare = BARE_TIME.exec(text);
  if (bare) return fromParts(Number(bare[1]), Number(bare[2] ?? 0), bare[3]?.toLowerCase());
  const parsed = parseFirst(text, at);
  if (parsed?.start.isCertain('hour')) {
    const hour = parsed.start.get('hour') ?? 0;
    const minute = parsed.start.get('minute') ?? 0;
    const meridiem = parsed.start.isCertain('meridiem') ? (hour >= 12 ? 'pm' : 'am') : undefined;
    return fromParts(hour, minute, meridiem);
  }
  const part = PARTS_OF_DAY.find(([re]) => re.test(text));
  if (part) return { ok: true, value: part[1] };
  return { ok: false, reason: `could not read a time in "${text}"` };
}

/**
 * Resolves a phrase to a 001 datetime (ISO 8601, UTC): its date and time are read in the venue's timezone.
 * An ISO datetime passes through.
 */
export function resolveDateTimePhrase(phrase: string, at: VenueTime): Resolution {
  const text = phrase.trim();
  const iso = DateTime.fromISO(text, { setZone: true });
  if (iso.isValid && text.includes('T')) return { ok: true, value: toUtcIso(iso) };
  const date = resolveDatePhrase(text, at);
  if (!date.ok) return date;
  const time = resolveTimePhrase(text, at);
  if (!time.ok) return time;
  const local = DateTime.fromISO(`${date.value}T${time.value}`, { zone: at.timeZone });
  return { ok: true, value: toUtcIso(local) };
}

function fromParts(hour: number, minute: number, meridiem: string | undefined): Resolution {
  let h = hour;
  if (meridiem === 'pm' && h < 12) h += 12;
  if (meridiem === 'am' && h === 12) h = 0;
  if (meridiem === undefined && h >= 1 && h <= 7) h += 12;
  if (h > 23 || minute > 59) return { ok: false, reason: `${hour}:${minute} is not a time of day` };
  return { ok: true, value: `${String(h).padStart(2, '0')}:${String(minute).padStart(2, '0')}` };
}

function toUtcIso(dt: DateTime): string {
  return dt.toUTC().set({ millisecond: 0 }).toISO({ suppressMilliseconds: true }) ?? '';
}
