import { fc, test } from '@fast-check/vitest';
import { DateTime } from 'luxon';
import { describe, expect } from 'vitest';
import { localeConventions } from '../../lib/dates/locale-conventions.ts';
import { ordinal } from '../../lib/dates/normalize/number-words.ts';
import { resolveWhen } from '../../lib/dates/resolve-when.ts';
import type { WhenContext } from '../../lib/dates/when-outcome.ts';
import { whenQuestion } from '../../lib/dates/when-question.ts';

/** Venues in several zones; the instants include daylight-saving change days of each. */
const VENUES = [
  { timeZone: 'Australia/Sydney', locale: 'en-AU' },
  { timeZone: 'America/New_York', locale: 'en-US' },
  { timeZone: 'Europe/London', locale: 'en-GB' },
  { timeZone: 'Europe/Paris', locale: 'fr-FR' },
  { timeZone: 'Pacific/Auckland', locale: 'en-NZ' },
] as const;
const DST_CHANGES = [
  '2026-11-01T06:30:00Z', // New York falls back (01:30 EST)
  '2026-03-08T08:00:00Z', // New York springs forward
  '2026-10-03T16:30:00Z', // Sydney springs forward (03:30 AEDT on 4 Oct)
  '2026-04-04T16:30:00Z', // Sydney falls back
  '2026-03-29T01:30:00Z', // London and Paris spring forward
  '2026-10-25T01:30:00Z', // London and Paris fall back
  '2026-09-26T14:30:00Z', // Auckland springs forward
];

const venue = fc.constantFrom(...VENUES);
const instant = fc.oneof(
  fc.constantFrom(...DST_CHANGES.map((t) => new Date(t))),
  fc.date({
    min: new Date('2025-01-01T00:00:00Z'),
    max: new Date('2028-12-31T00:00:00Z'),
    noInvalidDate: true,
  }),
);
const context = fc.tuple(venue, instant).map(([v, now]): WhenContext => ({ ...v, now }));

const EN_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const FR_MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function todayOf(ctx: WhenContext): DateTime {
  return DateTime.fromJSDate(ctx.now, { zone: ctx.timeZone }).startOf('day');
}

/**
 * Ways to say the day `offset` days from today, each with the offsets it is meant for: a day and month without a
 * year only within ten months (later, last year's same day may just have passed), an ordinal day alone within a
 * week, relative forms within their range.
 */
function renderings(ctx: WhenContext, offset: number): string[] {
  const d = todayOf(ctx).plus({ days: offset });
  const month = EN_MONTHS[d.month - 1] ?? '';
  const weekday = WEEKDAYS[d.weekday - 1] ?? '';
  const { dayOrder, language } = localeConventions(ctx.locale);
  const numeric = dayOrder === 'dmy' ? `${d.day}/${d.month}` : `${d.month}/${d.day}`;
  const out = [
    `${d.day} ${month} ${d.year}`,
    `${month} ${ordinal(d.day)}, ${d.year}`,
    `${weekday} ${d.day} ${month.slice(0, 3)} ${d.year}`,
    d.toISODate() ?? '',
    `${numeric}/${d.year}`,
    `the ${ordinal(d.day)} of ${month} ${d.year}`,
  ];
  if (offset <= 300)
    out.push(
      `${d.day} ${month}`,
      `${month.slice(0, 3)} ${d.day}`,
      numeric,
      `${weekday} ${ordinal(d.day)} ${month}`,
    );
  if (offset >= 1 && offset <= 7)
    out.push(`the ${ordinal(d.day)}`, `${weekday} the ${ordinal(d.day)}`, weekday);
  if (offset >= 8 && offset <= 14) out.push(`${weekday} week`, `${weekday} after next`);
  if (offset === 0) out.push('today');
  if (offset === 1) out.push('tomorrow');
  if (offset === 2) out.push('the day after tomorrow');
  if (offset >= 1 && !(language === 'fr' && (offset === 8 || offset === 15))) out.push(`in ${offset} days`);
  if (offset % 7 === 0 && offset > 0) out.push(`in ${offset / 7} weeks`);
  if (language === 'fr') out.push(`le ${d.day} ${FR_MONTHS[d.month - 1]} ${d.year}`);
  return out;
}

describe('resolveWhen properties (issue 15)', () => {
  test.prop([context, fc.integer({ min: 0, max: 400 }), fc.nat()])(
    'gives back exactly the day for every rendering of a day within 400 days',
    (ctx, offset, pick) => {
      // Prepare
      const options = renderings(ctx, offset);
      const phrase = options[pick % options.length] ?? '';
      const expected = todayOf(ctx).plus({ days: offset }).toISODate();

      // Act
      const outcome = resolveWhen(phrase, ctx);

      // Assess
      expect(outcome, phrase).toMatchObject({ kind: 'value', value: { date: expected } });
      expect(outcome.kind === 'value' && Object.keys(outcome.value), phrase).toEqual(['date']);
    },
  );

  test.prop([context, fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 6 }), fc.nat()])(
    'asks whenever the weekday contradicts the day of the month',
    (ctx, offset, shift, pick) => {
      // Prepare
      const d = todayOf(ctx).plus({ days: offset });
      const wrong = WEEKDAYS[(d.weekday - 1 + shift) % 7] ?? '';
      const month = EN_MONTHS[d.month - 1] ?? '';
      const options = [
        `${wrong} ${d.day} ${month} ${d.year}`,
        `${wrong}, ${month} ${ordinal(d.day)} ${d.year}`,
      ];
      if (offset <= 7) options.push(`${wrong} the ${ordinal(d.day)}`);
      const phrase = options[pick % options.length] ?? '';

      // Act
      const outcome = resolveWhen(phrase, ctx);

      // Assess
      expect(outcome, phrase).toMatchObject({ kind: 'ambiguous', reason: 'weekday_mismatch' });
    },
  );

  test.prop([context, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })])(
    'reads a clock time written on the 24-hour clock, and on the 12-hour clock with am/pm',
    (ctx, hour, minute) => {
      // Prepare
      const hhmm = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
      const twelve = `${hour % 12 || 12}:${String(minute).padStart(2, '0')}${hour < 12 ? 'am' : 'pm'}`;

      // Act
      const written = [hhmm, hhmm.replace(':', ''), twelve].map((p) => resolveWhen(p, ctx));

      // Assess
      expect(written.slice(0, 2).map((o) => o.kind === 'value' && o.value)).toEqual([
        { time: hhmm },
        { time: hhmm },
      ]);
      // An explicit am before 06:00 is asked (a night time no venue books), offering pm too.
      expect(written[2]).toMatchObject(
        hour < 6 ? { kind: 'ambiguous', reason: 'night_hour' } : { kind: 'value', value: { time: hhmm } },
      );
    },
  );

  test.prop([context, fc.constantFrom(...WEEKDAYS), fc.constantFrom('next', 'this', '')])(
    'offers candidates the user can send back: each suggestion reads as exactly its candidate',
    (ctx, weekday, lead) => {
      // Prepare
      const outcome = resolveWhen(`${lead} ${weekday}`.trim(), ctx);
      if (outcome.kind !== 'ambiguous') return;
      const year = todayOf(ctx).year;

      // Act
      const { suggestions } = whenQuestion(outcome, 'date', year);

      // Assess
      expect(suggestions.map((s) => resolveWhen(s, ctx))).toEqual(
        outcome.candidates.map((c, i) =>
          expect.objectContaining({ kind: 'value', value: { date: c }, phrase: suggestions[i] }),
        ),
      );
    },
  );
});
