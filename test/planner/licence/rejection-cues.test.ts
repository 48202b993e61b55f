import { describe, expect, it } from 'vitest';
import { fineSubjects, rejectsPending } from '../../../lib/planner/licence/rejection-cues.ts';

describe('rejection cues (issue 30)', () => {
  describe('rejectsPending', () => {
    it.each([
      ['nah, make it 9 people instead'],
      ['oh no, that is not what I meant — change the email'],
      ['not quite. the phone should be 0400 000 000'],
      ["that's wrong, she wanted the 14th"],
      ['keep the original date please and add a note'],
      ['leave it as it was, just update the surname'],
      ["don't touch the time, only the numbers"],
      ['no need to move them, the party is 20 now'],
      ['forget the reschedule, add 2 kids'],
      ['the start time is fine. just the email'],
    ])('reads "%s" as turning the pending plan down', (message) => {
      // Prepare / Act
      const refuses = rejectsPending(message);

      // Assess
      expect(refuses).toBe(true);
    });

    it.each([
      ['also make it 4pm'],
      ['actually make it half past two'],
      ['no worries, add a note that they are running late'],
      ['leave a note for the kitchen: nut allergy'],
      ['leave her a message saying the room changed'],
      ["that's fine, and the phone is 0400 000 000"],
      ['they are no longer coming on Friday, move them to Monday'],
      ['make BK-2001 twelve guests'],
    ])('reads "%s" as no refusal', (message) => {
      // Prepare / Act
      const refuses = rejectsPending(message);

      // Assess
      expect(refuses).toBe(false);
    });
  });

  describe('fineSubjects', () => {
    it('names what the message keeps as it is, possessives dropped, accepting subjects left out', () => {
      // Prepare
      const message = "that's fine. Priya's is fine, and the time is ok";

      // Act
      const subjects = fineSubjects(message);

      // Assess
      expect(subjects).toEqual([['priya'], ['the', 'time']]);
    });
  });
});
