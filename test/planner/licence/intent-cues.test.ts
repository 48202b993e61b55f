import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { compileCue, matchesCue, readWords } from '../../../lib/planner/licence/intent-cues.ts';

const matches = (text: string, cue: string) => matchesCue(readWords(text), compileCue(cue));

describe('intent cues: matchesCue', () => {
  it.each([
    ['Can you move BK-1042 to Saturday?', 'move'],
    ['We moved house, please MOVE it', 'move'],
    ['rescheduling the Smith party', 'reschedule'],
    ['Could you push it back an hour', 'push back'],
    ['bring the session forward please', 'bring forward'],
    ['push the date back', 'push back'],
    ['Please call the party off', 'call off'],
    ['change the date for Lee', 'change date'],
    ['3 guests dropped out', 'drop out'],
    ['Please call it off.', 'call off'],
    ["The Tans won't be coming", "won't be coming"],
    ['The Tans WONT be coming!', "won't be coming"],
    ['Cancelled plans: cancelling Smith', 'cancel'],
    ['update her e-mail', 'e-mail'],
    ['their phone numbers changed', 'number'],
    ['the families need 2 more kids', 'kid'],
  ])('"%s" holds the cue "%s"', (text, cue) => {
    // Act
    const found = matches(text, cue);
    // Assess
    expect(found).toBe(true);
  });

  it.each([
    ['Add a note to the Smith booking', 'not'],
    ['the Smith booking for Friday', '=book'],
    ["don't cancel it, just move it", 'cancel'],
    ['do not want to cancel', 'cancel'],
    ['move it and note the allergy', 'noted'],
    ['a new time for the booking', 'new booking'],
    ['push the date and time way back', 'push back'],
  ])('"%s" does not hold the cue "%s"', (text, cue) => {
    // Act
    const found = matches(text, cue);
    // Assess
    expect(found).toBe(false);
  });

  it.each([
    ["that's not right, cancel it", 'cancel'],
    ['hmm no, not that. cancel the booking', 'cancel'],
    ['not the email - cancel it', 'cancel'],
  ])('a negation ends with its clause: "%s" holds the cue "%s"', (text, cue) => {
    // Act
    const found = matches(text, cue);
    // Assess
    expect(found).toBe(true);
  });

  test.prop([
    fc.constantFrom('cancel', 'move', 'reschedule', 'call off', 'payment link', 'guest', 'note'),
    fc.constantFrom('', 's', 'ed', 'ing'),
    fc.constantFrom('', '.', '!', ',', '?'),
    fc.boolean(),
  ])('is blind to case, trailing punctuation and regular inflection', (cue, suffix, punct, upper) => {
    // Prepare
    const words = cue.split(' ');
    const inflected = [...words.slice(0, 1).map((w) => inflect(w, suffix)), ...words.slice(1)].join(' ');
    const text = `please ${upper ? inflected.toUpperCase() : inflected}${punct} thanks`;
    // Act
    const found = matches(text, cue);
    // Assess
    expect(found).toBe(true);
  });

  test.prop([fc.string({ maxLength: 60 }), fc.constantFrom('cancel', 'call off', 'confirmation', 'pay')])(
    'never matches words the text does not hold',
    (text, cue) => {
      // Prepare
      const first = cue.split(' ')[0] as string;
      fc.pre(!text.toLowerCase().includes(first.slice(0, 3)));
      // Act
      const found = matches(text, cue);
      // Assess
      expect(found).toBe(false);
    },
  );
});

function inflect(word: string, suffix: string): string {
  if (suffix === '') return word;
  if (word.endsWith('e') && (suffix === 'ed' || suffix === 'ing')) return `${word.slice(0, -1)}${suffix}`;
  if (word === 'cancel' && suffix !== 's') return `cancell${suffix}`;
  return `${word}${suffix}`;
}
