import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isChangeOfMind } from '../../../lib/planner/change-of-mind.ts';
import { isRetryRequest, retryKindOf } from '../../../lib/planner/retry/retry-request.ts';

/** Retry phrases as users write them (issue 16), each meaning only "run the failed request again". */
const CORES = [
  'retry',
  're-try',
  'try again',
  'try that again',
  'try it again',
  'try once more',
  'go again',
  'do it again',
  'run it again',
  'redo it',
  'have another go',
  'give it another try',
  'one more try',
  'another attempt',
  'once more',
  'again',
  'réessaie',
  'essaie encore',
];
const BEFORE = ['', 'please', 'can you', 'could you', 'ok', 'yes', 'just', 'ok so', 'can we'];
const AFTER = ['', 'please', 'thanks', 'now', 'for me', 'at it', 'then', 'svp'];
const PUNCT = ['', '.', '!', '?', ' 🙏', '...'];

describe('retryKindOf (issue 16: "retry" / "try again")', () => {
  it.each([
    'retry',
    'Try again',
    'can you try that again?',
    'go again',
    'have another go',
    'please retry it',
    'Could you have another go at it, please?',
    'Réessaie stp',
    'ok, try again now',
  ])('"%s" is a bare retry', (message) => {
    expect(retryKindOf(message)).toBe('retry');
  });

  it.each([
    'try again but for 8',
    'try again tomorrow',
    'retry with BK-1045',
    'try again at 4pm instead',
    'have another go, make it 12 guests',
  ])('"%s" is a retry with an amendment: a planning turn for the model', (message) => {
    expect(retryKindOf(message)).toBe('amended');
  });

  it.each([
    "don't try again",
    'no need to retry',
    'never retry that',
    'Move BK-1042 to Saturday',
    'go ahead',
    'resend the confirmation',
    'send it again',
    'resend it',
    'try the 3pm one',
  ])('"%s" is not a bare retry: the model reads it as usual', (message) => {
    expect(isRetryRequest(message)).toBe(false);
  });

  it('reads any retry phrase with filler around it, in any case and punctuation, as a bare retry', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CORES),
        fc.constantFrom(...BEFORE),
        fc.constantFrom(...AFTER),
        fc.constantFrom(...PUNCT),
        fc.boolean(),
        (core, before, after, punct, upper) => {
          const text = [before, core, after].filter(Boolean).join(' ') + punct;
          expect(isRetryRequest(upper ? text.toUpperCase() : text)).toBe(true);
        },
      ),
    );
  });

  it('never reads a retry phrase followed by a value or a booking as a bare retry', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CORES),
        fc.oneof(
          fc.integer({ min: 1, max: 100 }).map((n) => `for ${n}`),
          fc.integer({ min: 1000, max: 9999 }).map((n) => `on BK-${n}`),
          fc.constantFrom('tomorrow', 'at 4pm', 'with the Smith booking', 'but on Saturday'),
        ),
        (core, amendment) => {
          expect(retryKindOf(`${core} ${amendment}`)).toBe('amended');
        },
      ),
    );
  });

  it('never reads a negated retry phrase as a retry', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CORES),
        fc.constantFrom("don't", 'do not', 'no need to', 'never'),
        (core, neg) => {
          expect(retryKindOf(`${neg} ${core}`)).toBe('none');
        },
      ),
    );
  });

  it('leaves "start again" to the change of mind, which the planner checks first', () => {
    expect(isChangeOfMind('start again')).toBe(true);
  });
});
