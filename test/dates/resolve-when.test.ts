import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { resolveWhen } from '../../lib/dates/resolve-when.ts';
import type { WhenContext, WhenOutcome } from '../../lib/dates/when-outcome.ts';
import { aVenueAt, NEW_YORK_DST_END, PARIS_MONDAY, SYDNEY_MONDAY } from '../support/venue-clocks.ts';

function shown(outcome: WhenOutcome) {
  return outcome.kind === 'value' ? outcome.value : outcome.kind;
}

function read(phrase: string, ctx: WhenContext = SYDNEY_MONDAY) {
  return shown(resolveWhen(phrase, ctx));
}

/** Issue 15 rules, one family at a time (docs/planner.md "Dates and times"). Now: Monday 23 Nov 2026, Sydney. */
describe('resolveWhen', () => {
  describe('weekdays', () => {
    it.each([
      ['Friday', '2026-11-27'],
      ['fri', '2026-11-27'],
      ['Fridya', '2026-11-27'],
      ['this Friday', '2026-11-27'],
      ['Monday', '2026-11-30'],
      ['next Monday', '2026-11-30'],
      ['Friday week', '2026-12-04'],
      ['Friday fortnight', '2026-12-11'],
      ['the Friday after next', '2026-12-04'],
      ['3 weeks on Friday', '2026-12-18'],
      ['Wednesday next week', '2026-12-02'],
    ])('reads "%s" as %s', (phrase, date) => {
      expect(read(phrase)).toEqual({ date });
    });

    it('asks about "next Friday" while Friday is still ahead this week, offering both readings', () => {
      expect(resolveWhen('next Friday', SYDNEY_MONDAY)).toEqual({
        kind: 'ambiguous',
        phrase: 'next Friday',
        reason: 'next_weekday',
        candidates: ['2026-11-27', '2026-12-04'],
        about: 'date',
      });
    });

    it('says what an ambiguous phrase does settle: the time of "next Friday at 2pm", the day of "Friday at 9"', () => {
      expect(resolveWhen('next Friday at 2pm', SYDNEY_MONDAY)).toMatchObject({
        about: 'date',
        settled: { time: '14:00' },
      });
      expect(resolveWhen('Friday at 9', SYDNEY_MONDAY)).toMatchObject({
        about: 'time',
        settled: { date: '2026-11-27' },
      });
    });

    it('reads "next Monday" said on a Wednesday as the only Monday both readings give', () => {
      expect(read('next Monday', aVenueAt('2026-11-25T10:00'))).toEqual({ date: '2026-11-30' });
    });

    it('asks about "this Monday" said on a Monday, and "last Friday" (past)', () => {
      expect(resolveWhen('this Monday', SYDNEY_MONDAY)).toMatchObject({
        kind: 'ambiguous',
        reason: 'this_weekday_today',
      });
      expect(resolveWhen('last Friday', SYDNEY_MONDAY)).toMatchObject({ kind: 'ambiguous', reason: 'past' });
    });

    it('asks about "Tuesday next week" on a Sunday in a Sunday-start locale, not in a Monday-start one', () => {
      expect(resolveWhen('Tuesday next week', NEW_YORK_DST_END)).toMatchObject({ reason: 'week_start' });
      expect(read('Tuesday next week', aVenueAt('2026-11-29T10:00'))).toEqual({ date: '2026-12-01' });
    });
  });

  describe('today', () => {
    it('reads "later today" and "later on today" as today, with a time when one follows', () => {
      // Act
      const later = resolveWhen('later today', SYDNEY_MONDAY);
      const withTime = resolveWhen('later on today at half four', SYDNEY_MONDAY);
      const today = resolveWhen('today', SYDNEY_MONDAY);

      // Assess
      expect(later).toMatchObject({
        kind: 'value',
        value: { date: (today as { value: { date: string } }).value.date },
      });
      expect(withTime).toMatchObject({ kind: 'value', value: { time: '16:30' } });
    });
  });

  describe('days of the month and calendar dates', () => {
    it.each([
      ['the 3rd', '2026-12-03'],
      ['the 28th', '2026-11-28'],
      ['the 31st', '2026-12-31'],
      ['3rd of next month', '2026-12-03'],
      ['5 December', '2026-12-05'],
      ['December 5th', '2026-12-05'],
      ['the fifth of December', '2026-12-05'],
      ['5/12', '2026-12-05'],
      ['the 20th', '2026-12-20'],
      ['5/12/27', '2027-12-05'],
      ['2026-12-05', '2026-12-05'],
      ['1 March', '2027-03-01'],
      ['the second Saturday of December', '2026-12-12'],
      ['last Sunday of the month', '2026-11-29'],
      ['Saturday 5 December', '2026-12-05'],
      ['Boxing Day', '2026-12-26'],
      ['the day before Christmas', '2026-12-24'],
    ])('reads "%s" as %s', (phrase, date) => {
      expect(read(phrase)).toEqual({ date });
    });

    it('reads numeric dates month first in en-US', () => {
      expect(read('12/5', NEW_YORK_DST_END)).toEqual({ date: '2026-12-05' });
    });

    it.each([
      ['12/25', 'other_order'],
      ['the 23rd', 'today_or_later'],
      ['10 November', 'recently_past'],
      ['4 January 2026', 'past_year'],
      ['Friday 5th', 'weekday_mismatch'],
      ['2026 December 5', 'year_or_time'],
      ['Friday 5 December', 'weekday_mismatch'],
      ['this weekend', 'span'],
      ['Easter', 'named_day'],
      ['yesterday', 'past'],
    ])('asks about "%s" (%s)', (phrase, reason) => {
      expect(resolveWhen(phrase, SYDNEY_MONDAY)).toMatchObject({ kind: 'ambiguous', reason });
    });

    it.each([
      ['31 November', 'not_a_date'],
      ['13/13', 'not_a_date'],
      ['end of the month', 'vague'],
      ['Thanksgiving', 'not_observed'],
      ['whenever suits', 'unknown_words'],
    ])('cannot read "%s" (%s)', (phrase, reason) => {
      expect(resolveWhen(phrase, SYDNEY_MONDAY)).toEqual({ kind: 'unreadable', phrase, reason });
    });
  });

  describe('times', () => {
    it.each([
      ['3pm', '15:00'],
      ['3.30pm', '15:30'],
      ['15:30', '15:30'],
      ['1530', '15:30'],
      ['at 4', '16:00'],
      ['at 11', '11:00'],
      ['4 oclock', '16:00'],
      ['half past two', '14:30'],
      ['half two', '14:30'],
      ['quarter to four', '15:45'],
      ['ten past 5', '17:10'],
      ['three thirty', '15:30'],
      ['around 3ish', '15:00'],
      ['noon', '12:00'],
      ['half past 10 in the morning', '10:30'],
      ['8 in the evening', '20:00'],
    ])('reads "%s" as %s', (phrase, time) => {
      expect(read(phrase)).toEqual({ time });
    });

    it.each([
      ['at 9', 'am_or_pm', ['09:00', '21:00']],
      ['2am', 'night_hour', ['02:00', '14:00']],
      ['3.12', 'day_or_hour', []],
      ['9 in the afternoon', 'time_outside_part', ['09:00', '21:00']],
    ])('asks about "%s" (%s)', (phrase, reason, candidates) => {
      expect(resolveWhen(phrase, SYDNEY_MONDAY)).toMatchObject({ kind: 'ambiguous', reason, candidates });
    });

    it('keeps a part of the day as such when no clock time is said', () => {
      expect(read('Saturday afternoon')).toEqual({ date: '2026-11-28', part_of_day: 'afternoon' });
      expect(read('tonight')).toEqual({ date: '2026-11-23', part_of_day: 'night' });
    });

    it('asks about a time today that has passed, and midnight said with a day', () => {
      expect(resolveWhen('today at 9:30am', SYDNEY_MONDAY)).toMatchObject({
        kind: 'ambiguous',
        reason: 'past',
      });
      expect(resolveWhen('Friday midnight', SYDNEY_MONDAY)).toMatchObject({
        reason: 'midnight_edge',
        candidates: ['2026-11-27T00:00', '2026-11-28T00:00'],
      });
    });

    it('counts elapsed time across a daylight-saving change for "in N hours"', () => {
      const beforeChange = aVenueAt('2026-11-01T00:30', 'America/New_York', 'en-US');
      expect(read('in 3 hours', beforeChange)).toEqual({ date: '2026-11-01', time: '02:30' });
    });
  });

  describe('issue 30: as operators type them', () => {
    it.each([
      ['a quarter past 11', { time: '11:15' }],
      ['next month on the 3rd', { date: '2026-12-03' }],
      ['the 3rd next month', { date: '2026-12-03' }],
      ['the 22nd', { date: '2026-12-22' }],
    ])('reads "%s"', (phrase, value) => {
      expect(read(phrase)).toEqual(value);
    });

    it('asks about a numeric date that is a date only in the other order, offering that reading', () => {
      expect(resolveWhen('13/5', NEW_YORK_DST_END)).toMatchObject({
        kind: 'ambiguous',
        reason: 'other_order',
        candidates: ['2027-05-13'],
      });
      expect(resolveWhen('1/13', aVenueAt('2026-11-23T10:00', 'Europe/London', 'en-GB'))).toMatchObject({
        kind: 'ambiguous',
        reason: 'other_order',
        candidates: ['2027-01-13'],
      });
    });

    it.each(['13pm', '15pm', '0am', '23pm'])('"%s" is not a time of day (never 13:00)', (phrase) => {
      expect(resolveWhen(phrase, SYDNEY_MONDAY)).toMatchObject({ kind: 'unreadable', reason: 'not_a_time' });
    });

    test.prop([fc.integer({ min: 13, max: 31 }), fc.integer({ min: 1, max: 12 })])(
      'a number above 12 in the month position is never read silently in the other order',
      (day, month) => {
        const us = resolveWhen(`${day}/${month}`, NEW_YORK_DST_END);
        const gb = resolveWhen(`${month}/${day}`, aVenueAt('2026-11-23T10:00', 'Europe/London', 'en-GB'));
        expect(us.kind).not.toBe('value');
        expect(gb.kind).not.toBe('value');
      },
    );
  });

  describe('relative to the booking', () => {
    const booking = aVenueAt('2026-11-23T10:00', 'Australia/Sydney', 'en-AU', {
      date: '2026-12-04',
      time: '18:00',
    });

    it.each([
      ['same day at 11am', { date: '2026-12-04', time: '11:00' }],
      ['an hour later', { time: '19:00' }],
      ['7 hours later', { date: '2026-12-05', time: '01:00' }],
      ['the day after', { date: '2026-12-05' }],
      ['the Monday before', { date: '2026-11-30' }],
      ['same time next week', { date: '2026-12-11', time: '18:00' }],
      ['push it back an hour', { time: '19:00' }],
      ['push them back two weeks, same time', { date: '2026-12-18', time: '18:00' }],
      ['a week earlier', { date: '2026-11-27' }],
      ['bump the party back 2 days', { date: '2026-12-06' }],
      ['bring it forward 2 hours', { time: '16:00' }],
      // Issue 33: "keep the date" was unreadable, so a lookup could not be told the booking's day in the user's words.
      ['keep the date', { date: '2026-12-04' }],
      ['same date at 4pm', { date: '2026-12-04', time: '16:00' }],
      ['keep the same day', { date: '2026-12-04' }],
      ['keep the time', { time: '18:00' }],
      ['the following week, same time', { date: '2026-12-11', time: '18:00' }],
      ['the previous week', { date: '2026-11-27' }],
    ])('reads "%s"', (phrase, value) => {
      expect(read(phrase, booking)).toEqual(value);
    });

    it('asks which way "move it back an hour" goes, and cannot read it without a booking', () => {
      expect(resolveWhen('move it back an hour', booking)).toMatchObject({
        reason: 'direction',
        candidates: ['17:00', '19:00'],
      });
      expect(resolveWhen('an hour later', SYDNEY_MONDAY)).toMatchObject({
        kind: 'unreadable',
        reason: 'needs_booking',
      });
    });
  });

  describe('French', () => {
    it.each([
      ['demain à 15h30', { date: '2026-11-24', time: '15:30' }],
      ['jeudi 26 novembre', { date: '2026-11-26' }],
      ['samedi en huit', { date: '2026-12-05' }],
      ['dans quinze jours', { date: '2026-12-07' }],
      ['à 17 heures', { time: '17:00' }],
      ['quatre heures et quart', { time: '16:15' }],
      ['vendredi soir', { date: '2026-11-27', part_of_day: 'evening' }],
      ['le 1er décembre', { date: '2026-12-01' }],
    ])('reads "%s"', (phrase, value) => {
      expect(read(phrase, PARIS_MONDAY)).toEqual(value);
    });

    it('asks about "vendredi prochain" and "à 8h" (written 24-hour clock, before opening)', () => {
      expect(resolveWhen('vendredi prochain', PARIS_MONDAY)).toMatchObject({ reason: 'next_weekday' });
      expect(resolveWhen('à 8h', PARIS_MONDAY)).toMatchObject({ reason: 'am_or_pm' });
    });
  });

  describe('chrono-node as a checked second reader', () => {
    it.each([
      ['5-Dec-2026', '2026-12-05'],
      ['2026.12.05', '2026-12-05'],
    ])('accepts "%s" when every number and name agrees with its reading', (phrase, date) => {
      expect(read(phrase)).toEqual({ date });
    });

    it.each([['3:30pm EST'], ['5-Dec-2026 next week'], ['20261205']])('does not accept "%s"', (phrase) => {
      expect(resolveWhen(phrase, SYDNEY_MONDAY).kind).toBe('unreadable');
    });
  });
});
