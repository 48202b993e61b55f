import { describe, expect, it } from 'vitest';
import { findWhenPhrases } from '../../lib/dates/find-when-phrases.ts';

const texts = (message: string) => findWhenPhrases(message).map((f) => f.text);

describe('findWhenPhrases', () => {
  it.each([
    ['Move BK-1042 to the 3rd at 2 in the afternoon', ['the 3rd at 2 in the afternoon']],
    ['Reschedule BK-2031 to tomorrow at 15:30 please', ['tomorrow at 15:30']],
    ["Move John Smith's booking to Saturday at 3pm and make it 12 guests", ['Saturday at 3pm']],
    ['Move BK-2001 from Friday to Sunday at 10am', ['Friday', 'Sunday at 10am']],
    ['Move it to 3pm or 4pm', ['3pm or 4pm']],
    ['Déplacer la réservation à samedi 15h30', ['samedi 15h30']],
    ['Move it to the thirty-fifth', ['the thirty-fifth']],
  ])('finds the date and time words of "%s", as written', (message, expected) => {
    expect(texts(message)).toEqual(expected);
  });

  it.each([
    ['Change Aisha Khan’s booking to 14 guests'],
    ['The phone number for BK-1052 is now 0412 345 678'],
    ['Update the email to may.day@example.com'],
    ['May I change the booking for Sundar?'],
    ['the one on the left'],
  ])(
    'finds nothing in "%s" (counts, references, phone numbers, emails and names are not dates)',
    (message) => {
      expect(texts(message)).toEqual([]);
    },
  );

  it('says what each phrase speaks of and which word introduces it', () => {
    expect(findWhenPhrases('Move BK-2001 from Friday to 4pm')).toEqual([
      { text: 'Friday', start: 18, end: 24, hasDate: true, hasTime: false, before: 'from' },
      { text: '4pm', start: 28, end: 31, hasDate: false, hasTime: true, before: 'to' },
    ]);
  });

  it('takes a lone number as a time only next to a part of the day', () => {
    expect(texts('the one on Friday')).toEqual(['Friday']);
    expect(texts('move it to 2 in the afternoon')).toEqual(['2 in the afternoon']);
  });
});
