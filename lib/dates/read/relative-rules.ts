import type { DateTime } from 'luxon';
import { iso, type VenueCalendar, weekdayAfter } from '../venue-calendar.ts';
import type { PartOfDay } from '../when-outcome.ts';
import { ask, bad, COUNT, MONTH, on, type Part, type Rule } from './parts.ts';

type Unit = 'days' | 'weeks' | 'months';

function unitOf(word: string | undefined): { unit: Unit; per: number } {
  if (word?.startsWith('fortnight')) return { unit: 'weeks', per: 2 };
  if (word?.startsWith('week')) return { unit: 'weeks', per: 1 };
  if (word?.startsWith('month')) return { unit: 'months', per: 1 };
  return { unit: 'days', per: 1 };
}

function later(from: DateTime, count: number, word: string | undefined): DateTime {
  const { unit, per } = unitOf(word);
  return from.plus({ [unit]: count * per });
}

/**
 * "in 15 days" from a French venue may be a calque of "dans quinze jours" (two weeks), "in 8 days" of "dans huit
 * jours" (one week): asked. French itself ("dans quinze jours") was already read as a fortnight.
 */
const FRENCH_CALQUES: Record<number, number> = { 8: 7, 15: 14 };

/** "Saturday" said on Saturday is in a week; a weekend is two days, so it always asks, offering both. */
function weekendDays(cal: VenueCalendar, which: string | undefined): string[] {
  const saturday = cal.today.weekday === 6 ? cal.today : weekdayAfter(cal.today, 6);
  const first = [saturday, saturday.plus({ days: 1 })].filter((d) => d >= cal.today);
  const second = [saturday.plus({ weeks: 1 }), saturday.plus({ days: 8 })];
  return (which === 'next' ? [...first, ...second] : first).map(iso);
}

function todayAnd(cal: VenueCalendar, part: PartOfDay): Part[] {
  return [on(cal.today, true), { k: 'part', part }];
}

/** Days and times relative to now, and the words that name the past or a span of days (asked). */
export const RELATIVE_RULES: readonly Rule[] = [
  {
    name: 'past',
    pattern: `yesterday|(?:the )?day before yesterday|last (?:night|week|month|year)|${COUNT} (?:days?|weeks?|months?) ago`,
    read: () => ask('date', 'past'),
  },
  {
    name: 'day-after-tomorrow',
    pattern: '(?:the )?(?:day )?after tomorrow',
    read: (_, cal) => on(cal.today.plus({ days: 2 }), true),
  },
  {
    name: 'this-part-of-day',
    pattern: 'this (morning|afternoon|evening|night)',
    read: (m, cal) => todayAnd(cal, (m[1] ?? 'morning') as PartOfDay),
  },
  {
    name: 'part-of-day',
    pattern: '(?:in the |during the )?(morning|afternoon|evening|night)',
    read: (m) => ({ k: 'part', part: (m[1] ?? 'morning') as PartOfDay }),
  },
  {
    name: 'span-from-day',
    pattern: `${COUNT} (days?|weeks?|fortnights?) (?:from )?(today|tomorrow|now)`,
    read: (m, cal) => {
      const base = m[3] === 'tomorrow' ? cal.today.plus({ days: 1 }) : cal.today;
      return on(later(base, Number(m[1]), m[2]), true);
    },
  },
  {
    name: 'in-days',
    pattern: `in (?:${COUNT} )?(days?|weeks?|fortnights?|months?)(?: time)?|${COUNT} (days?|weeks?|fortnights?) from now`,
    read: (m, cal) => {
      const count = Number(m[1] ?? m[3] ?? 1);
      const unit = m[2] ?? m[4];
      const calque = FRENCH_CALQUES[count];
      if (calque && cal.conventions.language === 'fr' && unit?.startsWith('day')) {
        return ask(
          'date',
          'fortnight_calque',
          [calque, count].map((n) => iso(cal.today.plus({ days: n }))),
        );
      }
      return on(later(cal.today, count, unit), true);
    },
  },
  {
    // Elapsed time from now, in the venue's zone (a DST change in between is accounted for).
    name: 'in-hours',
    pattern: `in ${COUNT} (hours?|minutes?)(?: time)?|${COUNT} (hours?|minutes?) from now`,
    read: (m, cal) => {
      const count = Number(m[1] ?? m[3]);
      const unit = (m[2] ?? m[4])?.startsWith('hour') ? 'hours' : 'minutes';
      const at = cal.now.plus({ [unit]: count });
      return [on(at.startOf('day'), true), { k: 'clock', minutes: at.hour * 60 + at.minute, relative: true }];
    },
  },
  // "later today", "later on today": still today (a relay recording asked a needless question for it).
  { name: 'today', pattern: '(?:later (?:on )?)?today', read: (_, cal) => on(cal.today, true) },
  { name: 'tomorrow', pattern: 'tomorrow', read: (_, cal) => on(cal.today.plus({ days: 1 }), true) },
  { name: 'tonight', pattern: 'tonight', read: (_, cal) => todayAnd(cal, 'night') },
];

/** Words for several days at once (asked) and a month on its own; read after everything more specific. */
export const SPAN_RULES: readonly Rule[] = [
  {
    name: 'weekend',
    pattern: '(?:(this coming|this|next|coming|the) )?weekend',
    read: (m, cal) => ask('date', 'span', weekendDays(cal, m[1])),
  },
  {
    name: 'vague-span',
    pattern: `(?:the )?(?:end|beginning|start|middle) of (?:the )?(?:this |next )?(?:week|month|year|${MONTH.slice(1, -1)})|(?:early|mid|late) (?:next )?(?:week|month|${MONTH.slice(1, -1)})|(?:thanksgiving|easter|long|bank holiday) weekend|half term|(?:school )?holidays|sometime|soon|asap|(?:next|this) (?:week|month)`,
    read: () => bad('vague'),
  },
  {
    name: 'month-alone',
    pattern: `(?:in |during )?${MONTH}`,
    read: () => ({ ...bad('vague'), weak: true }),
  },
];
