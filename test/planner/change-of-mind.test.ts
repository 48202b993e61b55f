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
  ])('"%s" is not', (message) => {
    expect(isChangeOfMind(message)).toBe(false);
  });
});
