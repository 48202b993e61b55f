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
  ])('"%s" is not', (message) => {
    expect(isChangeOfMind(message)).toBe(false);
  });
});
