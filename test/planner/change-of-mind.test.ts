import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isChangeOfMind } from '../../lib/planner/change-of-mind.ts';

describe('isChangeOfMind (seed 002: keyword detection, English and French)', () => {
  it.each([
    'cancel',
    'Cancel that',
    'never mind',
    'Nevermind, thanks',
    'forget it',
    'Forget about it',
    "let's start over",
    'annuler',
    'Annulez tout',
    'on recommence',
    'Recommencer',
    'non finalement je veux réserver autre chose',
    'laisse tomber',
    "forget it, I'll do it later",
    'Cancel that, please',
    'non, annule',
    'Oh, never mind',
  ])('"%s" is a change of mind', (message) => {
    expect(isChangeOfMind(message)).toBe(true);
  });

  it.each([
    'Cancel the Smith booking',
    'cancel BK-1044, they are sick',
    'Annuler la réservation de Jean',
    "Move John's party to Saturday",
    'Can you change the guest count?',
    "j'ai oublié de dire 5 personnes",
    // Ordinary instructions that contain a keyword: they go to the model, the session is kept.
    "Move BK-1042 to Saturday, and don't forget that it's 18 guests now",
    "Update the email, don't forget it's priya@x.com",
    "Don't forget it's 18 guests",
    "Cancel Sarah Lee's 3pm",
    'cancel the 7pm on Friday',
    'Never mind the time, move BK-1042 to Saturday',
    "n'annule pas, change juste l'heure",
    // A second verb joined by a conjunction shares the object: a request about a booking (issue 18).
    'Cancel and refund RZ-48241',
    'cancel and rebook T7K2QX for Sunday',
    'Annule et rembourse la réservation de Jean',
  ])('"%s" is not', (message) => {
    expect(isChangeOfMind(message)).toBe(false);
  });
});

describe('isChangeOfMind: "cancel <conjunction> <instruction>" never wipes the session', () => {
  it('holds for any conjunction and any instruction that names something', () => {
    const word = fc.stringMatching(/^[a-z]{3,9}$/).filter((w) => !FILLER_WORDS.has(w));
    fc.assert(
      fc.property(
        fc.constantFrom('cancel', 'Cancel', 'annule', 'Annulez'),
        fc.constantFrom('and', 'then', 'et', 'puis', 'but'),
        fc.array(word, { minLength: 1, maxLength: 4 }),
        fc.stringMatching(/^[A-Z]{2}-\d{4,5}$/),
        (verb, conjunction, words, reference) => {
          expect(isChangeOfMind(`${verb} ${conjunction} ${words.join(' ')} ${reference}`)).toBe(false);
        },
      ),
    );
  });
});

/** Words the detector treats as filler; an instruction made only of them would say nothing. */
const FILLER_WORDS = new Set(
  'that it this all everything please pls thanks thank you the my whole thing request plan change changes now just ok okay no nope nah oh well sorry actually so yes can could would i want to tout ca cela merci svp stp la le les ma mon demande non bon oui finalement en fait on je veux peux pouvez tu'.split(
    ' ',
  ),
);
