import { describe, expect, it } from 'vitest';
import { resolveWhen } from '../../lib/dates/resolve-when.ts';
import type { WhenOutcome } from '../../lib/dates/when-outcome.ts';
import { missingWhenQuestion, sessionQuestion, whenQuestion } from '../../lib/dates/when-question.ts';
import { aVenueAt, SYDNEY_MONDAY } from '../support/venue-clocks.ts';

type Asked = Exclude<WhenOutcome, { kind: 'value' }>;

function asked(phrase: string, ctx = SYDNEY_MONDAY): Asked {
  const outcome = resolveWhen(phrase, ctx);
  if (outcome.kind === 'value') throw new Error(`"${phrase}" resolved`);
  return outcome;
}

/** Issue 15: one fixed question per outcome, naming the user's words and the candidates; no internal text. */
describe('whenQuestion', () => {
  it.each([
    ['next Saturday', 'date', '“next Saturday” could mean Sat 28 Nov or Sat 5 Dec. Which one do you mean?'],
    [
      'Monday the 4th',
      'date',
      'In “Monday the 4th” the weekday and the day of the month disagree. Did you mean Fri 4 Dec or Mon 7 Dec?',
    ],
    ['at 9', 'time', '“at 9” could mean 09:00 or 21:00. Which one do you mean?'],
    [
      'Saturday at 9',
      'date and time',
      '“Saturday at 9” could mean Sat 28 Nov 09:00 or Sat 28 Nov 21:00. Which one do you mean?',
    ],
    [
      '10 November',
      'date',
      '“10 November” has already passed this year. Did you mean Wed 10 Nov 2027, or another date?',
    ],
    ['yesterday', 'date', '“yesterday” is in the past. Which date do you mean?'],
    [
      'this weekend',
      'date',
      '“this weekend” covers more than one day: Sat 28 Nov or Sun 29 Nov. Which one do you mean?',
    ],
    ['31 November', 'date', '“31 November” is not a date in the calendar. Which date do you mean?'],
    ['25:00', 'time', '“25:00” is not a time of day. Which time do you mean?'],
    [
      'whenever',
      'date',
      'I couldn’t read “whenever” as a date or time. Which date do you mean?'.replace('’', "'"),
    ],
  ] as const)('asks about "%s"', (phrase, needed, question) => {
    expect(whenQuestion(asked(phrase), needed, 2026).question).toBe(question);
  });

  it('asks for the time when the words in a date parameter hold no time of day ("13pm, same day")', () => {
    // Act
    const question = whenQuestion(asked('13pm'), 'date', 2026);
    // Assess
    expect(question).toMatchObject({
      question: '“13pm” is not a time of day. Which time do you mean?',
      unclear: 'time',
    });
  });

  it('offers the candidates as replies the resolver reads back to them', () => {
    // Prepare
    const outcome = asked('next Saturday');

    // Act
    const { suggestions, unclear } = whenQuestion(outcome, 'date', 2026);

    // Assess
    expect(unclear).toBe('date');
    expect(suggestions).toEqual(['Sat 28 Nov', 'Sat 5 Dec']);
    expect(suggestions.map((s) => resolveWhen(s, SYDNEY_MONDAY))).toMatchObject([
      { kind: 'value', value: { date: '2026-11-28' } },
      { kind: 'value', value: { date: '2026-12-05' } },
    ]);
  });

  it('shows the year of a candidate in another year', () => {
    const atYearEnd = aVenueAt('2026-12-30T14:00', 'Europe/London', 'en-GB');
    expect(whenQuestion(asked('next Friday', atYearEnd), 'date', 2026).suggestions).toEqual([
      'Fri 1 Jan 2027',
      'Fri 8 Jan 2027',
    ]);
  });
});

describe('missingWhenQuestion and sessionQuestion', () => {
  it('asks for the missing part, and offers the sessions of a part of the day', () => {
    expect(missingWhenQuestion('3pm', 'date').question).toBe(
      "“3pm” doesn't say which date. Which date do you mean?",
    );
    expect(
      sessionQuestion(
        'Sunday morning',
        'morning',
        'Sun 29 Nov',
        ['10:00', '11:00'],
        ['10:00', '11:00', '13:00'],
      ),
    ).toEqual({
      question:
        '“Sunday morning”: there are several morning sessions on Sun 29 Nov: 10:00 or 11:00. Which one do you mean?',
      suggestions: ['10:00', '11:00'],
      unclear: 'time',
    });
    expect(sessionQuestion('tonight', 'night', 'Mon 23 Nov', [], ['10:00', '15:00']).question).toBe(
      'There is no night session on Mon 23 Nov. Sessions that day: 10:00 or 15:00. Which one do you mean?',
    );
  });
});
