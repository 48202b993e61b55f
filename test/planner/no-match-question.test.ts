import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it } from 'vitest';
import { NO_MATCH_ASK, noMatchQuestion } from '../../lib/planner/no-match-question.ts';
import { expectKind, plannerHarness } from './support/planner-harness.ts';

/** A model that searches for `name`, finds nothing, and asks `question` (ask_clarification, missing=booking). */
function searchThenAsk(name: string, question: string) {
  return fakeModel()
    .respondWithTools([{ name: 'searchBookings', args: { search_text: name }, id: 'c1' }])
    .respondWithTools([{ name: 'ask_clarification', id: 'c2', args: { question, missing: 'booking' } }]);
}

/** Issue 33: code states "no matching booking found"; the model's text is kept only for what it adds. */
describe('createPlanner: the "no match" question says the fact once', () => {
  it('drops the model’s sentence that says again that nothing was found (the recorded "Pemberton" reply)', async () => {
    // Prepare
    const h = plannerHarness({
      model: searchThenAsk(
        'Pemberton',
        "I couldn't find a booking under the name Pemberton. Could you check the spelling or give me the booking reference?",
      ),
    });

    // Act
    const outcome = expectKind(await h.send('Move the Pemberton booking to Friday'), 'clarification');

    // Assess
    expect(outcome.question).toBe(
      'No matching booking found for "Pemberton". Could you check the spelling or give me the booking reference?',
    );
    expect(outcome.question.match(/find|found/gi)).toHaveLength(1);
  });

  it('keeps the question of a sentence that starts by restating the fact', async () => {
    // Prepare
    const h = plannerHarness({
      model: searchThenAsk('Pemberton', 'No bookings match Pemberton, did you mean Pemberley?'),
    });

    // Act
    const outcome = expectKind(await h.send('Move the Pemberton booking to Friday'), 'clarification');

    // Assess
    expect(outcome.question).toBe('No matching booking found for "Pemberton". Did you mean Pemberley?');
  });

  it('asks code’s own question when the model only restated the fact', async () => {
    // Prepare
    const h = plannerHarness({
      model: searchThenAsk('Pemberton', 'There is no booking for Pemberton.'),
    });

    // Act
    const outcome = expectKind(await h.send('Move the Pemberton booking to Friday'), 'clarification');

    // Assess
    expect(outcome.question).toBe(`No matching booking found for "Pemberton". ${NO_MATCH_ASK}`);
  });
});

describe('noMatchQuestion', () => {
  it.each([
    ["I can't find anything for Pemberton. Is it under another name?", 'Is it under another name?'],
    [
      'Nothing came up for "Pemberton" — could you give the booking reference?',
      'Could you give the booking reference?',
    ],
    ['I searched for Pemberton. Which date is the booking on?', 'Which date is the booking on?'],
    [`No matching booking found for "Pemberton". ${NO_MATCH_ASK}`, NO_MATCH_ASK],
    ['Could you check the name?', 'Could you check the name?'],
  ])('"%s" adds only "%s"', (model, added) => {
    // Act
    const question = noMatchQuestion('Pemberton', model);

    // Assess
    expect(question).toBe(`No matching booking found for "Pemberton". ${added}`);
  });
});
